import type { z } from 'zod'

/** How pg-boss treats one kind of job: how often and how soon it is tried again, and when a run counts as lost. */
export type TJobPolicy = {
  /** Tries after the first one; a job runs at most `retryLimit + 1` times. */
  retryLimit: number
  /** The first retry waits this long (to twice as long, at random); each later one doubles it. */
  retryDelaySeconds: number
  /**
   * A run still going after this long counts as lost (its worker hung or was killed) and is retried.
   * Larger than the slowest honest run, or a slow run would be retried while it is still working.
   */
  expireInSeconds: number
}

/**
 * How a worker process takes this kind of job from pg-boss: `batchSize` runs per fetch (one fetch and
 * one completion statement for all of them, the runs themselves side by side) and `fetchers` such
 * fetches in flight. Defaults: 1 and 2. An idle fetcher asks again after `pollSeconds` (default 1) or
 * when woken by an enqueue.
 */
export type TJobThroughput = { batchSize: number; fetchers: number; pollSeconds?: number }

/**
 * A timetable (a cron expression, UTC) on which the cluster enqueues the job with `payload` once, however
 * many worker processes run.
 */
export type TJobSchedule<Payload> = { cron: string; payload: Payload }

export type TJobAttempt = {
  jobId: string
  /** 1 for the first run. */
  number: number
  /** Whether a failure now is final: no retry follows. */
  isLast: boolean
}

/** A handler's input: the run's payload and attempt, and the services its kind of job declared it needs. */
export type THandleJobOptions<Payload, Context> = { payload: Payload; attempt: TJobAttempt; ctx: Context }

export type THandleJobBatchOptions<Payload, Context> = {
  runs: { payload: Payload; attempt: TJobAttempt }[]
  ctx: Context
}

/**
 * One kind of job, declared once: its queue name, the version of its payload, the payload's schema,
 * its retry policy and the handler, which calls the services the worker role hands it as `ctx`.
 */
export type TJobDefinition<Payload, Context = unknown> = {
  id: string
  version: number
  payload: z.ZodType<Payload>
  policy: TJobPolicy
  /** Jobs with one key are deduplicated: at most one of them waits in the queue at a time. */
  singletonKey(payload: Payload): string
  throughput?: TJobThroughput
  schedule?: TJobSchedule<Payload>
  handle(options: THandleJobOptions<Payload, Context>): Promise<void>
  /**
   * Runs a fetched batch together (e.g. in one transaction) instead of `handle` side by side. Resolves
   * with each run's error, or undefined where it succeeded, in the order of `runs`; a failed run is
   * retried on its own as `handle` would be.
   */
  handleBatch?(options: THandleJobBatchOptions<Payload, Context>): Promise<unknown[]>
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of different payloads
export type TAnyJobDefinition = TJobDefinition<any, any>

export function defineJob<Payload, Context>(
  definition: TJobDefinition<Payload, Context>,
): TJobDefinition<Payload, Context> {
  return definition
}
