import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  ReportLimits,
  type TReportDrill,
  type TReportQuery,
  type TReportSummary,
  type TReportTicketRow,
} from '@parsedesk/contracts'
import { withBoundedStatements } from '../db/bounded-statements'
import type { TDatabase, TQueryable } from '../db/database'
import { findEventsOf, findPolicies, findSchedules } from '../sla/sla-repository'
import { countReport } from './report-counts'
import { findCustomColumns } from './report-custom-fields'
import { datesOf, filtersOf, previousPeriod } from './report-period'
import { findReportNames, findUnmeasured, type TUnmeasuredTicket } from './report-repository'
import { measureStored } from './report-rows'
import { listSlice } from './report-slice'
import { type TStoredTicket, writeStoredRows } from './report-store'

import { headlineOf, summaryOf } from './report-summary'

// About 50 ms of measuring on this project's 2-core machines.
const MEASURE_SLICE = 200
// Rows stored at once past which the table's statistics are taken again (about 0.1 s for a sample).
const ANALYSE_AFTER = 1_000

/**
 * Measures `missing` from their events and stores their rows, for a ticket without one the report reads
 * (older than migration 061, of a workspace whose SLA policies or schedules changed since, or a row holding
 * another creation than its ticket's): on `db`, outside the report's statements, so a ticket's events never
 * wait on a report's transaction; `keep`, so a row the ticket's own events wrote meanwhile wins.
 */
async function measureMissing(
  db: TDatabase,
  queryable: TQueryable,
  teamId: string,
  missing: readonly TUnmeasuredTicket[],
  now: number,
): Promise<void> {
  if (missing.length === 0) return
  const [events, policies, schedules] = await Promise.all([
    findEventsOf(
      queryable,
      missing.map((ticket) => ticket.id),
    ),
    findPolicies(queryable, teamId),
    findSchedules(queryable, teamId),
  ])
  // Measuring many tickets is seconds (decision 069). In slices, with the event loop given back between
  // them, every other member's request is answered meanwhile instead of waiting behind it.
  const rows: TStoredTicket[] = []
  for (let start = 0; start < missing.length; start += MEASURE_SLICE) {
    for (const ticket of missing.slice(start, start + MEASURE_SLICE))
      rows.push({
        ticketId: ticket.id,
        teamId,
        createdAt: ticket.createdAt,
        measure: measureStored(events.get(ticket.id) ?? [], ticket, { policies, schedules }, now),
      })
    await nextTurn()
  }
  await writeStoredRows(db, rows, 'keep')
  // A fill this large (after the upgrade, or a policy change) leaves the planner believing the rows are as
  // few as before: reading a period's rows by their creation it then matched every ticket against every row
  // (a 12-month report at 1,000,000 tickets timed out). Told the table's size, it reads them by key.
  if (rows.length >= ANALYSE_AFTER) await db.query('analyze report_rows')
}

/**
 * A period's numbers, counted in SQL over the stored rows (report-counts.ts). A ticket without a row is
 * measured and stored first, then the period counted again: once, after an upgrade or a policy change.
 */
async function counted(
  db: TDatabase,
  queryable: TQueryable,
  query: TReportQuery,
  now: number,
  scope: 'all' | 'headline',
) {
  const report = await countReport(queryable, query, now, scope)
  if (report.unmeasured === 0) return report
  const missing = await findUnmeasured(queryable, filtersOf(query))
  await measureMissing(db, queryable, query.teamId, missing, now)
  return countReport(queryable, query, now, scope)
}

/**
 * A report's statements, each cut at its time limit. On Postgres, for the report's transaction only: no JIT
 * (the count's estimate (report-counts.ts) called for it, and compiling took 1.2 s of a 1.9 s statement at
 * 50,000 tickets when the rows were JSON; a statement over typed rows gains nothing from it either) and
 * 32 MB to sort and hash in (the default 4 MB sent its sorts to disk). Parallel workers stay: without them
 * the 12-month summary at 1,000,000 tickets took 0.82-0.89 s instead of 0.73-0.78 s, and the others
 * moved by less than their noise. PGlite has no JIT, and no transaction here.
 */
const bounded = <T>(db: TDatabase, fn: (queryable: TQueryable) => Promise<T>) =>
  withBoundedStatements(db, ReportLimits.statementMs, async (queryable) => {
    if (db.kind === 'postgres')
      await queryable.query(`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`)
    return fn(queryable)
  })

/**
 * The summary of `query`'s period, with the previous period's headline beside it. The two periods are
 * counted in transactions of their own, so on Postgres they run at once on two connections (at 1,000,000
 * tickets the 30-day summary took 0.82 s one after the other, 0.44 s side by side); they measure their
 * unmeasured tickets in the same order (`findUnmeasured`), so their writes cannot deadlock each other. When
 * one fails, the other is waited for: the report's place at the gate (report-gate.ts) is given back only
 * once neither holds a connection.
 */
export async function readReportSummary(
  db: TDatabase,
  query: TReportQuery,
  now: number,
): Promise<TReportSummary> {
  const before = previousPeriod(query)
  const [currentPeriod, previousPeriodCounts] = await Promise.allSettled([
    bounded(db, async (queryable) => {
      const current = await counted(db, queryable, query, now, 'all')
      return { current, names: await findReportNames(queryable, query.teamId, [...current.agents.keys()]) }
    }),
    // The previous period shows its headline only.
    bounded(db, (queryable) => counted(db, queryable, { ...query, ...before }, now, 'headline')),
  ])
  if (currentPeriod.status === 'rejected') throw currentPeriod.reason
  if (previousPeriodCounts.status === 'rejected') throw previousPeriodCounts.reason
  const { current, names } = currentPeriod.value
  const previous = previousPeriodCounts.value
  return summaryOf(current, {
    dates: datesOf(query.from, query.to),
    names,
    truncated: current.truncated,
    query,
    previous: { ...before, headline: headlineOf(previous) },
  })
}

/**
 * The tickets behind one number of the summary (its slice), newest first, a page of them: picked in SQL over
 * the stored rows (report-slice.ts). A ticket of the report without a row is measured and stored first, then
 * the slice read again, as the summary does.
 */
export function readReportSlice(
  db: TDatabase,
  query: TReportQuery,
  slice: string,
  now: number,
  limit: number = ReportLimits.drillRows,
): Promise<TReportDrill> {
  return bounded(db, async (queryable) => {
    let listed = await listSlice(queryable, query, slice, now, limit)
    if (listed.unmeasured > 0) {
      const missing = await findUnmeasured(queryable, filtersOf(query))
      await measureMissing(db, queryable, query.teamId, missing, now)
      listed = await listSlice(queryable, query, slice, now, limit)
    }
    return { slice, total: listed.total, tickets: listed.tickets }
  })
}

const CSV_COLUMNS: readonly Exclude<keyof TReportTicketRow, 'customFields'>[] = [
  'number',
  'subject',
  'status',
  'priority',
  'category',
  'groupId',
  'mailboxId',
  'assigneeId',
  'createdAt',
  'firstReplyMs',
  'resolutionMs',
  'reopenCount',
  'oneTouch',
  'csat',
]

/** A CSV cell: quoted when it must be, and a leading =+-@ defused so a spreadsheet never runs it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  // A number or a boolean holds no quote, comma or formula: nothing to test.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Every ticket of the report (or of one slice) as a CSV row, the values the drill-down shows. */
export async function reportTicketsCsv(
  db: TDatabase,
  query: TReportQuery,
  slice: string,
  now: number,
): Promise<string> {
  const [drill, customColumns] = await Promise.all([
    readReportSlice(db, query, slice, now, ReportLimits.tickets),
    findCustomColumns(db, query.teamId),
  ])
  // After the ticket's own columns, one per custom field of the workspace, headed by its label.
  const lines = [[...CSV_COLUMNS, ...customColumns.map((column) => csvCell(column.label))].join(',')]
  for (const row of drill.tickets) {
    const cells = CSV_COLUMNS.map((column) => csvCell(row[column]))
    for (const { key } of customColumns) cells.push(csvCell(row.customFields[key]))
    lines.push(cells.join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
