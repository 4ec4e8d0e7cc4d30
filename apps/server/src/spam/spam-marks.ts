import { TicketEventType } from '@parsedesk/contracts'
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
