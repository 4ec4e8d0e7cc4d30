import { OutboundMailState } from '@parsedesk/contracts'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import { findJobsById, findLatestJobs, jobFailureMessage, LIVE_JOB_STATES } from '../jobs/queued-jobs'
import { repeatSweep, type TRepeatingSweep } from '../jobs/repeat-sweep'
import type { TDeliveryObserver } from './delivery-observer'
import { findIdleOutboxRows, requeueNotSent, settleIdleOutboxRow } from './outbox-repository'
import { sendOutboundMailJob } from './send-outbound-mail.job'

const SWEEP_LIMIT = 500
// Mail unchanged this long with no live job is swept up; younger mail is left to its caller's own enqueue.
const SWEEP_IDLE_SECONDS = 5
const SWEEP_INTERVAL_SECONDS = 10

export type TOutboxSweepResult = { requeued: string[]; enqueued: string[]; failed: string[] }

/**
 * Mail nobody is going to send: queued with no live job (the process died between commit and enqueue) gets
 * a job; sending under a job that is gone (its run died and will not be retried) goes back to the queue;
 * either whose job failed its last try without saying so (killed on it) is failed with pg-boss's reason.
 * With a relay, mail kept `not-sent` while there was none is queued again. Mail whose job is waiting,
 * retrying or running is pg-boss's business.
 */
export async function sweepOutbox(options: {
  db: TDatabase
  queue: TJobQueue
  hasRelay: boolean
  /** Told of a mail failed here, in the transaction that fails it, as the sender tells its own. */
  delivery?: TDeliveryObserver | undefined
}): Promise<TOutboxSweepResult> {
  const { db, queue } = options
  const result: TOutboxSweepResult = { requeued: [], enqueued: [], failed: [] }
  if (options.hasRelay) result.requeued = await requeueNotSent(db, SWEEP_LIMIT)
  const idle = await findIdleOutboxRows(db, { idleSeconds: SWEEP_IDLE_SECONDS, limit: SWEEP_LIMIT })
  const queuedIds = idle.filter((row) => row.state === OutboundMailState.queued).map((row) => row.id)
  const holders = idle.flatMap((row) => (row.state === OutboundMailState.sending && row.sendingJob) || [])
  const [latestJobs, holdingJobs] = await Promise.all([
    findLatestJobs({ db, queue: sendOutboundMailJob.id, keys: queuedIds }),
    findJobsById({ db, queue: sendOutboundMailJob.id, ids: holders }),
  ])
  const toEnqueue = [...result.requeued]
  for (const row of idle) {
    const job =
      row.state === OutboundMailState.queued ? latestJobs.get(row.id) : holdingJobs.get(row.sendingJob ?? '')
    if (job && LIVE_JOB_STATES.has(job.state)) continue
    if (job?.state === 'failed') {
      const lastError = jobFailureMessage(job.output)
      const { delivery } = options
      const failed = await db.transaction(async (tx) => {
        const moved = await settleIdleOutboxRow(tx, row, { state: OutboundMailState.failed, lastError })
        if (moved) await delivery?.record(tx, { mail: moved, before: row.state })
        return moved
      })
      if (failed) {
        result.failed.push(row.id)
        await delivery?.announce({ mail: failed, before: row.state })
      }
      continue
    }
    if (
      row.state === OutboundMailState.queued ||
      (await settleIdleOutboxRow(db, row, { state: OutboundMailState.queued }))
    )
      toEnqueue.push(row.id)
  }
  for (const mailId of toEnqueue) {
    if (await queue.enqueue(sendOutboundMailJob, { mailId })) result.enqueued.push(mailId)
  }
  return result
}

/** Sweeps at start and then every few seconds, one sweep at a time, until stopped. */
export function startOutboxSweeper(options: {
  db: TDatabase
  queue: TJobQueue
  hasRelay: boolean
  delivery?: TDeliveryObserver | undefined
  log: TLog
}): TRepeatingSweep {
  const { log } = options
  return repeatSweep({
    what: 'outbox sweep',
    intervalSeconds: SWEEP_INTERVAL_SECONDS,
    log,
    async sweep() {
      const { requeued, enqueued, failed } = await sweepOutbox(options)
      if (requeued.length > 0) log(`outbox sweeper queued ${requeued.length} mail(s) kept without a relay`)
      if (enqueued.length > 0) log(`outbox sweeper enqueued ${enqueued.length} waiting mail(s)`)
      if (failed.length > 0) log(`outbox sweeper failed ${failed.length} mail(s) out of tries`)
    },
  })
}
