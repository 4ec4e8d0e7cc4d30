import { analyzeTicketJob } from '../jobs/analyze-ticket.job'
import { consoleJobLog, type TJobLog } from '../jobs/job-log'
import type { TJobQueue } from '../jobs/job-queue'

/**
 * Runs after the ticket's create has committed: a pg-boss call inside our open transaction would
 * deadlock on PGlite's single connection. If the process dies, or the queue refuses, in between, the
 * ticket stays waiting without a job and the sweeper enqueues it; the 201 already sent stays true.
 */
export async function enqueueTicketAnalysis(options: {
  queue: TJobQueue
  ticketId: string
  log?: TJobLog
}): Promise<void> {
  try {
    await options.queue.enqueueSoon(analyzeTicketJob, { ticketId: options.ticketId })
  } catch (error) {
    ;(options.log ?? consoleJobLog)(`could not enqueue the analysis of ticket ${options.ticketId}`, error)
  }
}
