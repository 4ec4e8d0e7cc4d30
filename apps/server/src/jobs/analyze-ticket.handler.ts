import type { TAnalyzeTicketPayload } from './analyze-ticket.job'
import type { THandleJobOptions } from './job-definition'

export async function handleAnalyzeTicket(options: THandleJobOptions<TAnalyzeTicketPayload>): Promise<void> {
  await options.ctx.ticketAnalysis.analyseTicket({
    ticketId: options.payload.ticketId,
    attempt: options.attempt,
  })
}
