import type { TLog } from '../core/logger'
import type { TJobQueue } from '../jobs/job-queue'
import { analyzeTicketJob } from './analyze-ticket.job'

/**
 * Runs after the ticket's create has committed: a pg-boss call inside our open transaction would
 * deadlock on PGlite's single connection. If the process dies, or the queue refuses, in between, the
 * ticket stays waiting without a job and the sweeper enqueues it; the 201 already sent stays true.
 */
export async function enqueueTicketAnalysis(options: {
  queue: TJobQueue
  ticketId: string
  log: TLog
}): Promise<void> {
  try {
    await options.queue.enqueueSoon(analyzeTicketJob, { ticketId: options.ticketId })
  } catch (error) {
    options.log(`could not enqueue the analysis of ticket ${options.ticketId}`, error)
  }
}
