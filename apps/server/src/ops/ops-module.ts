import type { TConfig } from '../config/config'
import type { TLog } from '../core/logger'
import type { THealthCheck } from '../core/module'
import type { TDatabase } from '../db/database'
import { pendingMigrations } from '../db/migrate'
import type { TJobQueue } from '../jobs/job-queue'
import { analyzeTicketJob } from '../tickets/analyze-ticket.job'
import { createReadiness } from './health'
import { createMetrics } from './metrics'
import { healthRoutes, metricsNotHere, startOpsServer } from './ops-routes'

/**
 * What operators read, as one module for server.ts: the metrics every module reports to, the readiness
 * checks (the database's, the queue's, and those other modules add as they start), its routes, and the
 * METRICS_PORT listener.
 */
export function createOpsModule(options: {
  config: TConfig
  db: TDatabase
  queue: TJobQueue
  /** Informs, never fails readiness: an http process behind on mail still serves the dashboard (decision 031). */
  details(): Promise<Record<string, unknown>>
  logOf(part: string): TLog
}) {
  const { config, db, queue } = options
  const metrics = createMetrics({
    db,
    jobQueues: queue.definitions.map((definition) => definition.id),
    analysisQueue: analyzeTicketJob.id,
    log: options.logOf('metrics'),
  })
  const checks: THealthCheck[] = [
    {
      name: 'database',
      problem: async () => {
        await db.query('select 1')
        return undefined
      },
    },
    {
      name: 'migrations',
      problem: async () => {
        const pending = await pendingMigrations(db)
        return pending.length === 0 ? undefined : `${pending.length} not applied`
      },
    },
    { name: 'queue', problem: async () => (queue.isRunning() ? undefined : 'stopped') },
  ]
  const readiness = createReadiness({ checks, log: options.logOf('health'), details: options.details })
  let listener: { url: string; close(): Promise<void> } | undefined
  return {
    metrics,
    readiness,
    routes: [healthRoutes(readiness), metricsNotHere],
    /** Checks a module adds once started (the SMTP listener's), read from now on. */
    addChecks(more: readonly THealthCheck[]) {
      checks.push(...more)
    },
    /** The METRICS_PORT listener, when set; started last, so a ready answer means every role is up. */
    async start() {
      if (config.metrics) listener = await startOpsServer({ ...config.metrics, metrics, readiness })
      return undefined
    },
    metricsUrl: () => listener?.url,
    async close() {
      await listener?.close()
    },
  }
}
