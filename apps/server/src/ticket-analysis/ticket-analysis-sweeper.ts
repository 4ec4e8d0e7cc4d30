import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import { findLatestJobs, jobFailureMessage, LIVE_JOB_STATES } from '../jobs/queued-jobs'
import { repeatSweep, type TRepeatingSweep } from '../jobs/repeat-sweep'
import { analyzeTicketJob } from '../tickets/analyze-ticket.job'
import { findIdleAnalysisTickets } from '../tickets/ticket-analysis-repository'
import { describeAnalysisFailure, type TTicketAnalysisService } from './ticket-analysis-service'

export type TSweepTicketAnalysisOptions = {
  db: TQueryable
  queue: TJobQueue
  ticketAnalysis: TTicketAnalysisService
  /** Leaves alone tickets that changed more recently, so a create's own enqueue is never raced. */
  idleSeconds: number
  limit?: number
}

export type TSweepResult = { enqueued: string[]; failed: string[] }

const SWEEP_LIMIT = 200

/**
 * Finds tickets whose analysis nobody is going to finish: waiting or processing with no live job
 * (the process died between commit and enqueue, or the job record is gone) get a new job; those whose
 * job used its last attempt without saying so (a killed or hung final run) become failed, with why.
 * Runs with jobs still queued, retrying or running are pg-boss's business (expiry retries lost runs).
 */
export async function sweepTicketAnalysis(options: TSweepTicketAnalysisOptions): Promise<TSweepResult> {
  const result: TSweepResult = { enqueued: [], failed: [] }
  const ticketIds = await findIdleAnalysisTickets(options.db, {
    idleSeconds: options.idleSeconds,
    limit: options.limit ?? SWEEP_LIMIT,
  })
  const jobs = await findLatestJobs({ db: options.db, queue: analyzeTicketJob.id, keys: ticketIds })
  for (const ticketId of ticketIds) {
    const job = jobs.get(ticketId)
    if (job && LIVE_JOB_STATES.has(job.state)) continue
    if (job?.state === 'failed') {
      const reason = describeAnalysisFailure({
        attempts: job.retryCount + 1,
        message: jobFailureMessage(job.output),
      })
      if (await options.ticketAnalysis.failTicketAnalysis({ ticketId, reason })) result.failed.push(ticketId)
      continue
    }
    if (await options.queue.enqueue(analyzeTicketJob, { ticketId })) result.enqueued.push(ticketId)
  }
  return result
}

export type TStartSweeperOptions = TSweepTicketAnalysisOptions & { intervalSeconds: number; log: TLog }

/** Sweeps now and then every `intervalSeconds` until stopped; one sweep at a time. */
export function startTicketAnalysisSweeper(options: TStartSweeperOptions): TRepeatingSweep {
  const { log } = options
  return repeatSweep({
    what: 'ticket analysis sweep',
    intervalSeconds: options.intervalSeconds,
    log,
    async sweep() {
      const { enqueued, failed } = await sweepTicketAnalysis(options)
      if (enqueued.length > 0) log(`sweeper enqueued the analysis of ${enqueued.length} idle ticket(s)`)
      if (failed.length > 0) log(`sweeper marked ${failed.length} ticket(s) failed after their last attempt`)
    },
  })
}
