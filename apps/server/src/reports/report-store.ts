import { SLA_METRICS, SlaMetric, type TSatisfactionRating, type TSlaMetric } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { valuesList } from '../db/values-list'
import type { TSlaPolicy } from '../sla/clock/ticket-sla'
import { findEventsOf, findPolicies, findSchedules, type TSchedules } from '../sla/sla-repository'
import { measureStored, type TStoredMeasure, type TStoredSla } from './report-rows'

/**
 * Per SLA target, its column of `report_rows` (migration 062): -1 when met (`MET`), else the instant it
 * breaches (0: breached already), null when neither. One typed number a target, because a report reads every
 * row's in SQL (report-measured-sql.ts) and each field read out of JSON cost as much as the row.
 */
export const SLA_COLUMNS: Record<TSlaMetric, 'firstReplySla' | 'nextReplySla' | 'resolutionSla'> = {
  [SlaMetric.firstReply]: 'firstReplySla',
  [SlaMetric.nextReply]: 'nextReplySla',
  [SlaMetric.resolution]: 'resolutionSla',
}

/** A row of `report_rows` (migrations 061, 062) as read, beside its ticket. */
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
  /** The policy whose targets the SLA columns hold; null when none applies. */
  policyId: string | null
  rating: TSatisfactionRating | null
} & Record<(typeof SLA_COLUMNS)[TSlaMetric], number | null>

export const MET = -1

const slaValue = (result: TStoredSla | undefined) =>
  result === undefined ? null : result.met ? MET : result.breachAt

function policyOf(sla: Partial<Record<TSlaMetric, TStoredSla>>): string | null {
  for (const result of Object.values(sla)) if (result) return result.policyId
  return null
}

/**
 * A target stored as null had no result (none, or one neither met nor running): both count nowhere, and the
 * policy still names the ticket's.
 */
function slaOf(row: TStoredRow): Partial<Record<TSlaMetric, TStoredSla>> {
  const sla: Partial<Record<TSlaMetric, TStoredSla>> = {}
  if (row.policyId === null) return sla
  for (const metric of SLA_METRICS) {
    const value = row[SLA_COLUMNS[metric]]
    sla[metric] = { met: value === MET, breachAt: value === MET ? null : value, policyId: row.policyId }
  }
  return sla
}

/** The columns a report reads, `r` being `report_rows`; all null when the ticket has no row yet. */
export const STORED_COLUMNS = `r."firstReplyMs", r."firstReplyBusinessMs", r."resolutionMs",
  r."resolutionBusinessMs", r."reopenCount", r."resolved", r."oneTouch", r."closedAt", r."reopenedAt",
  r."policyId", r.rating, ${SLA_METRICS.map((metric) => `r."${SLA_COLUMNS[metric]}"`).join(', ')}`

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
  sla: slaOf(row),
  rating: row.rating,
})

/** A ticket's measure, with its creation: a report of the tickets created in a period reads rows by it. */
export type TStoredTicket = { ticketId: string; teamId: string; createdAt: Date; measure: TStoredMeasure }

const WIDTH = 14 + SLA_METRICS.length
// 17 parameters a row (the ticket's 14, one a target), well under the 65,535 one statement may carry.
const BATCH = 2_000

/**
 * Writes the rows: `replace` for the events' own transaction (its measure is the newest), or keeps a row
 * already there when a report stores what it measured of a ticket with none (a row written meanwhile by
 * the ticket's events is newer than the report's reading), unless that row holds another creation than its
 * ticket's (or another workspace): a report reads rows by both, so to it such a row is missing (`rowOfPeriod`).
 */
export async function writeStoredRows(
  db: TQueryable,
  rows: readonly TStoredTicket[],
  mode: 'replace' | 'keep',
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH)
    await db.query(
      `insert into report_rows ("ticketId", "teamId", "createdAt", "firstReplyMs", "firstReplyBusinessMs", "resolutionMs",
         "resolutionBusinessMs", "reopenCount", "resolved", "oneTouch", "closedAt", "reopenedAt", "policyId",
         rating, ${SLA_METRICS.map((metric) => `"${SLA_COLUMNS[metric]}"`).join(', ')})
       values ${valuesList(batch.length, WIDTH)}
       on conflict ("ticketId") do update set "firstReplyMs" = excluded."firstReplyMs",
         "firstReplyBusinessMs" = excluded."firstReplyBusinessMs", "resolutionMs" = excluded."resolutionMs",
         "resolutionBusinessMs" = excluded."resolutionBusinessMs", "reopenCount" = excluded."reopenCount",
         "resolved" = excluded."resolved", "oneTouch" = excluded."oneTouch", "closedAt" = excluded."closedAt",
         "reopenedAt" = excluded."reopenedAt", "policyId" = excluded."policyId", rating = excluded.rating,
         "createdAt" = excluded."createdAt",
         ${SLA_METRICS.map((metric) => `"${SLA_COLUMNS[metric]}" = excluded."${SLA_COLUMNS[metric]}"`).join(', ')},
         measured_at = now()
       ${mode === 'keep' ? `where report_rows."createdAt" <> excluded."createdAt" or report_rows."teamId" <> excluded."teamId"` : ''}`,
      batch.flatMap(({ ticketId, teamId, createdAt, measure }) => [
        ticketId,
        teamId,
        createdAt,
        measure.firstReply?.calendarMs ?? null,
        measure.firstReply?.businessMs ?? null,
        measure.resolution?.calendarMs ?? null,
        measure.resolution?.businessMs ?? null,
        measure.reopenCount,
        measure.resolved,
        measure.oneTouch,
        measure.closedAt,
        measure.reopenedAt,
        policyOf(measure.sla),
        measure.rating,
        ...SLA_METRICS.map((metric) => slaValue(measure.sla[metric])),
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
    createdAt: Date
    now: Date
  }>(
    `select id, "teamId", "groupId", "mailboxId", created_at as "createdAt", now() as now from tickets
     where id = any($1::text[]) order by id`,
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
    const log = events.get(ticket.id) ?? []
    rows.push({
      ticketId: ticket.id,
      teamId: ticket.teamId,
      createdAt: ticket.createdAt,
      measure: measureStored(log, ticket, workspace, ticket.now.getTime()),
    })
  }
  await writeStoredRows(tx, rows, 'replace')
}
