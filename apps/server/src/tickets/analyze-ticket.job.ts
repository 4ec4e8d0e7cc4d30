import { z } from 'zod'
import { defineJob } from '../jobs/job-definition'

export const ZAnalyzeTicketPayload = z.object({ ticketId: z.string().min(1).max(36) })
export type TAnalyzeTicketPayload = z.infer<typeof ZAnalyzeTicketPayload>

/** One run, as the ticket analysis (ticket-analysis/) takes it. */
type TAnalyzeTicketRun = { ticketId: string; attempt: { number: number; isLast: boolean } }

/**
 * What its handler needs from the worker: the ticket analysis, named by its shape, since it sits above
 * tickets/ (it stores into tickets and records their events) while tickets ask for it here.
 */
export type TAnalyzeTicketContext = {
  ticketAnalysis: {
    analyseTicket(run: TAnalyzeTicketRun): Promise<unknown>
    analyseTickets(runs: TAnalyzeTicketRun[]): Promise<unknown[]>
  }
}

/** Fills a new ticket's category, priority and analysis text, moving processing_status along. */
export const analyzeTicketJob = defineJob<TAnalyzeTicketPayload, TAnalyzeTicketContext>({
  id: 'analyze-ticket',
  version: 1,
  payload: ZAnalyzeTicketPayload,
  policy: {
    retryLimit: 3,
    retryDelaySeconds: 5,
    // The local model answers in milliseconds; an LLM gets 20 s a call and may fall back to the model.
    expireInSeconds: 120,
  },
  singletonKey: (payload) => payload.ticketId,
  throughput: { batchSize: 32, fetchers: 2 },
  // The work is the service's, which only the worker role builds and hands over as the context.
  handle: async ({ payload, attempt, ctx }) => {
    await ctx.ticketAnalysis.analyseTicket({ ticketId: payload.ticketId, attempt })
  },
  handleBatch: ({ runs, ctx }) =>
    ctx.ticketAnalysis.analyseTickets(
      runs.map((run) => ({ ticketId: run.payload.ticketId, attempt: run.attempt })),
    ),
})
