import type { TicketStatus } from '@parsedesk/contracts'

/**
 * The latest status event that moved a ticket to a status: when it happened and who did it. Used as a
 * lateral join on `tickets t` (`cross join lateral (...) s`), so the clocks run from the ticket's own log
 * (decision 057) and a ticket reopened and closed again starts a new spell.
 */
export function latestStatusEvent(status: (typeof TicketStatus)[keyof typeof TicketStatus]): string {
  return `(select e.created_at as "since", e."actorType", e."actorId" from ticket_events e
    where e."ticketId" = t.id and e."type" = 'status' and e."after" = '"${status}"'::jsonb
    order by e.created_at desc limit 1)`
}

/**
 * The closings of workspace `tm` (status events into `closed`) after `from` and at or before `to` (SQL
 * expressions of `tm`), each its ticket's latest: a lateral join on `teams tm` that reads only that
 * stretch of the partial index `ticket_events_closings_idx` (migration 050), however many tickets the
 * workspace closed before. Columns: `ticketId`, `since`, `actorType`, `actorId`.
 */
export function closingsBetween(from: string, to: string): string {
  return `(select e."ticketId", e.created_at as "since", e."actorType", e."actorId" from ticket_events e
    where e."teamId" = tm.id and e."type" = 'status' and e."after" = '"closed"'::jsonb
      and e.created_at > ${from} and e.created_at <= ${to}
      and not exists (select 1 from ticket_events later where later."ticketId" = e."ticketId"
        and later."type" = 'status' and later."after" = '"closed"'::jsonb and later.created_at > e.created_at))`
}

/**
 * A workspace's whole number preference `pref` in SQL, `fallback` when it is unset or not a number
 * (the server validates it on write; an older value is read the same careful way).
 */
export function workspaceNumber(pref: string, fallback: number): string {
  return `coalesce(case when jsonb_typeof(tm.prefs -> '${pref}') = 'number'
    then (tm.prefs ->> '${pref}')::int end, ${fallback})`
}
