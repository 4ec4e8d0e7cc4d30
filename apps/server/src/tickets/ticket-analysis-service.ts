import { DATABASE_ID, type TTicketAnalysis, ZTicketAnalysis } from '@parsedesk/contracts'
import type { TAnalyser } from '../analysis'
import type { TQueryable } from '../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { toDocumentModel } from '../documents/document-model'
import { isoDate } from '../http/iso-date'
import type { TEventBus } from '../realtime/event-bus'
import {
  claimTicketForAnalysis,
  markTicketAnalysisFailed,
  returnTicketToWaiting,
  storeTicketAnalysis,
} from './ticket-analysis-repository'

export type TTicketAnalysisServiceDeps = {
  db: TQueryable
  bus: TEventBus
  tickets: TCollectionDefinition
  analyser: TAnalyser
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

  async function publishUpdate(row: TDocumentRow | undefined): Promise<void> {
    if (!row) return
    await deps.bus.publish({
      action: 'update',
      databaseId: DATABASE_ID,
      collectionId: deps.tickets.id,
      documentId: row.id,
      document: toDocumentModel(deps.tickets, row),
      readRoles: row.read_roles,
      timestamp: isoDate(new Date()),
    })
  }

  return {
    /**
     * waiting -> processing -> completed. A failed run puts the ticket back to waiting for its retry,
     * or, on the last attempt, marks it failed with the reason; the error is rethrown either way so
     * the queue records the attempt.
     */
    async analyseTicket(options: TAnalyseTicketOptions): Promise<TAnalyseTicketOutcome> {
      const claimed = await claimTicketForAnalysis(db, options.ticketId)
      if (!claimed) return 'skipped'
      await publishUpdate(claimed)
      let analysis: TTicketAnalysis
      try {
        const input = { subject: String(claimed.subject ?? ''), body: String(claimed.body ?? '') }
        analysis = ZTicketAnalysis.parse(await deps.analyser.analyse(input))
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        await publishUpdate(
          options.attempt.isLast
            ? await markTicketAnalysisFailed(db, {
                ticketId: options.ticketId,
                reason: describeAnalysisFailure({ attempts: options.attempt.number, message }),
              })
            : await returnTicketToWaiting(db, options.ticketId),
        )
        throw error
      }
      await publishUpdate(await storeTicketAnalysis(db, { ticketId: options.ticketId, analysis }))
      return 'completed'
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
