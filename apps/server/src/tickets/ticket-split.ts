import {
  TicketEventActor,
  TicketEventType,
  type TMessageRow,
  type TTicketAttributes,
  type TTicketRow,
} from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TTransaction } from '../db/database'
import { isAllowed } from '../documents/permissions'
import { recordTicketEvents } from './ticket-events'
import { lockTicket, updateLockedTicket } from './ticket-repository'

export const SplitMessages = {
  noMessage: 'names no message of your workspace',
  notCustomerMail: 'Only a customer’s mail can be split off into a ticket of its own',
} as const

export type TSplitTicketOptions = {
  auth: Extract<TAuth, { kind: 'user' }>
  /** The new ticket's id, as the client chose it. */
  id: string
  messageId: string
  /** Files the new ticket (numbered, logged `created`), as the ticket service files every ticket. */
  insertTicket(
    tx: TTransaction,
    ticket: Pick<TTicketAttributes, 'teamId' | 'email' | 'subject' | 'body' | 'rawJson' | 'mailboxId'>,
  ): Promise<TTicketRow>
}

/**
 * Splits a customer's message off its ticket into a new ticket, in `tx`: the same requester, the message's
 * subject and text as its first mail, the message's attachments, raw mail and Message-ID with it (an
 * answer to that mail now threads onto the new ticket), and a `split` event on both tickets. The message
 * leaves the old conversation: it is the new ticket's first mail now. Returns both tickets.
 */
export async function splitTicket(
  tx: TTransaction,
  options: TSplitTicketOptions,
): Promise<{ source: TTicketRow; created: TTicketRow }> {
  const { rows } = await tx.query<TMessageRow>('select * from messages where id = $1', [options.messageId])
  const message = rows[0]
  if (!message || !isAllowed(message.permissions, 'read', options.auth.roles)) {
    throw AppError.invalidStructure(`Attribute "splitFrom" ${SplitMessages.noMessage}`)
  }
  if (message.direction !== 'inbound') throw AppError.invalidStructure(SplitMessages.notCustomerMail)
  const current = await lockTicket(tx, message.ticketId)
  if (!current) throw AppError.invalidStructure(`Attribute "splitFrom" ${SplitMessages.noMessage}`)

  const inserted = await options.insertTicket(tx, {
    teamId: message.teamId,
    email: current.email,
    subject: message.subject,
    body: message.body,
    rawJson: message.rawJson,
    // The customer's conversation came in there, whichever of its mails starts the new ticket.
    mailboxId: current.mailboxId,
  })
  const created =
    current.requesterId && current.requesterId !== inserted.requesterId
      ? await updateLockedTicket(tx, inserted.id, { requesterId: current.requesterId })
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
  const source = await updateLockedTicket(tx, current.id, {})

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
