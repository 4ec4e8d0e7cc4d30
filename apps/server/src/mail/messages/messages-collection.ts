import { CollectionId } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../../core/app-error'
import type { TCollectionDefinition } from '../../documents/collection'
import type { TPermission } from '../../documents/permissions'

export const MESSAGE_ATTRIBUTES = {
  ticketId: { column: 'ticketId', type: 'string' },
  userId: { column: 'userId', type: 'string' },
  direction: { column: 'direction', type: 'string' },
  from: { column: 'from', type: 'string' },
  subject: { column: 'subject', type: 'string' },
  body: { column: 'body', type: 'string' },
  rawJson: { column: 'rawJson', type: 'json' },
  messageId: { column: 'messageId', type: 'string' },
  inboundId: { column: 'inboundId', type: 'string' },
  sentAt: { column: 'sentAt', type: 'datetime' },
  createdAt: { column: 'createdAt', type: 'datetime' },
} as const satisfies TCollectionDefinition['attributes']

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
