import type { TQueryable } from '../../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../../documents/collection'
import { findDocument } from '../../documents/document-repository'
import type { TThreadKeys } from '../parse'

export type TThreadMatch = { ticket: TDocumentRow; reason: string }

function domainOf(address: string): string {
  return address.split('@').pop()?.toLowerCase() ?? ''
}

/**
 * The workspace's ticket this mail answers: In-Reply-To first, then References newest first (both matched
 * against Message-IDs of the ticket's conversation), then a `[#<ticket>]` subject tag, trusted only when
 * the sender's domain is the ticket's, so a stranger cannot post into someone else's conversation.
 */
export async function findThreadTicket(
  tx: TQueryable,
  options: { tickets: TCollectionDefinition; teamId: string; keys: TThreadKeys; senderAddress: string },
): Promise<TThreadMatch | undefined> {
  const { keys, teamId } = options
  const candidates = [keys.inReplyTo, ...[...keys.references].reverse()].filter(
    (id): id is string => !!id && id !== keys.messageId,
  )
  if (candidates.length > 0) {
    const { rows } = await tx.query<{ message_id: string; ticket_id: string }>(
      'select message_id, ticket_id from mail_thread_ids where team_id = $1 and message_id = any($2::text[])',
      [teamId, candidates],
    )
    for (const candidate of candidates) {
      const hit = rows.find((r) => r.message_id === candidate)
      const ticket = hit && (await findDocument(tx, options.tickets, hit.ticket_id))
      if (ticket && ticket.teamId === teamId) {
        const header = candidate === keys.inReplyTo ? 'In-Reply-To' : 'References'
        return { ticket, reason: `${header} <${candidate}>` }
      }
    }
  }
  if (keys.ticketTag) {
    const ticket = await findTaggedTicket(tx, options.tickets, teamId, keys.ticketTag)
    if (
      ticket &&
      ticket.teamId === teamId &&
      domainOf(String(ticket.email)) === domainOf(options.senderAddress)
    ) {
      return followMerge(tx, options.tickets, { ticket, reason: `subject tag [#${keys.ticketTag}]` })
    }
  }
  return undefined
}

/**
 * A duplicate merged into another ticket passes its mail on: its Message-IDs moved with the merge, and its
 * `[#number]` tag, still in the subjects the customer answers, now leads to the ticket it was merged into.
 */
async function followMerge(
  tx: TQueryable,
  tickets: TCollectionDefinition,
  match: TThreadMatch,
): Promise<TThreadMatch> {
  const into = match.ticket.mergedIntoId
  if (typeof into !== 'string') return match
  const target = await findDocument(tx, tickets, into)
  if (!target || target.teamId !== match.ticket.teamId) return match
  return { ticket: target, reason: `${match.reason}, merged into #${String(target.number)}` }
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
