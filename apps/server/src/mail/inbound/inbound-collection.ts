import { CollectionId, ZInboundAttributes } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../../core/app-error'
import { attributeColumns } from '../../documents/attribute-columns'
import type { TCollectionDefinition } from '../../documents/collection'

/**
 * Every delivery and what became of it (ticket, thread message, duplicate, auto-reply, bounce, loop or
 * rejected, with the reason), readable by the mailbox's owner; written only by the server.
 */
export function createInboundCollection(): TCollectionDefinition {
  return {
    id: CollectionId.inbound,
    table: 'inbound_emails',
    attributes: attributeColumns(ZInboundAttributes),
    createSchema: z.object({}).strict(),
    updateSchema: z.object({}).strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: () => false,
    async prepareCreate() {
      throw AppError.forbidden()
    },
  }
}
