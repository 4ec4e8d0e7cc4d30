import {
  ANALYSIS_MAX_BYTES,
  ProcessingStatus,
  TicketEventActor,
  TicketEventType,
  TicketLimits,
  type TTicketAnalysis,
  type TTicketAnalysisRecord,
  type TTicketPriority,
  type TTicketRow,
} from '@parsedesk/contracts'
import type { TDatabase, TQueryable } from '../db/database'
import { toStorableJson } from '../db/storable-text'
import { recordTicketEvents, type TNewTicketEvent } from './ticket-events'

// Each write names the states it may leave, so a repeated or late run can never undo a finished one.
const { waiting, processing, completed, failed } = ProcessingStatus
const PROCESSING_ERROR_MAX = 2000

async function updateOne(db: TQueryable, sql: string, params: unknown[]): Promise<TTicketRow | undefined> {
  const { rows } = await db.query<TTicketRow>(sql, params)
  return rows[0]
}

/**
 * waiting (or processing, when a lost run is retried) -> processing, in one statement: the rows of the
 * tickets there was something to do for.
 */
export async function claimTicketsForAnalysis(db: TQueryable, ticketIds: string[]): Promise<TTicketRow[]> {
  const { rows } = await db.query<TTicketRow>(
    `update tickets set "processing_status" = $2, "processing_error" = null, updated_at = now()
     where id = any($1::text[]) and "processing_status" in ($3, $4) returning *`,
    [ticketIds, processing, waiting, processing],
  )
  return rows
}

type TAnalysedTicket = {
  id: string
  teamId: string
  category: string | null
  priority: TTicketPriority | null
}

/**
 * The analysis as the ticket's `analysis` field keeps it (decision 023): the analyser's choices and their
 * reasons, the category by the workspace's key; its parts were checked with the analysis (ZAnalysisDetails
 * has the same limits). Null from an analyser that gives no details (a model's
 * own labels, a test's stand-in): the description alone says what it found.
 */
function analysisRecordOf(analysis: TTicketAnalysis): TTicketAnalysisRecord | null {
  const { details } = analysis
  if (!details) return null
  return {
    source: details.source,
    ...(details.model ? { model: details.model } : {}),
    summary: details.summary,
    category: details.categoryLabel,
    categoryReason: details.categoryReason,
    spamReason: details.spamReason ?? null,
    priority: analysis.priority,
    priorityReasons: details.priorityReasons,
    confidence: analysis.confidence,
    sentiment: details.sentiment,
    language: details.language,
    entities: details.entities,
    nextStep: details.nextStep,
  }
}

// The record's JSON is kept when jsonb's text of it (one space after each separator, so at most one byte
// more per comma or colon) fits the column's check.
function fitsAnalysisColumn(record: TTicketAnalysisRecord): boolean {
  const json = toStorableJson(record)
  return Buffer.byteLength(json) + (json.match(/[,:]/g)?.length ?? 0) <= ANALYSIS_MAX_BYTES
}

/**
 * A new ticket's fields as `storeTicketAnalyses` would leave them, for a ticket written already analysed
 * (the local analysis in the ingest batch, decision 032): nobody has set its category or priority yet.
 */
export function analysedTicketFields(analysis: TTicketAnalysis) {
  const record = analysisRecordOf(analysis)
  return {
    processing_status: completed,
    priority: analysis.priority,
    category: analysis.category,
    description: analysis.analysis.slice(0, TicketLimits.description),
    analysis: record && fitsAnalysisColumn(record) ? record : null,
    processing_error: null,
  }
}

/** The `analysed` event of a ticket written already analysed: from nothing to the analyser's choice. */
export function analysedEventOf(ticket: { id: string; teamId: string }, analysis: TTicketAnalysis) {
  return {
    ticketId: ticket.id,
    teamId: ticket.teamId,
    actorType: TicketEventActor.system,
    actorId: null,
    type: TicketEventType.analysed,
    before: { category: null, priority: null },
    after: { category: analysis.category, priority: analysis.priority },
  } satisfies TNewTicketEvent
}

/**
 * Analyses stored (the description's lines and the `analysis` field in one statement), each with its `analysed` event, in one transaction of three statements for all. A late
 * success still completes a ticket an earlier run gave up on: the customer is better served. A category or
 * priority someone has set (a `category` or `priority` event) is theirs and stays: the analyser's choice is
 * kept in the event as the original (decision 013).
 */
export async function storeTicketAnalyses(
  db: TDatabase,
  items: { ticketId: string; analysis: TTicketAnalysis }[],
): Promise<TTicketRow[]> {
  if (items.length === 0) return []
  return db.transaction(async (tx) => {
    // Locked in id order, so two batches never hold each other's tickets; nothing to do for a completed one.
    const { rows: tickets } = await tx.query<
      TAnalysedTicket & { category_set: boolean; priority_set: boolean }
    >(
      `select t.id, t."teamId", t."category", t."priority",
         exists (select 1 from ticket_events e where e."ticketId" = t.id and e."type" = $3) as category_set,
         exists (select 1 from ticket_events e where e."ticketId" = t.id and e."type" = $4) as priority_set
       from tickets t where t.id = any($1::text[]) and t."processing_status" <> $2 order by t.id for update`,
      [items.map((item) => item.ticketId), completed, TicketEventType.category, TicketEventType.priority],
    )
    const analysisOf = new Map(items.map((item) => [item.ticketId, item.analysis]))
    const stored = tickets.map((ticket) => {
      const analysis = analysisOf.get(ticket.id) as TTicketAnalysis
      return {
        ticket,
        analysis,
        category: ticket.category_set ? ticket.category : analysis.category,
        priority: ticket.priority_set ? ticket.priority : analysis.priority,
      }
    })
    // A record heavier than the column's check allows (an analyser that skipped the schema's limits) is
    // left out, the description still says it: the check would otherwise fail every ticket of the batch.
    const { rows } = await tx.query<TTicketRow>(
      `update tickets t set "processing_status" = $1, "priority" = v.priority, "category" = v.category,
         "description" = v.description, "processing_error" = null, updated_at = now(),
         "analysis" = case when octet_length(v.analysis::jsonb::text) <= $7 then v.analysis::jsonb end
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         as v(id, priority, category, description, analysis)
       where t.id = v.id returning t.*`,
      [
        completed,
        stored.map((item) => item.ticket.id),
        stored.map((item) => item.priority),
        stored.map((item) => item.category),
        stored.map((item) => item.analysis.analysis.slice(0, TicketLimits.description)),
        stored.map((item) => {
          const record = analysisRecordOf(item.analysis)
          return record && toStorableJson(record)
        }),
        ANALYSIS_MAX_BYTES,
      ],
    )
    await recordTicketEvents(
      tx,
      stored.map(({ ticket, analysis }) => ({
        ticketId: ticket.id,
        teamId: ticket.teamId,
        actorType: TicketEventActor.system,
        actorId: null,
        type: TicketEventType.analysed,
        before: { category: ticket.category, priority: ticket.priority },
        after: { category: analysis.category, priority: analysis.priority },
      })),
    )
    // In the order the analyses were given, as the callers announce them.
    const byId = new Map(rows.map((row) => [row.id, row]))
    return items.flatMap((item) => byId.get(item.ticketId) ?? [])
  })
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
