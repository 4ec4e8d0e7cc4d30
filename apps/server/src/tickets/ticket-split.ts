import { TicketEventActor, TicketEventType, type TTicketAttributes } from '@parsedesk/contracts'
import { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import type { TDocumentRow } from '../documents/collection'
import { isAllowed } from '../documents/permissions'
import { recordTicketEvents } from './ticket-events'

export const SplitMessages = {
  noMessage: 'names no message of your workspace',
  notCustomerMail: 'Only a customer’s mail can be split off into a ticket of its own',
} as const

/** `createDocument('tickets', id, {splitFrom})`: the message a member splits off into the new ticket `id`. */
const ZTicketSplit = z.object({ splitFrom: z.string().min(1).max(36) }).strict()

export type TSplitRequest = z.infer<typeof ZTicketSplit>

export function isSplitRequest(data: Record<string, unknown>): data is TSplitRequest {
  return Object.hasOwn(data, 'splitFrom')
}

/**
 * The tickets collection's create schema with the split beside it: a create naming `splitFrom` is read as
 * a split (and nothing else may come with it), any other as `create` reads it, with its own messages.
 */
export function withSplitRequest(
  create: z.ZodType<Record<string, unknown>>,
): z.ZodType<Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).transform((data, ctx) => {
    const result = (isSplitRequest(data) ? ZTicketSplit : create).safeParse(data)
    if (result.success) return result.data
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: data } as never)
    return z.NEVER
  })
}

export type TSplitTicketOptions = {
  auth: Extract<TAuth, { kind: 'user' }>
  /** The new ticket's id, as the client chose it. */
  id: string
  messageId: string
  lockTicket(tx: TQueryable, id: string): Promise<TDocumentRow | undefined>
  /** Files the new ticket (numbered, logged `created`), as the ticket service files every ticket. */
  insertTicket(
    tx: TQueryable,
    ticket: Pick<TTicketAttributes, 'teamId' | 'email' | 'subject' | 'body' | 'rawJson' | 'mailboxId'>,
  ): Promise<TDocumentRow>
  update(tx: TQueryable, id: string, data: Record<string, unknown>): Promise<TDocumentRow>
}

type TMessageRow = TDocumentRow & {
  ticketId: string
  teamId: string
  direction: string
  subject: string
  body: string
  rawJson: Record<string, unknown> | null
  messageId: string | null
  inboundId: string | null
}

/**
 * Splits a customer's message off its ticket into a new ticket, in `tx`: the same requester, the message's
 * subject and text as its first mail, the message's attachments, raw mail and Message-ID with it (an
 * answer to that mail now threads onto the new ticket), and a `split` event on both tickets. The message
 * leaves the old conversation: it is the new ticket's first mail now. Returns both tickets.
 */
export async function splitTicket(
  tx: TQueryable,
  options: TSplitTicketOptions,
): Promise<{ source: TDocumentRow; created: TDocumentRow }> {
  const { rows } = await tx.query<TMessageRow>('select * from messages where id = $1', [options.messageId])
  const message = rows[0]
  if (!message || !isAllowed(message.permissions, 'read', options.auth.roles)) {
    throw AppError.invalidStructure(`Attribute "splitFrom" ${SplitMessages.noMessage}`)
  }
  if (message.direction !== 'inbound') throw AppError.invalidStructure(SplitMessages.notCustomerMail)
  const current = await options.lockTicket(tx, message.ticketId)
  if (!current) throw AppError.invalidStructure(`Attribute "splitFrom" ${SplitMessages.noMessage}`)

  const inserted = await options.insertTicket(tx, {
    teamId: message.teamId,
    email: String(current.email),
    subject: message.subject,
    body: message.body,
    rawJson: message.rawJson,
    // The customer's conversation came in there, whichever of its mails starts the new ticket.
    mailboxId: typeof current.mailboxId === 'string' ? current.mailboxId : null,
  })
  const created =
    current.requesterId && current.requesterId !== inserted.requesterId
      ? await options.update(tx, inserted.id, { requesterId: current.requesterId })
      : inserted
  await tx.query('update files set "ticketId" = $2, "threadMessageId" = null where "threadMessageId" = $1', [
    message.id,
    created.id,
  ])
  await tx.query('update inbound_emails set "ticketId" = $2 where id = $1', [message.inboundId, created.id])
  await tx.query('update mail_thread_ids set ticket_id = $3 where team_id = $1 and message_id = $2', [
    message.teamId,
    message.messageId,
    created.id,
  ])
  await tx.query('delete from messages where id = $1', [message.id])
  const source = await options.update(tx, current.id, {})

  const actor = { actorType: TicketEventActor.user, actorId: options.auth.user.id } as const
  const change = {
    type: TicketEventType.split,
    before: null,
    after: { source: current.id, target: created.id, message: message.id },
  } as const
  await recordTicketEvents(tx, [
    { ticketId: current.id, teamId: message.teamId, ...actor, ...change },
    { ticketId: created.id, teamId: message.teamId, ...actor, ...change },
  ])
  return { source, created }
}
