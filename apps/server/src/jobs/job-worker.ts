import type PgBoss from 'pg-boss'
import type { TDatabase } from '../db/database'
import type { TJobContext } from './job-context'
import type { TAnyJobDefinition } from './job-definition'
import { consoleJobLog, type TJobLog } from './job-log'
import type { TJobEnvelope, TJobQueue } from './job-queue'
import { findActiveJobIds } from './queued-jobs'

export type TStartJobWorkerOptions = {
  db: TDatabase
  queue: TJobQueue
  ctx: TJobContext
  /** Jobs of one kind this process runs at once. */
  concurrency?: number
  pollingIntervalSeconds?: number
  log?: TJobLog
}

const CONCURRENCY = 2
const POLLING_INTERVAL_SECONDS = 1
export const ABANDONED_RUN_MESSAGE = 'the worker stopped before the run finished'

/** Works every queue of the registry: parses the payload, tells the handler which attempt this is. */
export async function startJobWorker(options: TStartJobWorkerOptions): Promise<void> {
  const { queue, ctx } = options
  const log = options.log ?? consoleJobLog
  for (const definition of queue.definitions) {
    if (options.db.kind === 'pglite') await handBackAbandonedRuns({ db: options.db, queue, definition })
    for (let i = 0; i < (options.concurrency ?? CONCURRENCY); i += 1) {
      let workerId = ''
      workerId = await queue.boss.work<TJobEnvelope>(
        definition.id,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS,
        },
        async ([job]) => {
          try {
            if (job) await runJob({ definition, job, ctx, log })
          } finally {
            // pg-boss waits out the polling interval after every job; a worker that just found one
            // asks again at once, so a backlog drains at the analyser's pace, not one job a second.
            queue.boss.notifyWorker(workerId)
          }
        },
      )
      queue.addLocalWorker(definition.id, workerId)
    }
  }
}

async function runJob(options: {
  definition: TAnyJobDefinition
  job: PgBoss.JobWithMetadata<TJobEnvelope>
  ctx: TJobContext
  log: TJobLog
}): Promise<void> {
  const { definition, job } = options
  const attempt = { jobId: job.id, number: job.retryCount + 1, isLast: job.retryCount >= job.retryLimit }
  try {
    const payload = definition.payload.parse(job.data.payload)
    await definition.handle({ payload, attempt, ctx: options.ctx })
  } catch (error) {
    options.log(`${definition.id} ${job.id} attempt ${attempt.number} of ${job.retryLimit + 1} failed`, error)
    throw error
  }
}

/**
 * A PGlite database belongs to one process at a time, so a run still marked active when this process
 * starts was left by one that died. Handing it back now retries it at once instead of after its expiry.
 */
async function handBackAbandonedRuns(options: {
  db: TDatabase
  queue: TJobQueue
  definition: TAnyJobDefinition
}): Promise<void> {
  const ids = await findActiveJobIds({ db: options.db, queue: options.definition.id })
  for (const id of ids) {
    await options.queue.boss.fail(options.definition.id, id, { message: ABANDONED_RUN_MESSAGE })
  }
}
