import type { TTicketAnalysis, TTicketRow } from '@parsedesk/contracts'
import type { TAnalyser } from '../analysis'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'
import {
  claimTicketsForAnalysis,
  markTicketAnalysisFailed,
  returnTicketToWaiting,
  storeTicketAnalyses,
} from '../tickets/ticket-analysis-repository'
import { analyseTicket, NO_ANALYSIS_CONTEXT, type TAnalysisContext } from './analyse-ticket'

export type TTicketAnalysisServiceDeps = {
  db: TDatabase
  bus: TEventBus
  tickets: TCollectionDefinition
  analyser: TAnalyser
  /**
   * Reads the claimed tickets' context, passed in by the worker (the categories and spam domains build on
   * tickets); without it every ticket is filed under the default categories.
   */
  readContext?: (tickets: TTicketRow[]) => Promise<TAnalysisContext>
}

export type TAnalyseTicketOptions = {
  ticketId: string
  attempt: { number: number; isLast: boolean }
}

/** 'skipped': the ticket was already analysed (or failed, or deleted); running again changes nothing. */
export type TAnalyseTicketOutcome = 'completed' | 'skipped'

export function describeAnalysisFailure(options: { attempts: number; message: string }): string {
  const tries = options.attempts === 1 ? '1 attempt' : `${options.attempts} attempts`
  return `Analysis failed after ${tries}: ${options.message}`
}

/** Moves tickets through processing_status and stores their analysis; every change reaches the bus. */
export function createTicketAnalysisService(deps: TTicketAnalysisServiceDeps) {
  const { db } = deps

  async function publishUpdate(row: TTicketRow | undefined): Promise<void> {
    if (!row) return
    await publishDocumentEvent({ bus: deps.bus, def: deps.tickets, action: 'update', row })
  }

  /** Back to waiting for the retry, or failed with the reason on the last attempt. */
  async function recordFailedRun(options: TAnalyseTicketOptions & { error: unknown }): Promise<void> {
    const message = options.error instanceof Error ? options.error.message : String(options.error)
    await publishUpdate(
      options.attempt.isLast
        ? await markTicketAnalysisFailed(db, {
            ticketId: options.ticketId,
            reason: describeAnalysisFailure({ attempts: options.attempt.number, message }),
          })
        : await returnTicketToWaiting(db, options.ticketId),
    )
  }

  /**
   * Claims the runs' tickets (one statement), announces every processing one, analyses them side by side,
   * stores the analyses (one statement) and announces them. A failed analysis is recorded on its ticket.
   */
  async function analyseBatch(runs: TAnalyseTicketOptions[]) {
    const errors: unknown[] = runs.map(() => undefined)
    const claimed = await claimTicketsForAnalysis(
      db,
      runs.map((run) => run.ticketId),
    )
    // Published together, so the bus can store them as one group (in this order); all before any result.
    await Promise.all(claimed.map((row) => publishUpdate(row)))
    const analysed: { ticketId: string; analysis: TTicketAnalysis }[] = []
    const context =
      claimed.length > 0 && deps.readContext ? await deps.readContext(claimed) : NO_ANALYSIS_CONTEXT
    await Promise.all(
      claimed.map(async (row) => {
        const index = runs.findIndex((run) => run.ticketId === row.id)
        const run = runs[index]
        if (!run) return
        try {
          const { id, teamId, subject, body, rawJson } = row
          const text = { id, teamId, subject, body, rawJson }
          analysed.push({ ticketId: row.id, analysis: await analyseTicket(deps.analyser, text, context) })
        } catch (error) {
          errors[index] = error
          await recordFailedRun({ ...run, error })
        }
      }),
    )
    const stored = await storeTicketAnalyses(db, analysed)
    await Promise.all(stored.map((row) => publishUpdate(row)))
    return { errors, claimed: claimed.length }
  }

  return {
    /**
     * waiting -> processing -> completed, as a batch of one. A failed run puts the ticket back to waiting
     * for its retry, or, on the last attempt, marks it failed with the reason; the error is thrown either
     * way so the queue records the attempt.
     */
    async analyseTicket(options: TAnalyseTicketOptions): Promise<TAnalyseTicketOutcome> {
      const { errors, claimed } = await analyseBatch([options])
      if (errors[0] !== undefined) throw errors[0]
      return claimed > 0 ? 'completed' : 'skipped'
    },

    /**
     * Many tickets as `analyseTicket` would take them one by one, with one claim and one store for all
     * (the same events, every processing one before the completed ones). Resolves with each run's
     * error, or undefined, in order.
     */
    async analyseTickets(runs: TAnalyseTicketOptions[]): Promise<unknown[]> {
      return (await analyseBatch(runs)).errors
    },

    /** For runs that ended without the handler's say (killed on the last attempt): failed, with why. */
    async failTicketAnalysis(options: { ticketId: string; reason: string }): Promise<boolean> {
      const row = await markTicketAnalysisFailed(db, options)
      await publishUpdate(row)
      return row !== undefined
    },
  }
}

export type TTicketAnalysisService = ReturnType<typeof createTicketAnalysisService>
