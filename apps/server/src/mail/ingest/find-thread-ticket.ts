import type { TTicketRow } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { findMergedDuplicates, findTicket, findTicketByNumber } from '../../tickets/ticket-repository'
import type { TThreadKeys } from '../parse'
import { bareAddress } from '../parse/email-addresses'

/**
 * How a mail relates to a ticket of the workspace. `thread`: it joins the conversation, `by` a Message-ID we
 * issued (random, known only to whoever was sent the conversation), or by the customer's own earlier mail
 * there or its `[#number]` subject tag from the requester or an address on the ticket's copies. `stranger`:
 * it names the ticket by a number anyone can type or a customer's Message-ID someone may guess, so it opens
 * a ticket of its own (decision 024).
 */
export type TThreadMatch =
  | { kind: 'thread'; ticket: TTicketRow; reason: string; by: 'message-id' | 'subject-tag' }
  | { kind: 'stranger'; ticket: TTicketRow }

/** Whether the address is the ticket's requester or one of its copies: who its replies already reach. */
function isOnTicket(ticket: Pick<TTicketRow, 'email' | 'cc'>, address: string): boolean {
  const sender = bareAddress(address)
  return bareAddress(ticket.email) === sender || ticket.cc.includes(sender)
}

/**
 * Whether the address is on the ticket or on a duplicate merged into it: a merge moves the duplicate's
 * Message-IDs here, and its requester answering their own mail still belongs to the conversation.
 */
async function knowsConversation(tx: TQueryable, ticket: TTicketRow, address: string): Promise<boolean> {
  if (isOnTicket(ticket, address)) return true
  const merged = await findMergedDuplicates(tx, ticket)
  return merged.some((duplicate) => isOnTicket(duplicate, address))
}

/**
 * The workspace's ticket this mail answers: In-Reply-To first, then References newest first (both matched
 * against Message-IDs of the ticket's conversation), then a `[#<ticket>]` subject tag.
 */
export async function findThreadTicket(
  tx: TQueryable,
  options: { teamId: string; keys: TThreadKeys; senderAddress: string },
): Promise<TThreadMatch | undefined> {
  const { keys, teamId } = options
  const candidates = [keys.inReplyTo, ...[...keys.references].reverse()].filter(
    (id): id is string => !!id && id !== keys.messageId,
  )
  // The first ticket a customer's Message-ID named for a sender not on it: theirs is a ticket of its own.
  let guessed: TTicketRow | undefined
  if (candidates.length > 0) {
    // `ours`: a reply's Message-ID, random and known only to whom it was sent. A customer's own may be
    // guessable (a counter, a timestamp), so it threads only its requester or an address on its copies.
    const { rows } = await tx.query<{ message_id: string; ticket_id: string; ours: boolean }>(
      `select t.message_id, t.ticket_id,
         exists (select 1 from outbox o where o."messageId" = '<' || t.message_id || '>') as ours
       from mail_thread_ids t where t.team_id = $1 and t.message_id = any($2::text[])`,
      [teamId, candidates],
    )
    for (const candidate of candidates) {
      const hit = rows.find((r) => r.message_id === candidate)
      const ticket = hit && (await findTicket(tx, hit.ticket_id))
      if (ticket && ticket.teamId === teamId) {
        // A later References entry may still be ours (a colleague answering the customer's answer).
        if (!hit.ours && !(await knowsConversation(tx, ticket, options.senderAddress))) {
          guessed ??= ticket
          continue
        }
        const header = candidate === keys.inReplyTo ? 'In-Reply-To' : 'References'
        return { kind: 'thread', ticket, reason: `${header} <${candidate}>`, by: 'message-id' }
      }
    }
  }
  if (keys.ticketTag) {
    const tagged = await findTaggedTicket(tx, teamId, keys.ticketTag)
    if (tagged && tagged.teamId === teamId) {
      const target = await followMerge(tx, tagged)
      // The duplicate's requester answering its old tag is known on the ticket it was merged into too.
      if (!isOnTicket(tagged, options.senderAddress) && !isOnTicket(target, options.senderAddress))
        return { kind: 'stranger', ticket: target }
      const merged = target === tagged ? '' : `, merged into #${target.number}`
      return {
        kind: 'thread',
        ticket: target,
        reason: `subject tag [#${keys.ticketTag}]${merged}`,
        by: 'subject-tag',
      }
    }
  }
  return guessed && { kind: 'stranger', ticket: guessed }
}

/**
 * A duplicate merged into another ticket passes its mail on: its Message-IDs moved with the merge, and its
 * `[#number]` tag, still in the subjects the customer answers, now leads to the ticket it was merged into.
 */
async function followMerge(tx: TQueryable, ticket: TTicketRow): Promise<TTicketRow> {
  const into = ticket.mergedIntoId
  if (into === null) return ticket
  const target = await findTicket(tx, into)
  return target && target.teamId === ticket.teamId ? target : ticket
}

/** `[#1042]` names the workspace's ticket number 1042 (what replies carry); any other tag, a ticket id. */
function findTaggedTicket(tx: TQueryable, teamId: string, tag: string): Promise<TTicketRow | undefined> {
  return /^\d{1,9}$/.test(tag) ? findTicketByNumber(tx, teamId, Number(tag)) : findTicket(tx, tag)
}
