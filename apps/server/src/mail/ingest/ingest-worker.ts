import { setTimeout as sleep } from 'node:timers/promises'
import type { TLog } from '../../core/logger'
import type { TDatabase } from '../../db/database'
import {
  claimDeliveries,
  failDeliveries,
  INGEST_POLICY,
  releaseClaims,
  retryDelaySeconds,
  type TClaimedDelivery,
} from '../inbound/inbound-queue'
import type { TInboundProcessor } from './inbound-processor'

export type TIngestWorker = {
  /** Deliveries may be waiting (stored here or, through NOTIFY, elsewhere): an idle fetcher claims now. */
  wake(): void
  /** Stops claiming; batches in flight get `graceMs` to finish, then their claims are handed back. */
  stop(graceMs: number): Promise<void>
}

export type TStartIngestWorkerOptions = {
  db: TDatabase
  processor: Pick<TInboundProcessor, 'processInboundBatch'>
  log: TLog
  /** Deliveries per claim; a batch is decided in one transaction whose statements do not grow with it. */
  batchSize?: number
  /** Claims in flight: a second keeps the database busy while one batch commits. */
  fetchers?: number
  /** An idle fetcher claims again after this long, in case a wake was lost or a back-off ended. */
  pollMs?: number
  claimSeconds?: number
  /** Told of every try that ended, with its delivery's arrival (metrics). */
  onSettled?(run: { createdAt: Date; succeeded: boolean }): void
}

const DEFAULTS = { batchSize: 32, fetchers: 2, pollMs: 1_000 }

/**
 * Works the inbound store as the ingest queue (decision 041): each fetcher claims a batch of waiting
 * deliveries (`for update skip locked`, so any number of fetchers and processes never claim one
 * delivery twice), decides it, and claims again at once while it finds work. Deciding a delivery is its
 * completion; a failed try is backed off; the processor rejects one whose last try failed.
 */
export function startIngestWorker(options: TStartIngestWorkerOptions): TIngestWorker {
  const fetchers = Array.from({ length: options.fetchers ?? DEFAULTS.fetchers }, () =>
    startFetcher(options, () => wake()),
  )
  const wake = () => {
    // One idle fetcher is enough: a full claim wakes another for the rest.
    const idle = fetchers.find((fetcher) => !fetcher.isBusy()) ?? fetchers[0]
    idle?.notify()
  }
  return {
    wake,
    async stop(graceMs) {
      await Promise.all(fetchers.map((fetcher) => fetcher.stop(graceMs)))
    },
  }
}

function startFetcher(options: TStartIngestWorkerOptions, wakeAnother: () => void) {
  const { db, log } = options
  const batchSize = options.batchSize ?? DEFAULTS.batchSize
  const claimSeconds = options.claimSeconds ?? INGEST_POLICY.claimSeconds
  let stopping = false
  let notified = false
  let pause: AbortController | undefined
  let batch: { claimed: TClaimedDelivery[]; settled: Promise<void> } | undefined

  const claim = () =>
    claimDeliveries(db, { limit: batchSize, claimSeconds }).catch((error: unknown) => {
      log('ingest could not claim deliveries', error)
      return []
    })
  const loop = (async () => {
    while (!stopping) {
      notified = false
      const claimed = await claim()
      if (claimed.length > 0) {
        // A full claim may have left more waiting: an idle fetcher takes the rest meanwhile.
        if (claimed.length === batchSize) wakeAnother()
        batch = { claimed, settled: runOutliving(claimed, claimSeconds) }
        await batch.settled
        batch = undefined
        continue
      }
      if (stopping || notified) continue
      pause = new AbortController()
      await sleep(options.pollMs ?? DEFAULTS.pollMs, undefined, { signal: pause.signal }).catch(
        () => undefined,
      )
      pause = undefined
    }
  })()

  /** Runs a batch; one still going when its claims run out is left to finish alone (they are claimable again). */
  function runOutliving(claimed: TClaimedDelivery[], seconds: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const outlived = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log(`ingest of ${claimed.length} deliveries outlived its claims (${seconds} s); going on`)
        resolve()
      }, seconds * 1000)
    })
    const ran = runBatch(options, claimed).catch((error: unknown) =>
      log(`ingest could not record the tries of ${claimed.length} deliveries`, error),
    )
    return Promise.race([ran, outlived]).finally(() => clearTimeout(timer))
  }

  return {
    isBusy: () => batch !== undefined,
    notify() {
      notified = true
      pause?.abort()
    },
    async stop(graceMs: number) {
      stopping = true
      pause?.abort()
      let timer: NodeJS.Timeout | undefined
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs)
      })
      await Promise.race([loop, grace])
      clearTimeout(timer)
      // Still deciding: another worker may take them now; a decision this one still commits wins (the
      // deciding transaction finds a delivery decided only once).
      const left = batch?.claimed.map((claimed) => claimed.id) ?? []
      await releaseClaims(db, left).catch((error: unknown) =>
        log(`ingest could not hand back ${left.length} claimed deliveries`, error),
      )
    },
  }
}

/** Decides a claimed batch, then backs off each delivery whose try failed (one statement for all). */
async function runBatch(options: TStartIngestWorkerOptions, claimed: TClaimedDelivery[]): Promise<void> {
  const runs = claimed.map((delivery) => ({
    inboundId: delivery.id,
    isLastAttempt: delivery.attempts >= INGEST_POLICY.maxAttempts,
  }))
  const errors = await options.processor
    .processInboundBatch(runs)
    .catch((error: unknown) => runs.map(() => error ?? new Error('the batch failed')))
  const failures = claimed.flatMap((delivery, index) => {
    const error = errors[index]
    options.onSettled?.({ createdAt: delivery.createdAt, succeeded: error === undefined })
    if (error === undefined) return []
    const message = error instanceof Error ? error.message : String(error)
    options.log(
      `ingest of delivery ${delivery.id}: try ${delivery.attempts} of ${INGEST_POLICY.maxAttempts} failed`,
      error,
    )
    return [{ id: delivery.id, error: message, delaySeconds: retryDelaySeconds(delivery.attempts) }]
  })
  await failDeliveries(options.db, failures)
}
