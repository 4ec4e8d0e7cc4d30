import { SLA_METRICS, TicketEventType, type TSlaMetric } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { valuesList } from '../db/values-list'
import type { TSlaPolicy } from '../sla/clock/ticket-sla'
import { findEventsOf, findPolicies, findSchedules, type TSchedules } from '../sla/sla-repository'
import { measureStored, type TStoredMeasure, type TStoredSla } from './report-rows'

/** A row of `report_rows` (migration 061) as read, beside its ticket. */
export type TStoredRow = {
  firstReplyMs: number | null
  firstReplyBusinessMs: number | null
  resolutionMs: number | null
  resolutionBusinessMs: number | null
  reopenCount: number
  resolved: boolean
  oneTouch: boolean
  closedAt: number[]
  reopenedAt: number[]
  sla: TSlaColumn
}

/**
 * The `sla` column (migration 059 on): the policy in force, and per target one number, -1 when met, else the
 * instant it breaches (0: breached already), null when neither. One number a target, because a report reads
 * every row's in SQL (report-counts.ts) and each JSON field read costs.
 */
export type TSlaColumn = { policyId?: string } & Partial<Record<TSlaMetric, number | null>>

export const MET = -1

function slaColumnOf(sla: Partial<Record<TSlaMetric, TStoredSla>>): TSlaColumn {
  const column: TSlaColumn = {}
  for (const [metric, result] of Object.entries(sla) as [TSlaMetric, TStoredSla][]) {
    column.policyId = result.policyId
    column[metric] = result.met ? MET : result.breachAt
  }
  return column
}

function slaOf(column: TSlaColumn): Partial<Record<TSlaMetric, TStoredSla>> {
  const sla: Partial<Record<TSlaMetric, TStoredSla>> = {}
  for (const metric of SLA_METRICS) {
    const value = column[metric]
    if (value === undefined || !column.policyId) continue
    sla[metric] = { met: value === MET, breachAt: value === MET ? null : value, policyId: column.policyId }
  }
  return sla
}

/** The columns a report reads, `r` being `report_rows`; all null when the ticket has no row yet. */
export const STORED_COLUMNS = `r."firstReplyMs", r."firstReplyBusinessMs", r."resolutionMs",
  r."resolutionBusinessMs", r."reopenCount", r."resolved", r."oneTouch", r."closedAt", r."reopenedAt", r."sla"`

const duration = (calendarMs: number | null, businessMs: number | null) =>
  calendarMs === null || businessMs === null ? null : { calendarMs, businessMs }

export const storedOf = (row: TStoredRow): TStoredMeasure => ({
  firstReply: duration(row.firstReplyMs, row.firstReplyBusinessMs),
  resolution: duration(row.resolutionMs, row.resolutionBusinessMs),
  reopenCount: row.reopenCount,
  resolved: row.resolved,
  oneTouch: row.oneTouch,
  closedAt: row.closedAt,
  reopenedAt: row.reopenedAt,
  sla: slaOf(row.sla),
})

export type TStoredTicket = { ticketId: string; teamId: string; measure: TStoredMeasure }

const WIDTH = 12
// 12 parameters a row, well under the 65,535 one statement may carry.
const BATCH = 2_000

/**
 * Writes the rows: `replace` for the events' own transaction (its measure is the newest), or keeps a row
 * already there when a report stores what it measured of a ticket with none (a row written meanwhile by
 * the ticket's events is newer than the report's reading).
 */
export async function writeStoredRows(
  db: TQueryable,
  rows: readonly TStoredTicket[],
  mode: 'replace' | 'keep',
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH)
    await db.query(
      `insert into report_rows ("ticketId", "teamId", "firstReplyMs", "firstReplyBusinessMs", "resolutionMs",
         "resolutionBusinessMs", "reopenCount", "resolved", "oneTouch", "closedAt", "reopenedAt", "sla")
       values ${valuesList(batch.length, WIDTH)}
       on conflict ("ticketId") do ${
         mode === 'keep'
           ? 'nothing'
           : `update set "firstReplyMs" = excluded."firstReplyMs",
         "firstReplyBusinessMs" = excluded."firstReplyBusinessMs", "resolutionMs" = excluded."resolutionMs",
         "resolutionBusinessMs" = excluded."resolutionBusinessMs", "reopenCount" = excluded."reopenCount",
         "resolved" = excluded."resolved", "oneTouch" = excluded."oneTouch", "closedAt" = excluded."closedAt",
         "reopenedAt" = excluded."reopenedAt", "sla" = excluded."sla", measured_at = now()`
       }`,
      batch.flatMap(({ ticketId, teamId, measure }) => [
        ticketId,
        teamId,
        measure.firstReply?.calendarMs ?? null,
        measure.firstReply?.businessMs ?? null,
        measure.resolution?.calendarMs ?? null,
        measure.resolution?.businessMs ?? null,
        measure.reopenCount,
        measure.resolved,
        measure.oneTouch,
        JSON.stringify(measure.closedAt),
        JSON.stringify(measure.reopenedAt),
        JSON.stringify(slaColumnOf(measure.sla)),
      ]),
    )
  }
}

type TWorkspace = { policies: readonly TSlaPolicy[]; schedules: TSchedules }

/**
 * Measures `ticketIds` again from their events and stores the rows, in the transaction of the events
 * that changed them (`recordTicketEvents`), so a report is never behind its tickets' events.
 */
export async function storeMeasuredRows(tx: TQueryable, ticketIds: readonly string[]): Promise<void> {
  const { rows: tickets } = await tx.query<{
    id: string
    teamId: string
    groupId: string | null
    mailboxId: string | null
    now: Date
  }>(
    `select id, "teamId", "groupId", "mailboxId", now() as now from tickets where id = any($1::text[])
     order by id`,
    [[...new Set(ticketIds)]],
  )
  if (tickets.length === 0) return
  const events = await findEventsOf(
    tx,
    tickets.map((ticket) => ticket.id),
  )
  const workspaces = new Map<string, TWorkspace>()
  const rows: TStoredTicket[] = []
  for (const ticket of tickets) {
    let workspace = workspaces.get(ticket.teamId)
    if (!workspace) {
      workspace = {
        policies: await findPolicies(tx, ticket.teamId),
        schedules: await findSchedules(tx, ticket.teamId),
      }
      workspaces.set(ticket.teamId, workspace)
    }
    const log = events.get(ticket.id)
    // A ticket whose log has no created event (written before the event log, or seeded straight into the
    // database) cannot be measured; its change must still be saved, so it simply gets no row.
    if (!log?.some((event) => event.type === TicketEventType.created)) continue
    rows.push({
      ticketId: ticket.id,
      teamId: ticket.teamId,
      measure: measureStored(log, ticket, workspace, ticket.now.getTime()),
    })
  }
  await writeStoredRows(tx, rows, 'replace')
}
