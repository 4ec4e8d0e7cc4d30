import type { z } from 'zod'
import type { TJobContext } from './job-context'

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
 * fetches in flight. Defaults: 1 and 2.
 */
export type TJobThroughput = { batchSize: number; fetchers: number }

export type TJobAttempt = {
  jobId: string
  /** 1 for the first run. */
  number: number
  /** Whether a failure now is final: no retry follows. */
  isLast: boolean
}

export type THandleJobOptions<Payload> = { payload: Payload; attempt: TJobAttempt; ctx: TJobContext }

export type THandleJobBatchOptions<Payload> = {
  runs: { payload: Payload; attempt: TJobAttempt }[]
  ctx: TJobContext
}

/**
 * One kind of job, declared once: its queue name, the version of its payload, the payload's schema,
 * its retry policy and the handler (imported when first run, so enqueuing processes never load it).
 */
export type TJobDefinition<Payload> = {
  id: string
  version: number
  payload: z.ZodType<Payload>
  policy: TJobPolicy
  /** Jobs with one key are deduplicated: at most one of them waits in the queue at a time. */
  singletonKey(payload: Payload): string
  throughput?: TJobThroughput
  handle(options: THandleJobOptions<Payload>): Promise<void>
  /**
   * Runs a fetched batch together (e.g. in one transaction) instead of `handle` side by side. Resolves
   * with each run's error, or undefined where it succeeded, in the order of `runs`; a failed run is
   * retried on its own as `handle` would be.
   */
  handleBatch?(options: THandleJobBatchOptions<Payload>): Promise<unknown[]>
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of different payloads
export type TAnyJobDefinition = TJobDefinition<any>

export function defineJob<Payload>(definition: TJobDefinition<Payload>): TJobDefinition<Payload> {
  return definition
}

/**
 * A handler module imported on first use and kept: an `import()` per batch costs a trip through the
 * module loader's hooks each time (tsx runs them on a thread of its own).
 */
export function importOnce<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed import (say, out of file handles for a moment) is tried again by the next run.
      loading = undefined
      throw error
    })
    return loading
  }
}
