import type { TAnalyzeTicketPayload } from './analyze-ticket.job'
import type { THandleJobBatchOptions, THandleJobOptions } from './job-definition'

export async function handleAnalyzeTicket(options: THandleJobOptions<TAnalyzeTicketPayload>): Promise<void> {
  await options.ctx.ticketAnalysis.analyseTicket({
    ticketId: options.payload.ticketId,
    attempt: options.attempt,
  })
}

export function handleAnalyzeTickets(
  options: THandleJobBatchOptions<TAnalyzeTicketPayload>,
): Promise<unknown[]> {
  return options.ctx.ticketAnalysis.analyseTickets(
    options.runs.map((run) => ({ ticketId: run.payload.ticketId, attempt: run.attempt })),
  )
}
