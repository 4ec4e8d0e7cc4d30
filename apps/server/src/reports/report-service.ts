import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  ReportLimits,
  type TCustomFieldValues,
  type TReportDrill,
  type TReportQuery,
  type TReportSummary,
  type TReportTicketRow,
} from '@parsedesk/contracts'
import { withBoundedStatements } from '../db/bounded-statements'
import type { TDatabase, TQueryable } from '../db/database'
import { findPolicies, findSchedules } from '../sla/sla-repository'
import { findCustomColumns, findCustomValues } from './report-custom-fields'
import { datesOf, filtersOf, previousPeriod } from './report-period'
import { findReportNames, findReportTickets } from './report-repository'
import { measureTicket, type TMeasuredTicket } from './report-rows'

import { headlineOf, summaryOf } from './report-summary'

// About 50 ms of measuring on this project's 2-core machines.
const MEASURE_SLICE = 200

/**
 * The tickets of a period, each measured: what the summary, the drill-down and the CSV all count. Without
 * `sla` no clock is replayed: the previous period shows its headline only, which reads none, and the clocks
 * were most of its cost (decision 069).
 */
async function measuredTickets(db: TQueryable, query: TReportQuery, now: number, sla = true) {
  const [{ tickets, truncated }, policies, schedules] = await Promise.all([
    findReportTickets(db, filtersOf(query)),
    sla ? findPolicies(db, query.teamId) : [],
    findSchedules(db, query.teamId),
  ])
  const context = {
    timeZone: query.timeZone,
    hours: query.hours,
    dates: new Set(datesOf(query.from, query.to)),
    policies,
    schedules,
    now,
  }
  const measured: TMeasuredTicket[] = []
  // A year of a large workspace is seconds of measuring (decision 069). In slices, with the event loop given
  // back between them, every other member's request is answered meanwhile instead of waiting behind it.
  for (let start = 0; start < tickets.length; start += MEASURE_SLICE) {
    for (const ticket of tickets.slice(start, start + MEASURE_SLICE))
      measured.push(measureTicket(ticket, context))
    await nextTurn()
  }
  return { truncated, measured }
}

const bounded = <T>(db: TDatabase, fn: (queryable: TQueryable) => Promise<T>) =>
  withBoundedStatements(db, ReportLimits.statementMs, fn)

export function readReportSummary(db: TDatabase, query: TReportQuery, now: number): Promise<TReportSummary> {
  return bounded(db, async (queryable) => {
    const before = previousPeriod(query)
    const [current, previous] = await Promise.all([
      measuredTickets(queryable, query, now),
      measuredTickets(queryable, { ...query, ...before }, now, false),
    ])
    const agents = [...new Set(current.measured.flatMap((ticket) => ticket.assigneeId ?? []))]
    const names = await findReportNames(queryable, query.teamId, agents)
    return summaryOf(current.measured, {
      dates: datesOf(query.from, query.to),
      names,
      truncated: current.truncated,
      query,
      previous: { ...before, headline: headlineOf(previous.measured) },
    })
  })
}

const rowOf = (ticket: TMeasuredTicket, customFields: TCustomFieldValues): TReportTicketRow => ({
  id: ticket.id,
  number: ticket.number,
  subject: ticket.subject,
  status: ticket.status,
  priority: ticket.priority,
  category: ticket.category,
  groupId: ticket.groupId,
  mailboxId: ticket.mailboxId,
  assigneeId: ticket.assigneeId,
  createdAt: new Date(ticket.createdAt).toISOString(),
  firstReplyMs: ticket.firstReplyMs,
  resolutionMs: ticket.resolutionMs,
  reopenCount: ticket.reopenCount,
  oneTouch: ticket.oneTouch,
  csat: ticket.csat,
  customFields,
})

/** The tickets behind one number of the summary (its slice), newest first, a page of them. */
export function readReportSlice(
  db: TDatabase,
  query: TReportQuery,
  slice: string,
  now: number,
  limit: number = ReportLimits.drillRows,
): Promise<TReportDrill> {
  return bounded(db, async (queryable) => {
    const { measured } = await measuredTickets(queryable, query, now)
    const inSlice = measured.filter((ticket) => ticket.slices.has(slice)).reverse()
    const listed = inSlice.slice(0, limit)
    const values = await findCustomValues(
      queryable,
      query.teamId,
      listed.map((ticket) => ticket.id),
    )
    return {
      slice,
      total: inSlice.length,
      tickets: listed.map((ticket) => rowOf(ticket, values.get(ticket.id) ?? {})),
    }
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
