import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openTestDatabase } from '../testing/test-database'
import { testLog } from '../testing/test-log'
import { waitForValue } from '../testing/wait-for-value'
import { defineJob, type TAnyJobDefinition } from './job-definition'
import { startJobQueue, type TJobQueue } from './job-queue'
import { startJobWorker } from './job-worker'

// Polls so rare that a job found only by a poll would time the test out: what runs, a wake started.
const POLL_SECONDS = 60

/** A job of a name, run by two workers fetching `batchSize` at a time, never retried. */
function namedJob(options: { id: string; batchSize: number }, handle: (name: string) => Promise<void>) {
  return defineJob<{ name: string }, unknown>({
    id: options.id,
    version: 1,
    payload: z.object({ name: z.string() }),
    policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 120 },
    singletonKey: (payload) => payload.name,
    throughput: { batchSize: options.batchSize, fetchers: 2 },
    handle: ({ payload }) => handle(payload.name),
  })
}

describe('waking workers for a new job', () => {
  let queue: TJobQueue | undefined
  let closeDatabase: (() => Promise<void>) | undefined
  afterEach(async () => {
    await queue?.stop()
    await closeDatabase?.()
  })

  /** A queue on a fresh PGlite (copied from the migrated template) with the workers of `job` started, polling too rarely to matter. */
  async function startWorkers(job: TAnyJobDefinition): Promise<TJobQueue> {
    const { db, close } = await openTestDatabase('pglite')
    closeDatabase = close
    queue = await startJobQueue({
      db,
      databaseUrl: undefined,
      definitions: [job],
      isSupervisor: true,
      log: testLog,
    })
    await startJobWorker({
      db,
      queue,
      ctx: {},
      pollingIntervalSeconds: POLL_SECONDS,
      log: () => undefined,
    })
    return queue
  }

  it('wakes an idle worker, not one busy with a long run', async () => {
    const started: string[] = []
    const done: string[] = []
    let releaseSlow: () => void = () => undefined
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve
    })
    const job = namedJob({ id: 'wake-test', batchSize: 1 }, async (name) => {
      started.push(name)
      if (name === 'slow') await slowGate
      done.push(name)
    })
    const running = await startWorkers(job)
    await running.enqueue(job, { name: 'slow' })
    await waitForValue(() => started.includes('slow'), { timeoutMs: 10_000, what: 'the slow run to start' })
    await running.enqueue(job, { name: 'first' })
    await waitForValue(() => done.includes('first'), { timeoutMs: 10_000, what: 'the first quick run' })
    // Taking turns alone would now wake the worker still busy with the slow run.
    await running.enqueue(job, { name: 'second' })
    await waitForValue(() => done.includes('second'), { timeoutMs: 10_000, what: 'the second quick run' })
    expect(done).toEqual(['first', 'second'])
    releaseSlow()
    await waitForValue(() => done.includes('slow'), { timeoutMs: 10_000, what: 'the slow run to end' })
  })

  it('wakes a second worker when the first fetched a full batch, so the rest does not wait for a poll', async () => {
    const started: string[] = []
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const job = namedJob({ id: 'full-batch-test', batchSize: 2 }, async (name) => {
      started.push(name)
      await gate
    })
    const running = await startWorkers(job)
    // One insert, so one wake: the batch of two it starts holds its worker until the gate opens.
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => running.enqueueSoon(job, { name })))
    try {
      await waitForValue(() => started.length === 4, { timeoutMs: 10_000, what: 'all four runs to start' })
    } finally {
      release()
    }
  })
})
