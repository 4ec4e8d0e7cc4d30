import { SLA_METRICS, type TSlaClockState, type TSlaMetric } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { valuesList } from '../../db/values-list'
import { ticketSla } from '../clock/ticket-sla'
import { findEventsOf, findPolicies, findSchedules, type TSlaTicketRow } from '../sla-repository'
import { timelineOf } from '../ticket-sla-read'
import {
  alertCause,
  clockChanges,
  type TClockRecord,
  type TLedgerEntry,
  type TSlaAlertKind,
} from './clock-changes'

type TStoredRow = {
  ticketId: string
  metric: TSlaMetric
  runStart: Date
  policyId: string | null
  state: TSlaClockState
  targetMinutes: number
  businessHours: boolean
  dueAt: Date | null
  warnAt: Date | null
  warnedAt: Date | null
  breachedAt: Date | null
}

const ms = (at: Date | null) => (at === null ? null : at.getTime())
const date = (at: number | null) => (at === null ? null : new Date(at))

const recordOf = (row: TStoredRow): TClockRecord => ({
  runStart: row.runStart.getTime(),
  policyId: row.policyId,
  state: row.state,
  targetMinutes: row.targetMinutes,
  businessHours: row.businessHours,
  dueAt: ms(row.dueAt),
  warnAt: ms(row.warnAt),
  warnedAt: ms(row.warnedAt),
  breachedAt: ms(row.breachedAt),
})

/**
 * Only tickets of a workspace with SLA policies, or that have clocks, are derived: a workspace without
 * SLA pays one indexed statement per batch of events.
 */
async function ticketsWithSla(tx: TQueryable, ids: readonly string[]): Promise<TSlaTicketRow[]> {
  const { rows } = await tx.query<TSlaTicketRow>(
    `select t.id, t."teamId", t."groupId", t."mailboxId" from tickets t
     where t.id = any($1::text[])
       and (exists (select 1 from sla_policies p where p."teamId" = t."teamId")
         or exists (select 1 from sla_clocks c where c."ticketId" = t.id))
     order by t.id`,
    [ids],
  )
  return rows
}

type TLedgerRow = TLedgerEntry & { ticketId: string; teamId: string; metric: TSlaMetric }
type TClockWrite = { ticketId: string; teamId: string; metric: TSlaMetric; next: TClockRecord | null }
type TAlert = { ticketId: string; kind: TSlaAlertKind; cause: string }

/**
 * Derives the SLA clocks of `ticketIds` at `now` (the transaction's time when not given) with the same
 * function the badges read (`ticketSla`), and writes only what changed: ledger rows, the clocks' records,
 * and the 75% and breach notifications to the assignee and the ticket's group (decision 063). Run in the
 * transaction of the ticket events that changed them, and by the minute's alerts job for clocks that ran
 * out with no event. The clocks' records are locked first, so two writers of one ticket take turns.
 */
export async function reconcileTicketSla(
  tx: TQueryable,
  ticketIds: readonly string[],
  now?: number,
): Promise<void> {
  const tickets = await ticketsWithSla(tx, [...new Set(ticketIds)])
  if (tickets.length === 0) return
  const ids = tickets.map((ticket) => ticket.id)
  const at =
    now ?? (await tx.query<{ now: Date }>('select now() as now')).rows[0]?.now.getTime() ?? Date.now()
  const { rows: storedRows } = await tx.query<TStoredRow>(
    `select * from sla_clocks where "ticketId" = any($1::text[]) order by "ticketId", "metric" for update`,
    [ids],
  )
  const stored = new Map(storedRows.map((row) => [`${row.ticketId}/${row.metric}`, recordOf(row)]))
  const events = await findEventsOf(tx, ids)
  const workspaces = new Map<
    string,
    Promise<[Awaited<ReturnType<typeof findPolicies>>, Awaited<ReturnType<typeof findSchedules>>]>
  >()
  const workspaceOf = (teamId: string) => {
    let loaded = workspaces.get(teamId)
    if (!loaded) {
      loaded = Promise.all([findPolicies(tx, teamId), findSchedules(tx, teamId)])
      workspaces.set(teamId, loaded)
    }
    return loaded
  }

  const ledger: TLedgerRow[] = []
  const writes: TClockWrite[] = []
  const alerts: TAlert[] = []
  for (const ticket of tickets) {
    const [policies, schedules] = await workspaceOf(ticket.teamId)
    const schedule = (ticket.groupId && schedules.byGroup.get(ticket.groupId)) || schedules.fallback
    const sla = ticketSla(events.get(ticket.id) ?? [], ticket.mailboxId, policies, at, timelineOf(schedule))
    for (const metric of SLA_METRICS) {
      const clock = sla.clocks[metric] ?? null
      const changes = clockChanges(stored.get(`${ticket.id}/${metric}`) ?? null, clock, sla.policyId, at)
      const where = { ticketId: ticket.id, teamId: ticket.teamId, metric }
      for (const entry of changes.ledger) ledger.push({ ...where, ...entry })
      if (changes.changed) writes.push({ ...where, next: changes.next })
      for (const kind of changes.alerts)
        if (clock)
          alerts.push({ ticketId: ticket.id, kind, cause: alertCause(kind, ticket.id, metric, clock.start) })
    }
  }
  await appendLedger(tx, ledger)
  await writeClocks(tx, writes)
  await notifyAlerts(tx, alerts)
}

async function appendLedger(tx: TQueryable, rows: readonly TLedgerRow[]): Promise<void> {
  if (rows.length === 0) return
  await tx.query(
    `insert into sla_ledger ("ticketId", "teamId", "metric", "kind", "at", "runStart", "policyId",
       "targetMinutes", "businessHours", "usedMs", "dueAt")
     values ${valuesList(rows.length, 11)}`,
    rows.flatMap((row) => [
      row.ticketId,
      row.teamId,
      row.metric,
      row.kind,
      date(row.at),
      date(row.runStart),
      row.policyId,
      row.targetMinutes,
      row.businessHours,
      row.usedMs,
      date(row.dueAt),
    ]),
  )
}

async function writeClocks(tx: TQueryable, writes: readonly TClockWrite[]): Promise<void> {
  const gone = writes.filter((write) => write.next === null)
  for (const write of gone)
    await tx.query(`delete from sla_clocks where "ticketId" = $1 and "metric" = $2`, [
      write.ticketId,
      write.metric,
    ])
  const kept = writes.flatMap((write) => (write.next ? [{ ...write, next: write.next }] : []))
  if (kept.length === 0) return
  await tx.query(
    `insert into sla_clocks ("ticketId", "teamId", "metric", "runStart", "policyId", "state", "targetMinutes",
       "businessHours", "dueAt", "warnAt", "warnedAt", "breachedAt")
     values ${valuesList(kept.length, 12)}
     on conflict ("ticketId", "metric") do update set
       "runStart" = excluded."runStart", "policyId" = excluded."policyId", "state" = excluded."state",
       "targetMinutes" = excluded."targetMinutes", "businessHours" = excluded."businessHours",
       "dueAt" = excluded."dueAt", "warnAt" = excluded."warnAt", "warnedAt" = excluded."warnedAt",
       "breachedAt" = excluded."breachedAt"`,
    kept.flatMap(({ ticketId, teamId, metric, next }) => [
      ticketId,
      teamId,
      metric,
      date(next.runStart),
      next.policyId,
      next.state,
      next.targetMinutes,
      next.businessHours,
      date(next.dueAt),
      date(next.warnAt),
      date(next.warnedAt),
      date(next.breachedAt),
    ]),
  )
}

/**
 * The ticket's assignee and its group's members each get one notification per alert (the database's
 * `notify_member` of migration 045: confirmed members only, once per cause), announced by the bell and
 * mail as every notification is.
 */
async function notifyAlerts(tx: TQueryable, alerts: readonly TAlert[]): Promise<void> {
  if (alerts.length === 0) return
  await tx.query(
    `select notify_member(r.member, a.kind, t.id, null, a.cause)
     from unnest($1::text[], $2::text[], $3::text[]) as a(ticket, kind, cause)
     join tickets t on t.id = a.ticket
     cross join lateral (
       select t."assigneeId" as member
       union
       select jsonb_array_elements_text(g."memberIds") from groups g where g.id = t."groupId"
     ) r`,
    [
      alerts.map((alert) => alert.ticketId),
      alerts.map((alert) => alert.kind),
      alerts.map((alert) => alert.cause),
    ],
  )
}
