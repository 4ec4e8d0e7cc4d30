import type { TQueryable } from '../../db/database'
import { consoleJobLog, type TJobLog } from '../../jobs/job-log'
import type { TJobQueue } from '../../jobs/job-queue'
import { findLatestJobs, LIVE_JOB_STATES } from '../../jobs/queued-jobs'
import { findPendingInbound } from '../inbound/inbound-repository'
import { ingestInboundEmailJob } from './ingest-inbound-email.job'

const SWEEP_LIMIT = 500

/**
 * Deliveries committed but never processed (the process died between commit and enqueue, or its job
 * is gone) get a new ingest job; those with a job still queued or running are left to pg-boss.
 */
export async function sweepPendingInbound(options: {
  db: TQueryable
  queue: TJobQueue
  idleSeconds: number
}): Promise<string[]> {
  const ids = await findPendingInbound(options.db, { idleSeconds: options.idleSeconds, limit: SWEEP_LIMIT })
  const jobs = await findLatestJobs({ db: options.db, queue: ingestInboundEmailJob.id, keys: ids })
  const enqueued: string[] = []
  for (const inboundId of ids) {
    const job = jobs.get(inboundId)
    if (job && LIVE_JOB_STATES.has(job.state)) continue
    if (await options.queue.enqueue(ingestInboundEmailJob, { inboundId })) enqueued.push(inboundId)
  }
  return enqueued
}

/** Sweeps at start and then every `intervalSeconds`, one sweep at a time, until stopped. */
export function startInboundSweeper(options: {
  db: TQueryable
  queue: TJobQueue
  idleSeconds: number
  intervalSeconds: number
  log?: TJobLog
}): { stop(): Promise<void> } {
  const log = options.log ?? consoleJobLog
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let isStopped = false
  const sweep = () => {
    running = sweepPendingInbound(options)
      .then((enqueued) => {
        if (enqueued.length > 0) log(`inbound sweeper enqueued ${enqueued.length} waiting email(s)`)
      })
      .catch((error: unknown) => log('inbound sweep failed', error))
      .finally(() => {
        if (!isStopped) timer = setTimeout(sweep, options.intervalSeconds * 1000)
      })
  }
  sweep()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      await running
    },
  }
}
