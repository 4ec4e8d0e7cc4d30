import type { TLog } from '../../core/logger'
import type { TDatabase } from '../../db/database'
import type { TJobQueue } from '../../jobs/job-queue'
import { findLatestJobs, jobFailureMessage, LIVE_JOB_STATES } from '../../jobs/queued-jobs'
import { repeatSweep, type TRepeatingSweep } from '../../jobs/repeat-sweep'
import { countRequeue, findPendingInbound, type TPendingInbound } from '../inbound/inbound-repository'
import { ingestInboundEmailJob } from './ingest-inbound-email.job'
import { recordNoTicketOutcome } from './record-no-ticket-outcome'

const SWEEP_LIMIT = 500
/**
 * Rounds of tries a delivery gets after the first one's last try failed without deciding it (the process
 * died on it, or the database was away for the whole round). A mail that kills its worker every time
 * costs this many rounds, then is rejected: never a loop that keeps taking the service down.
 */
export const MAX_INBOUND_REQUEUES = 2

export type TSweepResult = { enqueued: string[]; rejected: string[] }

/**
 * Deliveries committed but never decided: those with no job (the process died between commit and enqueue,
 * or the job is gone) get one; those whose job failed its last try get another round, or, after
 * MAX_INBOUND_REQUEUES rounds, are recorded as rejected with the last failure. Those with a job still
 * queued or running are left to pg-boss.
 */
export async function sweepPendingInbound(options: {
  db: TDatabase
  queue: TJobQueue
  idleSeconds: number
}): Promise<TSweepResult> {
  const pending = await findPendingInbound(options.db, {
    idleSeconds: options.idleSeconds,
    limit: SWEEP_LIMIT,
  })
  const jobs = await findLatestJobs({
    db: options.db,
    queue: ingestInboundEmailJob.id,
    keys: pending.map((inbound) => inbound.id),
  })
  const result: TSweepResult = { enqueued: [], rejected: [] }
  for (const inbound of pending) {
    const job = jobs.get(inbound.id)
    if (job && LIVE_JOB_STATES.has(job.state)) continue
    if (job?.state === 'failed') {
      if (inbound.requeues >= MAX_INBOUND_REQUEUES) {
        if (await rejectExhausted(options.db, inbound, jobFailureMessage(job.output)))
          result.rejected.push(inbound.id)
        continue
      }
      if (!(await countRequeue(options.db, inbound.id))) continue
    }
    if (await options.queue.enqueue(ingestInboundEmailJob, { inboundId: inbound.id }))
      result.enqueued.push(inbound.id)
  }
  return result
}

function rejectExhausted(db: TDatabase, inbound: TPendingInbound, lastFailure: string): Promise<boolean> {
  const rounds = inbound.requeues + 1
  return recordNoTicketOutcome(db, {
    inboundId: inbound.id,
    mailboxId: inbound.mailboxId,
    outcome: {
      status: 'rejected',
      reason: `processing failed in ${rounds} rounds of ${ingestInboundEmailJob.policy.retryLimit + 1} tries; the last: ${lastFailure}`,
    },
    from: inbound.envelopeFrom,
  })
}

/** Sweeps at start and then every `intervalSeconds`, one sweep at a time, until stopped. */
export function startInboundSweeper(options: {
  db: TDatabase
  queue: TJobQueue
  idleSeconds: number
  intervalSeconds: number
  log: TLog
}): TRepeatingSweep {
  const { log } = options
  return repeatSweep({
    what: 'inbound sweep',
    intervalSeconds: options.intervalSeconds,
    log,
    async sweep() {
      const { enqueued, rejected } = await sweepPendingInbound(options)
      if (enqueued.length > 0) log(`inbound sweeper enqueued ${enqueued.length} waiting email(s)`)
      if (rejected.length > 0) log(`inbound sweeper rejected ${rejected.length} email(s) out of tries`)
    },
  })
}
