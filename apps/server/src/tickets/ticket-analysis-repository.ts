import { ProcessingStatus, TicketLimits, type TTicketAnalysis } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TDocumentRow } from '../documents/collection'

// Each write names the states it may leave, so a repeated or late run can never undo a finished one.
const { waiting, processing, completed, failed } = ProcessingStatus
const PROCESSING_ERROR_MAX = 2000

async function updateOne(db: TQueryable, sql: string, params: unknown[]): Promise<TDocumentRow | undefined> {
  const { rows } = await db.query<TDocumentRow>(sql, params)
  return rows[0]
}

/**
 * waiting (or processing, when a lost run is retried) -> processing, in one statement: the rows of the
 * tickets there was something to do for.
 */
export async function claimTicketsForAnalysis(db: TQueryable, ticketIds: string[]): Promise<TDocumentRow[]> {
  const { rows } = await db.query<TDocumentRow>(
    `update tickets set "processing_status" = $2, "processing_error" = null, updated_at = now()
     where id = any($1::text[]) and "processing_status" in ($3, $4) returning *`,
    [ticketIds, processing, waiting, processing],
  )
  return rows
}

/**
 * Analyses stored in one statement. A late success still completes a ticket an earlier run gave up on: the
 * customer is better served.
 */
export async function storeTicketAnalyses(
  db: TQueryable,
  items: { ticketId: string; analysis: TTicketAnalysis }[],
): Promise<TDocumentRow[]> {
  if (items.length === 0) return []
  const { rows } = await db.query<TDocumentRow>(
    `update tickets t set "processing_status" = $1, "priority" = v.priority, "category" = v.category,
       "description" = v.description, "processing_error" = null, updated_at = now()
     from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as v(id, priority, category, description)
     where t.id = v.id and t."processing_status" <> $1 returning t.*`,
    [
      completed,
      items.map((item) => item.ticketId),
      items.map((item) => item.analysis.priority),
      items.map((item) => item.analysis.category),
      items.map((item) => item.analysis.analysis.slice(0, TicketLimits.description)),
    ],
  )
  return rows
}

/** processing -> waiting: the run failed and a retry is queued. */
export function returnTicketToWaiting(db: TQueryable, ticketId: string) {
  return updateOne(
    db,
    `update tickets set "processing_status" = $2, updated_at = now()
     where id = $1 and "processing_status" = $3 returning *`,
    [ticketId, waiting, processing],
  )
}

/** waiting or processing -> failed, keeping the reason; a completed ticket stays completed. */
export function markTicketAnalysisFailed(db: TQueryable, options: { ticketId: string; reason: string }) {
  return updateOne(
    db,
    `update tickets set "processing_status" = $2, "processing_error" = $3, updated_at = now()
     where id = $1 and "processing_status" in ($4, $5) returning *`,
    [options.ticketId, failed, options.reason.slice(0, PROCESSING_ERROR_MAX), waiting, processing],
  )
}

/** Tickets whose analysis has not moved for `idleSeconds`, oldest first. */
export async function findIdleAnalysisTickets(
  db: TQueryable,
  options: { idleSeconds: number; limit: number },
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from tickets
     where "processing_status" in ($1, $2) and updated_at < now() - $3 * interval '1 second'
     order by updated_at limit $4`,
    [waiting, processing, options.idleSeconds, options.limit],
  )
  return rows.map((row) => row.id)
}
