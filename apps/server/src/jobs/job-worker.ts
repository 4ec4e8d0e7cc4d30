import type PgBoss from 'pg-boss'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TAnyJobDefinition, TJobAttempt, TJobThroughput } from './job-definition'
import { toJobFailure } from './job-failure'
import type { TJobEnvelope, TJobQueue } from './job-queue'
import { findActiveJobIds } from './queued-jobs'

export type TStartJobWorkerOptions = {
  db: TDatabase
  queue: TJobQueue
  ctx: unknown
  pollingIntervalSeconds?: number
  log: TLog
  /** Told of every run that ended, with the job's creation time (metrics). */
  onSettled?(run: { queue: string; createdOn: Date; succeeded: boolean }): void
}

const DEFAULT_THROUGHPUT: TJobThroughput = { batchSize: 1, fetchers: 2 }
const POLLING_INTERVAL_SECONDS = 1
export const ABANDONED_RUN_MESSAGE = 'the worker stopped before the run finished'

/** Works every queue of the registry: parses the payload, tells the handler which attempt this is. */
export async function startJobWorker(options: TStartJobWorkerOptions): Promise<void> {
  const { queue, ctx } = options
  const { log } = options
  for (const definition of queue.definitions) {
    if (options.db.kind === 'pglite') await handBackAbandonedRuns({ db: options.db, queue, definition })
    const throughput = definition.throughput ?? DEFAULT_THROUGHPUT
    for (let i = 0; i < throughput.fetchers; i += 1) {
      let workerId = ''
      workerId = await queue.boss.work<TJobEnvelope>(
        definition.id,
        {
          batchSize: throughput.batchSize,
          includeMetadata: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS,
        },
        async (jobs) => {
          queue.setWorkerBusy(workerId, true)
          // A full batch may have left more waiting: an idle worker takes the rest meanwhile.
          if (jobs.length === throughput.batchSize) queue.wake(definition.id)
          try {
            await runBatch({ definition, jobs, queue, ctx, log, onSettled: options.onSettled })
          } finally {
            queue.setWorkerBusy(workerId, false)
            // pg-boss waits out the polling interval after every batch (it calls this only with jobs); a
            // worker that just found work asks again at once, so a backlog drains at the handlers' pace.
            queue.boss.notifyWorker(workerId)
          }
        },
      )
      queue.addLocalWorker(definition.id, workerId)
    }
  }
}

/**
 * Runs a fetched batch: through the definition's `handleBatch`, or side by side. pg-boss completes the
 * whole batch when this resolves (only runs still active), so each failed run is failed here on its own
 * first, keeping retries and attempt counts per job. It never throws.
 */
async function runBatch(options: {
  definition: TAnyJobDefinition
  jobs: PgBoss.JobWithMetadata<TJobEnvelope>[]
  queue: TJobQueue
  ctx: unknown
  log: TLog
  onSettled: TStartJobWorkerOptions['onSettled']
}): Promise<void> {
  const { definition, queue, jobs } = options
  const errors: unknown[] =
    definition.handleBatch && jobs.length > 1
      ? await runTogether({ ...options, handleBatch: definition.handleBatch }).catch((error: unknown) =>
          jobs.map(() => error ?? new Error('the batch failed')),
        )
      : await Promise.all(
          jobs.map((job) =>
            runJob({ definition, job, ctx: options.ctx }).then(
              () => undefined,
              (error: unknown) => error ?? new Error('the job failed'),
            ),
          ),
        )
  for (const [index, error] of errors.entries()) {
    const job = jobs[index]
    if (!job) continue
    options.onSettled?.({ queue: definition.id, createdOn: job.createdOn, succeeded: error === undefined })
    if (error === undefined) continue
    const failure = toJobFailure(error)
    options.log(
      `${definition.id} ${job.id} attempt ${job.retryCount + 1} of ${job.retryLimit + 1} failed`,
      failure,
    )
    // Failed here rather than thrown to pg-boss, whose own fail() is not awaited: a rejection there would be
    // unhandled. Not failing it now leaves the run to its expiry, which retries it all the same.
    await queue.boss
      .fail(definition.id, job.id, failure)
      .catch((failError: unknown) => options.log(`${definition.id} ${job.id} could not be failed`, failError))
  }
}

function attemptOf(job: PgBoss.JobWithMetadata<TJobEnvelope>): TJobAttempt {
  return { jobId: job.id, number: job.retryCount + 1, isLast: job.retryCount >= job.retryLimit }
}

/**
 * The payload of a job, as this worker's definition reads it. A definition's payload only ever grows in
 * ways older payloads still parse, and its version goes up when it does; a job written by a newer version
 * (the other side of a rolling upgrade) is failed, so that a newer worker takes it on its retry.
 */
function readPayload(definition: TAnyJobDefinition, envelope: TJobEnvelope): unknown {
  if (envelope.version > definition.version) {
    throw new Error(
      `written by version ${envelope.version} of ${definition.id}; this worker reads up to version ${definition.version} and leaves it to a newer one`,
    )
  }
  return definition.payload.parse(envelope.payload)
}

async function runTogether(options: {
  definition: TAnyJobDefinition
  jobs: PgBoss.JobWithMetadata<TJobEnvelope>[]
  ctx: unknown
  handleBatch: NonNullable<TAnyJobDefinition['handleBatch']>
}): Promise<unknown[]> {
  const errors: unknown[] = options.jobs.map(() => undefined)
  const runs: { index: number; payload: unknown; attempt: TJobAttempt }[] = []
  for (const [index, job] of options.jobs.entries()) {
    try {
      runs.push({ index, payload: readPayload(options.definition, job.data), attempt: attemptOf(job) })
    } catch (error) {
      errors[index] = error
    }
  }
  const results = await options.handleBatch({ runs, ctx: options.ctx })
  for (const [position, run] of runs.entries()) errors[run.index] = results[position]
  return errors
}

async function runJob(options: {
  definition: TAnyJobDefinition
  job: PgBoss.JobWithMetadata<TJobEnvelope>
  ctx: unknown
}): Promise<void> {
  const payload = readPayload(options.definition, options.job.data)
  await options.definition.handle({ payload, attempt: attemptOf(options.job), ctx: options.ctx })
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
