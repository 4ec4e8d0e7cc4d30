import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { createLocalFileStorage } from '../files/local-file-storage'
import { startJobQueue, type TJobQueue } from '../jobs/job-queue'
import { startJobWorker } from '../jobs/job-worker'
import { DATABASE_KINDS, openTestDatabase } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import { maintenanceJob } from './maintenance.job'

describe.each(DATABASE_KINDS)('the hourly upkeep as a pg-boss schedule, on %s', (kind) => {
  let db: TDatabase
  let databaseUrl: string | undefined
  let close: () => Promise<void>
  const queues: TJobQueue[] = []
  const logged: string[] = []
  const start = (isSupervisor: boolean) =>
    startJobQueue({
      db,
      databaseUrl,
      definitions: [maintenanceJob],
      isSupervisor,
      log: (message) => logged.push(message),
    }).then((queue) => {
      queues.push(queue)
      return queue
    })

  beforeAll(async () => {
    ;({ db, url: databaseUrl, close } = await openTestDatabase(kind))
  })
  afterAll(async () => {
    for (const queue of queues) await queue.stop()
    await close?.()
  })

  it('is stored once for the cluster, hourly, however many workers start, and not by enqueue-only roles', async () => {
    const schedules = async () =>
      (
        await db.query<{ name: string; cron: string; timezone: string }>(
          'select name, cron, timezone from pgboss.schedule',
        )
      ).rows
    await start(false)
    expect(await schedules()).toEqual([])
    await start(true)
    await start(true)
    expect(await schedules()).toEqual([{ name: 'maintenance', cron: '7 * * * *', timezone: 'UTC' }])
  })

  it('prunes what expired when its job runs', async () => {
    await insertUser(db, { id: 'upkeep-u1', email: 'upkeep@example.com', name: 'U', passwordHash: null })
    await db.query(
      `insert into sessions (id, user_id, secret_hash, provider, expire)
       values ('expired', 'upkeep-u1', 'expired', 'email', '2020-01-01'), ('live', 'upkeep-u1', 'live', 'email', '2999-01-01')`,
    )
    const queue = queues.at(-1)
    if (!queue) throw new Error('the first test started no queue')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-upkeep-'))
    const storage = createLocalFileStorage({ dir })
    await startJobWorker({
      db,
      queue,
      ctx: {
        maintenance: { db, storage, rawMailRetentionDays: undefined, log: (m: string) => logged.push(m) },
      },
      log: (message) => logged.push(message),
    })
    await queue.enqueue(maintenanceJob, {})
    const sessions = await waitForValue(
      async () => {
        const { rows } = await db.query<{ id: string }>(`select id from sessions where user_id = 'upkeep-u1'`)
        return rows.length === 1 && rows.map((row) => row.id)
      },
      { what: 'the expired session pruned', timeoutMs: 20_000 },
    )
    expect(sessions).toEqual(['live'])
    expect(logged.filter((line) => line.includes('failed'))).toEqual([])
  })

  // PostgreSQL's autovacuum does this there; PGlite has none.
  it.runIf(kind === 'pglite')('vacuums and analyzes the embedded database’s tables', async () => {
    const lastUpkeep = async () => {
      const { rows } = await db.query<{ vacuumed: Date | null; analyzed: Date | null }>(
        `select last_vacuum as vacuumed, last_analyze as analyzed from pg_stat_user_tables
         where schemaname = 'public' and relname = 'tickets'`,
      )
      return rows[0]
    }
    const before = await lastUpkeep()
    const queue = queues.at(-1)
    if (!queue) throw new Error('the first test started no queue')
    await queue.enqueue(maintenanceJob, {})
    const after = await waitForValue(
      async () => {
        const upkeep = await lastUpkeep()
        const analyzed = upkeep?.analyzed?.getTime() ?? 0
        return analyzed > (before?.analyzed?.getTime() ?? 0) && upkeep
      },
      { what: 'the tickets table analyzed', timeoutMs: 20_000 },
    )
    expect(after.vacuumed?.getTime()).toBeGreaterThan(before?.vacuumed?.getTime() ?? 0)
    expect(logged.filter((line) => line.includes('failed'))).toEqual([])
  })
})
