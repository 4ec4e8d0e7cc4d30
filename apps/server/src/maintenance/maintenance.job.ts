import { z } from 'zod'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TFileStorage } from '../files/file-storage'
import { defineJob } from '../jobs/job-definition'
import { vacuumEmbedded } from './embedded-upkeep'
import { pruneExpired } from './prune-expired'
import { sweepRetention, type TRetentionSweepOptions } from './retention-sweep'
import { sweepUnsentUploads } from './unsent-uploads-sweep'

export type TMaintenanceDeps = {
  db: TDatabase
  storage: TFileStorage
  rawMailRetentionDays: TRetentionSweepOptions['rawMailRetentionDays']
  log: TLog
}

/** What its handler needs from the worker. */
export type TMaintenanceContext = { maintenance: TMaintenanceDeps }

/**
 * The hourly upkeep: expired rows pruned, mail past its retention removed, uploads never sent swept, and on
 * the embedded database its tables vacuumed and analyzed.
 * A pg-boss schedule enqueues it once per cluster whatever the number of worker processes, and
 * `admin queues` shows it with its timetable. Each task is idempotent, so a retry runs them all again.
 */
export const maintenanceJob = defineJob<Record<string, never>, TMaintenanceContext>({
  id: 'maintenance',
  version: 1,
  payload: z.object({}).strict(),
  policy: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  singletonKey: () => 'maintenance',
  // One run an hour: a fetcher asking every half minute is on time enough and costs the database nothing.
  throughput: { batchSize: 1, fetchers: 1, pollSeconds: 30 },
  schedule: { cron: '7 * * * *', payload: {} },
  handle: ({ ctx }) => runMaintenance(ctx.maintenance),
})

/** Runs every task, even after one failed; then fails if any did, naming them, so the job is retried. */
export async function runMaintenance(deps: TMaintenanceDeps): Promise<void> {
  const { db, storage, log } = deps
  const tasks: [string, () => Promise<unknown>][] = [
    ['pruning expired rows', () => pruneExpired(db)],
    [
      'the retention sweep',
      () => sweepRetention({ db, storage, rawMailRetentionDays: deps.rawMailRetentionDays }),
    ],
    ['the sweep of unsent uploads', () => sweepUnsentUploads({ db, storage })],
    // Last: the rows the others removed are vacuumed in the same run.
    ["the embedded database's vacuum", () => vacuumEmbedded(db)],
  ]
  const failed: string[] = []
  for (const [name, task] of tasks) {
    await task().catch((error: unknown) => {
      log(`${name} failed`, error)
      failed.push(name)
    })
  }
  if (failed.length > 0) throw new Error(`maintenance: ${failed.join(', ')} failed`)
}
