import { CollectionId, ZOutboundMailAttributes } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../core/app-error'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition } from '../documents/collection'

export const OUTBOUND_MAIL_ATTRIBUTES = attributeColumns(ZOutboundMailAttributes)

/**
 * Every mail the product sent or could not send, with the relay's last answer: read-only, readable by
 * the roles its sender named; written only by the outbox (outbox/). Declared here, above the documents
 * API, because the outbox itself sits below accounts, which queue mail through it.
 */
export function createOutboxCollection(): TCollectionDefinition {
  return {
    id: CollectionId.outbox,
    table: 'outbox',
    attributes: OUTBOUND_MAIL_ATTRIBUTES,
    createSchema: z.object({}).strict(),
    updateSchema: z.object({}).strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: () => false,
    async prepareCreate() {
      throw AppError.forbidden()
    },
  }
}
