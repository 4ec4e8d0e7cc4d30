import { z } from 'zod'
import { TICKET_STATUSES, TicketLimits } from './tickets'

/** What became of one inbound email; `received` until the ingest job has decided. */
export const InboundStatus = {
  received: 'received',
  ticket: 'ticket',
  threadMessage: 'thread-message',
  duplicate: 'duplicate',
  autoReply: 'auto-reply',
  bounce: 'bounce',
  loop: 'loop',
  rejected: 'rejected',
} as const
export const INBOUND_STATUSES = [
  'received',
  'ticket',
  'thread-message',
  'duplicate',
  'auto-reply',
  'bounce',
  'loop',
  'rejected',
] as const
export type TInboundStatus = (typeof INBOUND_STATUSES)[number]

/** How an email reached us; webhooks and IMAP name their provider. */
export const INBOUND_CHANNELS = [
  'smtp',
  'webhook-postmark',
  'webhook-mailgun',
  'webhook-sendgrid',
  'webhook-raw',
  'imap',
] as const
export type TInboundChannel = (typeof INBOUND_CHANNELS)[number]

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const
export type TMessageDirection = (typeof MESSAGE_DIRECTIONS)[number]

/** Counters on a mailbox document, one per final outcome, plus every delivery received. */
export const ZMailboxCounts = z.object({
  received: z.number().int(),
  tickets: z.number().int(),
  threadMessages: z.number().int(),
  duplicates: z.number().int(),
  autoReplies: z.number().int(),
  bounces: z.number().int(),
  loops: z.number().int(),
  rejected: z.number().int(),
})
export type TMailboxCounts = z.infer<typeof ZMailboxCounts>

/** The one update a client may send to its mailbox: a new address (and webhook secret) in place of the old. */
export const ZMailboxRegenerate = z.object({ regenerate: z.literal(true) }).strict()

/** Header our own outgoing mail carries, so that mail coming back to a parsing address is seen as a loop. */
export const LOOP_HEADER = 'X-Parsedesk-Loop'

/** An inbound delivery as stored (collection `inbound`), written only by the server. */
export const ZInboundAttributes = z.object({
  mailboxId: z.string(),
  teamId: z.string(),
  channel: z.enum(INBOUND_CHANNELS),
  externalId: z.string().nullable(),
  size: z.number().int(),
  envelopeFrom: z.string().nullable(),
  duplicateOf: z.string().nullable(),
  status: z.enum(INBOUND_STATUSES),
  reason: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  messageId: z.string().nullable(),
  ticketId: z.string().nullable(),
  threadMessageId: z.string().nullable(),
  processedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type TInboundAttributes = z.infer<typeof ZInboundAttributes>

/** A parsing mailbox as stored (collection `mailboxes`): its address, webhook secret and counters. */
export const ZMailboxAttributes = ZMailboxCounts.extend({
  address: z.string(),
  /** Who set the mailbox up; the workspace (`teamId`) owns it. */
  userId: z.string(),
  teamId: z.string(),
  webhookSecret: z.string(),
})
export type TMailboxAttributes = z.infer<typeof ZMailboxAttributes>

/** A message of a ticket's conversation after its first email (collection `messages`). */
export const ZMessageAttributes = z.object({
  ticketId: z.string(),
  userId: z.string(),
  teamId: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  from: z.string(),
  subject: z.string(),
  body: z.string(),
  rawJson: z.record(z.string(), z.unknown()).nullable(),
  messageId: z.string().nullable(),
  inboundId: z.string().nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type TMessageAttributes = z.infer<typeof ZMessageAttributes>

/**
 * A member's reply to a ticket's requester (collection `messages`, create): mailed through the outbox
 * from the workspace's address, threaded onto the customer's last mail; `status` sets the ticket's status
 * in the same step ("Send and set pending").
 */
export const ZReplyCreate = z
  .object({
    ticketId: z.string().min(1).max(36),
    body: z.string().trim().min(1, 'Write the reply first').max(TicketLimits.body),
    status: z.enum(TICKET_STATUSES).optional(),
  })
  .strict()
export type TReplyCreate = z.infer<typeof ZReplyCreate>

export const ReplyMessages = {
  requesterUnreachable: "This ticket's requester address is not one mail can be sent to: correct it first",
} as const
