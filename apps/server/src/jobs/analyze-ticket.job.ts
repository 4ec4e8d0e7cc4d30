import { z } from 'zod'
import { defineJob, importOnce } from './job-definition'

export const ZAnalyzeTicketPayload = z.object({ ticketId: z.string().min(1).max(36) })
export type TAnalyzeTicketPayload = z.infer<typeof ZAnalyzeTicketPayload>

const handlers = importOnce(() => import('./analyze-ticket.handler'))

/** Fills a new ticket's category, priority and analysis text, moving processing_status along. */
export const analyzeTicketJob = defineJob<TAnalyzeTicketPayload>({
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
  handle: async (options) => (await handlers()).handleAnalyzeTicket(options),
  handleBatch: async (options) => (await handlers()).handleAnalyzeTickets(options),
})
