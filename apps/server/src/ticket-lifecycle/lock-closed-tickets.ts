import {
  LifecycleSettings,
  TicketEventActor,
  TicketEventType,
  TicketStatus,
  type TTicketRow,
} from '@parsedesk/contracts'
import type { TDatabase, TQueryable, TTransaction } from '../db/database'
import { closingsBetween, latestStatusEvent, workspaceNumber } from '../tickets/status-clock'
import { recordTicketEvents } from '../tickets/ticket-events'
import { findTicket } from '../tickets/ticket-repository'

const { lockClosedAfterDays } = LifecycleSettings
// Tickets one run locks at most; the next run takes the rest.
const BATCH = 1000
// The schedule logs a lock within this long of its time; a ticket whose time passed longer ago (the worker
// was down, the feature just arrived) is locked all the same: ingest applies the rule itself.
const CATCH_UP = '7 days'
const lockDays = `make_interval(days => ${workspaceNumber(lockClosedAfterDays.pref, lockClosedAfterDays.default)})`

/**
 * Logs the locks of tickets closed for their workspace's N days at `now` (decision 057): from then on
 * the customer's mail opens a follow-up ticket instead of reopening them. A lock holds for the closing it
 * followed: a member may still reopen the ticket, and closed again it is locked again N days later.
 * Idempotent (one row per ticket, naming the closing it follows). Reads only the closings of the last
 * week's due stretch of each workspace. Answers how many it locked.
 */
export async function lockClosedTickets(
  deps: { db: TDatabase; announceUpdated(rows: TTicketRow[]): Promise<void> },
  now: Date,
): Promise<number> {
  const locked = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ ticketId: string; teamId: string; closedAt: Date }>(
      `with due as (
         select t.id, t."teamId", c."since" from teams tm
         cross join lateral ${closingsBetween(`$1::timestamptz - ${lockDays} - interval '${CATCH_UP}'`, `$1::timestamptz - ${lockDays}`)} c
         join tickets t on t.id = c."ticketId"
         where t.status = 'closed'
           and not exists (select 1 from ticket_locks l where l."ticketId" = t.id and l."closedAt" = c."since")
         order by c."since" limit ${BATCH}
       ), locked as (
         insert into ticket_locks ("ticketId", "closedAt", "lockedAt") select id, "since", $1 from due
         on conflict ("ticketId") do update set "closedAt" = excluded."closedAt", "lockedAt" = excluded."lockedAt"
         returning "ticketId"
       )
       select d.id as "ticketId", d."teamId", d."since" as "closedAt" from due d
       join locked l on l."ticketId" = d.id`,
      [now],
    )
    await recordTicketEvents(
      tx,
      rows.map((row) => ({
        ...{ ticketId: row.ticketId, teamId: row.teamId, actorType: TicketEventActor.system, actorId: null },
        ...{ type: TicketEventType.locked, before: null, after: { closedAt: row.closedAt.toISOString() } },
      })),
    )
    return rows
  })
  await announceTickets(
    deps,
    locked.map((row) => row.ticketId),
  )
  return locked.length
}

/** After a commit that logged events on tickets: their update events, so open ticket pages read them. */
export async function announceTickets(
  deps: { db: TDatabase; announceUpdated(rows: TTicketRow[]): Promise<void> },
  ticketIds: string[],
): Promise<void> {
  const rows: TTicketRow[] = []
  for (const id of ticketIds) {
    const row = await findTicket(deps.db, id)
    if (row) rows.push(row)
  }
  await deps.announceUpdated(rows)
}

/**
 * Whether a customer's mail to this ticket opens a follow-up instead (ingest asks, write-decisions.ts):
 * closed, and locked since its closing, or closed its workspace's N days ago whether or not the schedule
 * logged it yet.
 */
export async function isLockedTicket(tx: TQueryable, ticketId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from tickets t join teams tm on tm.id = t."teamId"
     cross join lateral ${latestStatusEvent(TicketStatus.closed)} c
     where t.id = $1 and t.status = 'closed'
       and (c."since" <= now() - ${lockDays}
         or exists (select 1 from ticket_locks l where l."ticketId" = t.id and l."closedAt" = c."since"))`,
    [ticketId],
  )
  return rows.length > 0
}

/** The follow-up `target` a customer's mail opened for the locked `source`: said on both tickets. */
export async function recordFollowUp(
  tx: TTransaction,
  input: { teamId: string; source: { id: string; number: number }; target: { id: string; number: number } },
): Promise<void> {
  const after = {
    ...{ source: input.source.id, target: input.target.id },
    ...{ sourceNumber: input.source.number, targetNumber: input.target.number },
  }
  const common = { teamId: input.teamId, actorType: TicketEventActor.customer, actorId: null, before: null }
  await recordTicketEvents(tx, [
    { ...common, ticketId: input.source.id, type: TicketEventType.followUp, after },
    { ...common, ticketId: input.target.id, type: TicketEventType.followUp, after },
  ])
}
