import { CollectionId, ZMessageAttributes } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../../core/app-error'
import { attributeColumns } from '../../documents/attribute-columns'
import type { TCollectionDefinition } from '../../documents/collection'
import type { TPermission } from '../../documents/permissions'

export const MESSAGE_ATTRIBUTES = attributeColumns(ZMessageAttributes)

export function messagePermissions(userId: string): TPermission[] {
  return [
    { action: 'read', role: `user:${userId}` },
    { action: 'delete', role: `user:${userId}` },
  ]
}

/**
 * A ticket's conversation after its first email: answers that arrived by mail (`direction` inbound),
 * listed with Query.equal('ticketId', id). The ticket's owner reads them; the server writes them.
 */
export function createMessagesCollection(): TCollectionDefinition {
  return {
    id: CollectionId.messages,
    table: 'messages',
    attributes: MESSAGE_ATTRIBUTES,
    createSchema: z.object({}).strict(),
    updateSchema: z.object({}).strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: () => false,
    async prepareCreate() {
      throw AppError.forbidden()
    },
  }
}
