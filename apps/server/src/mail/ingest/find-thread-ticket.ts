import type { TQueryable } from '../../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../../documents/collection'
import { findDocument } from '../../documents/document-repository'
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
  | { kind: 'thread'; ticket: TDocumentRow; reason: string; by: 'message-id' | 'subject-tag' }
  | { kind: 'stranger'; ticket: TDocumentRow }

/** Whether the address is the ticket's requester or one of its copies: who its replies already reach. */
function isOnTicket(ticket: TDocumentRow, address: string): boolean {
  const sender = bareAddress(address)
  const copies = (ticket.cc as string[] | undefined) ?? []
  return bareAddress(String(ticket.email)) === sender || copies.includes(sender)
}

/**
 * Whether the address is on the ticket or on a duplicate merged into it: a merge moves the duplicate's
 * Message-IDs here, and its requester answering their own mail still belongs to the conversation.
 */
async function knowsConversation(tx: TQueryable, ticket: TDocumentRow, address: string): Promise<boolean> {
  if (isOnTicket(ticket, address)) return true
  const { rows } = await tx.query<TDocumentRow>(
    'select email, cc from tickets where "mergedIntoId" = $1 and "teamId" = $2',
    [ticket.id, ticket.teamId],
  )
  return rows.some((merged) => isOnTicket(merged, address))
}

/**
 * The workspace's ticket this mail answers: In-Reply-To first, then References newest first (both matched
 * against Message-IDs of the ticket's conversation), then a `[#<ticket>]` subject tag.
 */
export async function findThreadTicket(
  tx: TQueryable,
  options: { tickets: TCollectionDefinition; teamId: string; keys: TThreadKeys; senderAddress: string },
): Promise<TThreadMatch | undefined> {
  const { keys, teamId } = options
  const candidates = [keys.inReplyTo, ...[...keys.references].reverse()].filter(
    (id): id is string => !!id && id !== keys.messageId,
  )
  // The first ticket a customer's Message-ID named for a sender not on it: theirs is a ticket of its own.
  let guessed: TDocumentRow | undefined
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
      const ticket = hit && (await findDocument(tx, options.tickets, hit.ticket_id))
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
    const tagged = await findTaggedTicket(tx, options.tickets, teamId, keys.ticketTag)
    if (tagged && tagged.teamId === teamId) {
      const target = await followMerge(tx, options.tickets, tagged)
      // The duplicate's requester answering its old tag is known on the ticket it was merged into too.
      if (!isOnTicket(tagged, options.senderAddress) && !isOnTicket(target, options.senderAddress))
        return { kind: 'stranger', ticket: target }
      const merged = target === tagged ? '' : `, merged into #${String(target.number)}`
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
async function followMerge(
  tx: TQueryable,
  tickets: TCollectionDefinition,
  ticket: TDocumentRow,
): Promise<TDocumentRow> {
  const into = ticket.mergedIntoId
  if (typeof into !== 'string') return ticket
  const target = await findDocument(tx, tickets, into)
  return target && target.teamId === ticket.teamId ? target : ticket
}

/** `[#1042]` names the workspace's ticket number 1042 (what replies carry); any other tag, a ticket id. */
async function findTaggedTicket(
  tx: TQueryable,
  tickets: TCollectionDefinition,
  teamId: string,
  tag: string,
): Promise<TDocumentRow | undefined> {
  if (!/^\d{1,9}$/.test(tag)) return findDocument(tx, tickets, tag)
  const { rows } = await tx.query<TDocumentRow>(
    'select * from tickets where "teamId" = $1 and "number" = $2',
    [teamId, Number(tag)],
  )
  return rows[0]
}
