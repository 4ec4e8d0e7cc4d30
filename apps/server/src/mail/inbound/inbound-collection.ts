import { CollectionId } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../../core/app-error'
import type { TCollectionDefinition } from '../../documents/collection'

/**
 * Every delivery and what became of it (ticket, thread message, duplicate, auto-reply, bounce, loop or
 * rejected, with the reason), readable by the mailbox's owner; written only by the server.
 */
export function createInboundCollection(): TCollectionDefinition {
  return {
    id: CollectionId.inbound,
    table: 'inbound_emails',
    attributes: {
      mailboxId: { column: 'mailboxId', type: 'string' },
      channel: { column: 'channel', type: 'string' },
      externalId: { column: 'externalId', type: 'string' },
      size: { column: 'size', type: 'integer' },
      envelopeFrom: { column: 'envelopeFrom', type: 'string' },
      duplicateOf: { column: 'duplicateOf', type: 'string' },
      status: { column: 'status', type: 'string' },
      reason: { column: 'reason', type: 'string' },
      from: { column: 'from', type: 'string' },
      subject: { column: 'subject', type: 'string' },
      messageId: { column: 'messageId', type: 'string' },
      ticketId: { column: 'ticketId', type: 'string' },
      threadMessageId: { column: 'threadMessageId', type: 'string' },
      processedAt: { column: 'processedAt', type: 'datetime' },
    },
    createSchema: z.object({}).strict(),
    updateSchema: z.object({}).strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: () => false,
    async prepareCreate() {
      throw AppError.forbidden()
    },
  }
}
