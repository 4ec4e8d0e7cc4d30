import { TicketEventType, type TTicketRow, UntrustedMailReason } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

/**
 * Of `ticketIds`, those whose last `spam` event says "not spam": a member overruled the spam verdict, and
 * the analysis must not file them as spam again. One statement for a batch.
 */
export async function findTicketsMarkedNotSpam(db: TQueryable, ticketIds: string[]): Promise<Set<string>> {
  if (ticketIds.length === 0) return new Set()
  const { rows } = await db.query<{ ticketId: string }>(
    `select "ticketId" from (
       select distinct on ("ticketId") "ticketId", "after" from ticket_events
       where "ticketId" = any($1::text[]) and "type" = $2 order by "ticketId", seq desc
     ) last where ("after" ->> 'spam') = 'false'`,
    [ticketIds, TicketEventType.spam],
  )
  return new Set(rows.map((row) => row.ticketId))
}

/**
 * Of `tickets`, those from a sender their workspace trusts (a member marked one of its tickets not spam),
 * leaving out any whose mail failed DMARC: its From may be forged. One statement for a batch.
 */
export async function findTicketsFromTrustedSenders(
  db: TQueryable,
  tickets: Pick<TTicketRow, 'id' | 'teamId' | 'email'>[],
): Promise<Set<string>> {
  const withSender = tickets.filter((ticket) => ticket.email)
  if (withSender.length === 0) return new Set()
  const { rows } = await db.query<{ id: string }>(
    `select s.id from unnest($1::text[], $2::text[], $3::text[]) as s(id, team_id, address)
     join trusted_senders t on t.team_id = s.team_id and t.address = s.address
     where not exists (
       select 1 from ticket_events e
       where e."ticketId" = s.id and e."type" = $4 and (e."after" ->> 'reason') = $5
     )`,
    [
      withSender.map((ticket) => ticket.id),
      withSender.map((ticket) => ticket.teamId),
      withSender.map((ticket) => ticket.email.trim().toLowerCase()),
      TicketEventType.untrustedMail,
      UntrustedMailReason.dmarcFail,
    ],
  )
  return new Set(rows.map((row) => row.id))
}
