import { ReportLimits, type TSatisfactionRating } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TReportFilters } from './report-period'
import { ticketFilter } from './report-repository'
import type { TReportTicket, TStoredMeasure } from './report-rows'
import { STORED_COLUMNS, storedOf, type TStoredRow } from './report-store'

/**
 * The reference reader the reports' tests hold the SQL to (report-measured-rows.integration.test.ts): a
 * report's tickets with their stored measure, read apart from the SQL that counts them, and their rating from
 * the surveys, where the reports read it from the rows' events.
 */

/** A report's ticket with its stored measure (migration 061), or null when it has none yet. */
export type TStoredReportTicket = Omit<TReportTicket, 'events'> & { stored: TStoredMeasure | null }

type TTicketRow = Omit<TReportTicket, 'events' | 'csat' | 'createdAt'> & {
  createdAt: Date
  hasRow: boolean
} & TStoredRow

/**
 * The tickets of one report, at most the report limit plus one (the extra one says the report is cut), each
 * with its stored measure: no event is read for a ticket that has one (decision 069).
 */
export async function findReportTickets(
  db: TQueryable,
  filters: TReportFilters,
): Promise<{ tickets: TStoredReportTicket[]; truncated: boolean }> {
  const { where, params } = ticketFilter(filters)
  params.push(ReportLimits.tickets + 1)
  const { rows } = await db.query<TTicketRow>(
    `select t.id, t."number", t.subject, t.status, t.priority, t.category, t."groupId", t."mailboxId",
       t."assigneeId", t.created_at as "createdAt", r."ticketId" is not null as "hasRow", ${STORED_COLUMNS}
     from tickets t left join report_rows r on r."ticketId" = t.id
     where ${where} order by t.created_at, t.seq limit $${params.length}`,
    params,
  )
  const truncated = rows.length > ReportLimits.tickets
  const kept = truncated ? rows.slice(0, ReportLimits.tickets) : rows
  const ratings = await findRatings(
    db,
    kept.map((row) => row.id),
  )
  return {
    truncated,
    tickets: kept.map((row) => ({
      id: row.id,
      number: row.number,
      subject: row.subject,
      status: row.status,
      priority: row.priority,
      category: row.category,
      groupId: row.groupId,
      mailboxId: row.mailboxId,
      assigneeId: row.assigneeId,
      createdAt: row.createdAt.getTime(),
      csat: ratings.get(row.id) ?? null,
      stored: row.hasRow ? storedOf(row) : null,
    })),
  }
}

async function findRatings(
  db: TQueryable,
  ids: readonly string[],
): Promise<Map<string, TSatisfactionRating>> {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<{ ticketId: string; rating: TSatisfactionRating }>(
    `select "ticketId", "rating" from satisfaction_surveys where "ticketId" = any($1::text[])
     and "rating" is not null`,
    [ids],
  )
  return new Map(rows.map((row) => [row.ticketId, row.rating]))
}
