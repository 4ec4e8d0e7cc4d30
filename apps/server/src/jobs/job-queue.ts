import PgBoss from 'pg-boss'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable } from '../db/database'
import { createGroupCommit, type TGroupCommit } from '../db/group-commit'
import type { TAnyJobDefinition, TJobDefinition } from './job-definition'
import { JOB_WAKE_CHANNEL } from './job-wake-listener'
import { pgBossConnection } from './pg-boss-connection'

/** What a job row holds: the payload and the version of the definition that wrote it. */
export type TJobEnvelope = { version: number; payload: unknown }

export type TStartJobQueueOptions = {
  db: TDatabase
  databaseUrl: string | undefined
  definitions: readonly TAnyJobDefinition[]
  /** Runs pg-boss's maintenance (expiring lost runs, archiving): workers do, enqueue-only roles need not. */
  isSupervisor: boolean
  maintenanceIntervalSeconds?: number
  log: TLog
}

/** One of this process's fetchers of a queue (job-worker.ts). */
export type TLocalWorker = {
  /** Running a batch: a wake goes to an idle one first. */
  isBusy(): boolean
  /** Asks it to fetch now instead of at its next poll. */
  notify(): void
  /** Stops fetching; runs in flight get `graceMs` to finish, then are handed back for a retry. */
  stop(graceMs: number): Promise<void>
}

export type TJobQueue = {
  readonly boss: PgBoss
  readonly definitions: readonly TAnyJobDefinition[]
  /**
   * Returns the job id, or null when a job with the same key is already waiting. With `startAfter`, no
   * worker takes it before then (a reply held for undo, decision 039).
   */
  enqueue<Payload>(
    definition: TJobDefinition<Payload>,
    payload: Payload,
    options?: { startAfter?: Date },
  ): Promise<string | null>
  /**
   * Enqueues without telling the job id (or whether one was already waiting): enqueues of one kind made
   * in one turn of the event loop, or while the previous insert is under way, go to pg-boss together in
   * one statement. Resolves once stored.
   */
  enqueueSoon<Payload>(definition: TJobDefinition<Payload>, payload: Payload): Promise<void>
  /**
   * Enqueues in the caller's transaction (same database): the job exists if and only if the transaction
   * commits, for work decided inside one that has no moment after its commit (a rule's webhook).
   */
  enqueueIn<Payload>(tx: TQueryable, definition: TJobDefinition<Payload>, payload: Payload): Promise<void>
  /** A worker of this process: it hears of new jobs at once instead of at its next poll, and stops first. */
  addLocalWorker(queueName: string, worker: TLocalWorker): void
  /** Tells this process's workers of `queueName` that a job may be waiting (one was enqueued elsewhere). */
  wake(queueName: string): void
  /** Started and not stopped: jobs can be enqueued (and, on a supervisor, expired runs are retried). */
  isRunning(): boolean
  stop(): Promise<void>
}

const MAINTENANCE_INTERVAL_SECONDS = 30
// pg-boss hands a due scheduled job to its queue within this long (its default polls every 5 s).
const CRON_WORKER_INTERVAL_SECONDS = 30
const QUEUE_SETUP_LOCK_KEY = 72_110_042
// Runs in flight when the process is asked to stop get this long to finish before they are handed back:
// inside the 10 s a container runtime gives a process after SIGTERM before it kills it.
const STOP_GRACE_MS = 7_000

/** Starts pg-boss on the application's database (creating its schema and our queues if missing). */
export async function startJobQueue(options: TStartJobQueueOptions): Promise<TJobQueue> {
  const { log } = options
  const boss = new PgBoss({
    ...pgBossConnection({ db: options.db, databaseUrl: options.databaseUrl }),
    // The supervisors keep the timetables: pg-boss's cron monitor enqueues a due job once for the cluster.
    schedule: options.isSupervisor,
    cronWorkerIntervalSeconds: CRON_WORKER_INTERVAL_SECONDS,
    supervise: options.isSupervisor,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
  })
  // An EventEmitter without an 'error' listener would throw, and take the process down with it.
  boss.on('error', (error) => log('pg-boss', error))
  let running = false
  boss.on('stopped', () => {
    running = false
  })
  await oneProcessAtATime(options.db, async () => {
    await boss.start()
    for (const definition of options.definitions) {
      // 'short': one waiting job per singleton key, so enqueuing twice (sweeper and creator racing) is harmless.
      await boss.createQueue(definition.id, { name: definition.id, policy: 'short' })
    }
    if (options.isSupervisor) await storeSchedules(boss, options.definitions)
  })
  running = true

  const localWorkers = new Map<string, TLocalWorker[]>()
  // One worker is enough to fetch what was just enqueued (it fetches a batch, and asks again at once while
  // it finds work); waking them all would have every other one fetch nothing. An idle one is woken, so
  // the job is not left to a busy one's next turn; they take turns.
  const wakeLocal = (queueName: string) => {
    const workers = localWorkers.get(queueName) ?? []
    const idle = workers.findIndex((worker) => !worker.isBusy())
    const [worker] = workers.splice(Math.max(idle, 0), 1)
    if (worker === undefined) return
    workers.push(worker)
    worker.notify()
  }
  const announcements = throttleAnnouncements({ db: options.db, log })
  const wake = (queueName: string) => {
    wakeLocal(queueName)
    announcements.announce(queueName)
  }
  // Per queue, so a wake follows its own insert. No size limit worth having: a job row is ~100 bytes.
  const inserts = new Map<string, TGroupCommit<TPendingJob>>()
  const insertsOf = (queueName: string) => {
    let queueInserts = inserts.get(queueName)
    if (!queueInserts) {
      queueInserts = createGroupCommit<TPendingJob>({
        limits: { maxItems: INSERT_MAX_JOBS, maxSize: Number.POSITIVE_INFINITY },
        sizeOf: () => 1,
        async write(group) {
          await boss.insert(group.map((pendingJob) => pendingJob.job))
          for (const pendingJob of group) pendingJob.resolve()
          wake(queueName)
        },
      })
      inserts.set(queueName, queueInserts)
    }
    return queueInserts
  }
  return {
    boss,
    definitions: options.definitions,
    async enqueue(definition, payload, options) {
      const { data, ...jobOptions } = describeJob(definition, payload)
      const startAfter = options?.startAfter
      const id = await boss.send(definition.id, data, startAfter ? { ...jobOptions, startAfter } : jobOptions)
      wake(definition.id)
      return id
    },
    async enqueueSoon(definition, payload) {
      const job = { name: definition.id, ...describeJob(definition, payload) }
      return new Promise<void>((resolve, reject) => insertsOf(definition.id).add({ job, resolve, reject }))
    },
    async enqueueIn(tx, definition, payload) {
      const { data, ...jobOptions } = describeJob(definition, payload)
      const db = { executeSql: (text: string, values?: unknown[]) => tx.query(text, values) }
      await boss.send(definition.id, data, { ...jobOptions, db })
    },
    addLocalWorker(queueName, worker) {
      localWorkers.set(queueName, [...(localWorkers.get(queueName) ?? []), worker])
    },
    wake: wakeLocal,
    isRunning: () => running,
    async stop() {
      running = false
      try {
        const workers = [...localWorkers.values()].flat()
        localWorkers.clear()
        await Promise.all(workers.map((worker) => worker.stop(STOP_GRACE_MS)))
        await boss.stop({ graceful: false, wait: true })
      } finally {
        announcements.stop()
      }
    },
  }
}

type TPendingJob = { job: PgBoss.JobInsert<TJobEnvelope>; resolve(): void; reject(error: unknown): void }

// Keeps one insert's statement a sane size under a burst.
const INSERT_MAX_JOBS = 1000

/** The row pg-boss stores for one job: the versioned payload and the definition's retry policy. */
function describeJob<Payload>(definition: TJobDefinition<Payload>, payload: Payload) {
  const parsed = definition.payload.parse(payload)
  const data: TJobEnvelope = { version: definition.version, payload: parsed }
  return {
    data,
    singletonKey: definition.singletonKey(parsed),
    retryLimit: definition.policy.retryLimit,
    retryDelay: definition.policy.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: definition.policy.expireInSeconds,
  }
}

/**
 * Stores each definition's timetable in pg-boss, at every start, so a changed one takes effect; a
 * definition that no longer has one loses it.
 */
async function storeSchedules(boss: PgBoss, definitions: readonly TAnyJobDefinition[]): Promise<void> {
  for (const definition of definitions) {
    if (!definition.schedule) {
      await boss.unschedule(definition.id)
      continue
    }
    const { data, ...jobOptions } = describeJob(definition, definition.schedule.payload)
    await boss.schedule(definition.id, definition.schedule.cron, data, { ...jobOptions, tz: 'UTC' })
  }
}

/**
 * Processes starting together against one Postgres deadlock in pg-boss's create_queue (each creates and
 * attaches a partition of pgboss.job), so they take turns. Our transaction only holds the lock: pg-boss
 * works on its own pool. PGlite has one process, and a pg-boss call inside our transaction would
 * deadlock on its one connection, so it needs and gets no lock.
 */
async function oneProcessAtATime(db: TDatabase, fn: () => Promise<void>): Promise<void> {
  if (db.kind === 'pglite') return fn()
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [QUEUE_SETUP_LOCK_KEY])
    await fn()
  })
}

// Workers in other processes hear of new jobs through NOTIFY (job-wake-listener.ts) within this long;
// under load a queue's enqueues then cost one NOTIFY per window, not one each.
const ANNOUNCE_WINDOW_MS = 20

/**
 * NOTIFY of new jobs per queue, at most once a window (the first at once, the rest at the window's end).
 * PGlite has no other process. Not awaited: the jobs are stored, and a lost wake only means another
 * process's next poll finds them.
 */
function throttleAnnouncements(options: { db: TDatabase; log: TLog }): {
  announce(queueName: string): void
  stop(): void
} {
  const windows = new Map<string, { again: boolean; timer: NodeJS.Timeout }>()
  let stopped = false
  const notify = (queueName: string) => {
    options.db
      .query('select pg_notify($1, $2)', [JOB_WAKE_CHANNEL, queueName])
      .catch((error: unknown) => options.log(`could not announce new ${queueName} jobs`, error))
  }
  const open = (queueName: string) => {
    notify(queueName)
    const timer = setTimeout(() => {
      const again = windows.get(queueName)?.again
      windows.delete(queueName)
      if (again) open(queueName)
    }, ANNOUNCE_WINDOW_MS)
    windows.set(queueName, { again: false, timer })
  }
  return {
    announce(queueName) {
      // After stop the database is closing: a NOTIFY then would only fail.
      if (options.db.kind !== 'postgres' || stopped) return
      const window = windows.get(queueName)
      if (window) window.again = true
      else open(queueName)
    },
    stop() {
      stopped = true
      for (const window of windows.values()) clearTimeout(window.timer)
      windows.clear()
    },
  }
}
