import { setTimeout as sleep } from 'node:timers/promises'
import type PgBoss from 'pg-boss'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TAnyJobDefinition, TJobAttempt, TJobThroughput } from './job-definition'
import { toJobFailure } from './job-failure'
import type { TJobEnvelope, TJobQueue, TLocalWorker } from './job-queue'
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
  const { queue } = options
  const pollingIntervalMs = (options.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS) * 1000
  for (const definition of queue.definitions) {
    if (options.db.kind === 'pglite') await handBackAbandonedRuns({ db: options.db, queue, definition })
    const throughput = definition.throughput ?? DEFAULT_THROUGHPUT
    for (let i = 0; i < throughput.fetchers; i += 1) {
      queue.addLocalWorker(
        definition.id,
        startFetcher({
          ...options,
          definition,
          throughput,
          pollingIntervalMs: throughput.pollSeconds ? throughput.pollSeconds * 1000 : pollingIntervalMs,
        }),
      )
    }
  }
}

/**
 * One fetcher: takes a batch from pg-boss, runs it, writes each run's outcome, and only then asks again.
 * pg-boss's own work() writes a batch's completion without awaiting it, after the handler returns: a run
 * failed here (retried at once when its retry delay is 0) could be fetched again, by this fetcher or
 * another, before that late completion, which then marked the new run completed while it ran, and its
 * failure was lost. Here every outcome is written once, awaited, by the fetcher that ran it.
 */
function startFetcher(
  options: TStartJobWorkerOptions & {
    definition: TAnyJobDefinition
    throughput: TJobThroughput
    pollingIntervalMs: number
  },
): TLocalWorker {
  const { definition, queue, throughput, log } = options
  let stopping = false
  let notified = false
  let pause: AbortController | undefined
  let batch: TRunningBatch | undefined

  const fetchBatch = async (): Promise<PgBoss.JobWithMetadata<TJobEnvelope>[]> => {
    try {
      return await queue.boss.fetch<TJobEnvelope>(definition.id, {
        batchSize: throughput.batchSize,
        includeMetadata: true,
      })
    } catch (error) {
      log(`${definition.id} could not fetch jobs`, error)
      return []
    }
  }
  const loop = (async () => {
    while (!stopping) {
      notified = false
      const jobs = await fetchBatch()
      if (jobs.length > 0) {
        batch = runBatchOnce({ ...options, jobs })
        // A full batch may have left more waiting: an idle fetcher takes the rest meanwhile.
        if (jobs.length === throughput.batchSize) queue.wake(definition.id)
        await batch.settled
        batch = undefined
        // A fetcher that just found work asks again at once, so a backlog drains at the handlers' pace.
        continue
      }
      if (stopping || notified) continue
      pause = new AbortController()
      await sleep(options.pollingIntervalMs, undefined, { signal: pause.signal }).catch(() => undefined)
      pause = undefined
    }
  })()

  return {
    isBusy: () => batch !== undefined,
    notify() {
      notified = true
      pause?.abort()
    },
    async stop(graceMs) {
      stopping = true
      pause?.abort()
      let timer: NodeJS.Timeout | undefined
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs)
      })
      await Promise.race([loop, grace])
      clearTimeout(timer)
      // Runs still going are handed back (failed, so retried) for a worker that goes on; their outcome,
      // should they end before the process does, is no longer written.
      await batch?.abandon(ABANDONED_RUN_MESSAGE)
    },
  }
}

type TRunningBatch = {
  /** Resolves once every run's outcome is written, or the batch outlived its expiry and was failed. */
  settled: Promise<void>
  /** Fails the runs not yet settled with `message`; what they do later is not written. */
  abandon(message: string): Promise<void>
}

/**
 * Runs a batch and writes its outcome: succeeded runs completed in one statement, each failed run failed
 * on its own (keeping retries and attempt counts per job). A batch still running past its runs' expiry is
 * failed then, as pg-boss's worker did (the message is the one it wrote), so that this fetcher goes on.
 */
function runBatchOnce(options: {
  definition: TAnyJobDefinition
  jobs: PgBoss.JobWithMetadata<TJobEnvelope>[]
  queue: TJobQueue
  ctx: unknown
  log: TLog
  onSettled?: TStartJobWorkerOptions['onSettled']
}): TRunningBatch {
  const { definition, jobs, log } = options
  let isOpen = true
  const close = () => {
    const wasOpen = isOpen
    isOpen = false
    clearTimeout(expiry)
    return wasOpen
  }
  const abandon = async (message: string) => {
    if (!close()) return
    await writeOutcome({ ...options, errors: jobs.map(() => new Error(message)) })
  }
  const expiryMs = Math.max(1, ...jobs.map((job) => Number(job.expireInSeconds))) * 1000
  let expiry: NodeJS.Timeout | undefined
  const expired = new Promise<void>((resolve) => {
    expiry = setTimeout(() => resolve(abandon(`handler execution exceeded ${expiryMs}ms`)), expiryMs)
  })
  const ran = runBatch(options).then(async (errors) => {
    if (close()) await writeOutcome({ ...options, errors })
  })
  const settled = Promise.race([ran, expired]).catch((error: unknown) =>
    log(`${definition.id} could not write the outcome of ${jobs.length} runs`, error),
  )
  return { settled, abandon }
}

async function writeOutcome(options: {
  definition: TAnyJobDefinition
  jobs: PgBoss.JobWithMetadata<TJobEnvelope>[]
  queue: TJobQueue
  errors: unknown[]
  log: TLog
  onSettled?: TStartJobWorkerOptions['onSettled']
}): Promise<void> {
  const { definition, queue, jobs, errors } = options
  const succeeded = jobs.filter((_, index) => errors[index] === undefined).map((job) => job.id)
  if (succeeded.length > 0) await queue.boss.complete(definition.id, succeeded)
  for (const [index, job] of jobs.entries()) {
    const error = errors[index]
    options.onSettled?.({ queue: definition.id, createdOn: job.createdOn, succeeded: error === undefined })
    if (error === undefined) continue
    const failure = toJobFailure(error)
    options.log(
      `${definition.id} ${job.id} attempt ${job.retryCount + 1} of ${job.retryLimit + 1} failed`,
      failure,
    )
    await queue.boss
      .fail(definition.id, job.id, failure)
      .catch((failError: unknown) => options.log(`${definition.id} ${job.id} could not be failed`, failError))
  }
}

/**
 * Runs a fetched batch, through the definition's `handleBatch` or side by side, and resolves with each
 * run's error, or undefined where it succeeded, in the order of `jobs`. It never throws.
 */
async function runBatch(options: {
  definition: TAnyJobDefinition
  jobs: PgBoss.JobWithMetadata<TJobEnvelope>[]
  ctx: unknown
}): Promise<unknown[]> {
  const { definition, jobs } = options
  if (definition.handleBatch && jobs.length > 1) {
    return runTogether({ ...options, handleBatch: definition.handleBatch }).catch((error: unknown) =>
      jobs.map(() => error ?? new Error('the batch failed')),
    )
  }
  return Promise.all(
    jobs.map((job) =>
      runJob({ definition, job, ctx: options.ctx }).then(
        () => undefined,
        (error: unknown) => error ?? new Error('the job failed'),
      ),
    ),
  )
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
