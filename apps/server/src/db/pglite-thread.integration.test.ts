import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgBossConnection } from '../jobs/pg-boss-connection'
import { seedPgliteDataDir } from '../testing/pglite-template'
import type { TDatabase } from './database'
import { openPgliteDatabase } from './pglite-database'
import {
  connectPgliteWorker,
  DatabaseThreadError,
  openPgliteThread,
  startPgliteWorker,
} from './pglite-thread'

// PGlite on a thread of its own (decision 034), the server's default database. PGlite only: on Postgres the
// database is another process already.

/** A copy of the migrated test template: a fresh PGlite would spend seconds in initdb. */
async function freshDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-thread-'))
  await seedPgliteDataDir(dataDir)
  return path.join(dataDir, 'pglite')
}

/** How many times a 20 ms timer fired while `work` ran: none when the work holds the event loop. */
async function timerTicksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0
  const timer = setInterval(() => {
    ticks += 1
  }, 20)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return ticks
}

describe('PGlite on its own thread', () => {
  const dataDirs: string[] = []
  let db: TDatabase
  beforeAll(async () => {
    const dataDir = await freshDataDir()
    dataDirs.push(dataDir)
    db = await openPgliteThread(dataDir, { sync: false })
    await db.exec('create table thread_test (id integer primary key, note text, raw bytea)')
  })
  afterAll(async () => {
    await db?.close()
    for (const dataDir of dataDirs) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })
  })

  it('leaves the event loop free while a statement runs', async () => {
    // A second of engine time: on the event loop's thread no timer fires until it ends.
    const ticks = await timerTicksDuring(() => db.query('select pg_sleep(1)'))
    expect(ticks).toBeGreaterThanOrEqual(10)
  })

  it('gives back the types the same statement gives in process', async () => {
    const sql = `select 1::int as int, 9007199254740993::bigint as big, 1.50::numeric as num, true as bool,
      null::text as nothing, '2026-11-28T01:02:03.456Z'::timestamptz as at, '{"a":[1,"x"]}'::jsonb as json,
      array['a','b']::text[] as texts, $1::text as param, $2::bytea as raw, array[$2::bytea] as raws`
    const params = ['caf\u00e9', Buffer.from([0, 1, 254, 255])]
    const hereDir = await freshDataDir()
    dataDirs.push(hereDir)
    const here = await openPgliteDatabase(hereDir, { sync: false })
    try {
      const expected = (await here.query(sql, params)).rows
      const rows = (await db.query(sql, params)).rows
      expect(rows).toEqual(expected)
      const [row] = rows as { at: unknown; raw: unknown; raws: unknown[] }[]
      expect(row?.at).toBeInstanceOf(Date)
      expect(Buffer.isBuffer(row?.raw)).toBe(true)
      expect(Buffer.isBuffer(row?.raws[0])).toBe(true)
    } finally {
      await here.close()
    }
  })

  it.each([0, 100, 64 * 1024, 5 * 1024 * 1024])('gives back %i bytes of bytea as a Buffer', async (size) => {
    const raw = crypto.randomBytes(size)
    const id = size + 1
    await db.query('insert into thread_test (id, raw) values ($1, $2)', [id, raw])
    const { rows } = await db.query<{ raw: Buffer }>('select raw from thread_test where id = $1', [id])
    expect(Buffer.isBuffer(rows[0]?.raw)).toBe(true)
    expect(rows[0]?.raw.equals(raw)).toBe(true)
    // The caller's buffer is copied, not moved: it still holds its bytes.
    expect(raw.byteLength).toBe(size)
  })

  it("keeps Postgres's fields of an error", async () => {
    await db.query("insert into thread_test (id, note) values (1000, 'first')")
    const error = await db.query("insert into thread_test (id, note) values (1000, 'again')").catch((e) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'thread_test_pkey',
      detail: 'Key (id)=(1000) already exists.',
      table: 'thread_test',
    })
    expect(error.message).toContain('duplicate key')
  })

  it('refuses a parameter it cannot send, and goes on serving', async () => {
    await expect(db.query('select $1::text as x', [() => 'a function'])).rejects.toThrow()
    await expect(db.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] })
  })

  it('rolls a transaction back when its function throws, and goes on serving', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.query("insert into thread_test (id, note) values (2000, 'rolled back')")
        await tx.query('select 1 / 0')
      })
      .catch((e) => e)
    expect(failure).toMatchObject({ code: '22012' })
    const { rows } = await db.query('select id from thread_test where id = 2000')
    expect(rows).toEqual([])
    await expect(db.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] })
  })

  it("holds others' statements until a transaction ends, so none sees or joins it", async () => {
    let release!: () => void
    const paused = new Promise<void>((resolve) => {
      release = resolve
    })
    let inserted!: () => void
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve
    })
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into thread_test (id, note) values (3000, 'uncommitted')")
      inserted()
      await paused
      throw new Error('changed my mind')
    })
    await insertedYet
    let outsideDone = false
    // Were it sent now, it would run inside the open transaction and see its row.
    const outside = db.query('select count(*)::int as n from thread_test where id = 3000').then((result) => {
      outsideDone = true
      return result
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(outsideDone).toBe(false)
    release()
    await expect(transaction).rejects.toThrow('changed my mind')
    expect((await outside).rows).toEqual([{ n: 0 }])
  })

  it('commits a transaction whole, in order with the statements around it', async () => {
    const first = db.query("insert into thread_test (id, note) values (4000, 'before')")
    const transaction = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        'select count(*)::int as n from thread_test where id = 4000',
      )
      await tx.query("insert into thread_test (id, note) values (4001, 'inside')")
      return rows[0]?.n
    })
    const after = db.query<{ n: number }>(
      'select count(*)::int as n from thread_test where id in (4000, 4001)',
    )
    await first
    expect(await transaction).toBe(1)
    expect((await after).rows).toEqual([{ n: 2 }])
  })

  it('runs pg-boss: a job sent, fetched and completed', async () => {
    const boss = new PgBoss({
      ...pgBossConnection({ db, databaseUrl: undefined }),
      supervise: false,
      schedule: false,
    })
    boss.on('error', () => undefined)
    await boss.start()
    try {
      await boss.createQueue('thread-test')
      const id = await boss.send('thread-test', { raw: 'caf\u00e9' })
      const [job] = await boss.fetch<{ raw: string }>('thread-test')
      expect(job?.id).toBe(id)
      expect(job?.data).toEqual({ raw: 'caf\u00e9' })
      await boss.complete('thread-test', id as string)
      expect((await boss.getJobById('thread-test', id as string))?.state).toBe('completed')
    } finally {
      await boss.stop({ graceful: false, wait: true })
    }
  }, 60_000)

  it('fails every call, waiting or new, once its thread is gone, and says so once', async () => {
    const dataDir = await freshDataDir()
    dataDirs.push(dataDir)
    const worker = startPgliteWorker(dataDir, { sync: false })
    const deaths: Error[] = []
    const dying = await connectPgliteWorker(worker, { onDeath: (error) => deaths.push(error) })
    const waiting = dying.query('select pg_sleep(5)')
    await new Promise((resolve) => setTimeout(resolve, 200))
    await worker.terminate()
    await expect(waiting).rejects.toBeInstanceOf(DatabaseThreadError)
    await expect(dying.query('select 1')).rejects.toBeInstanceOf(DatabaseThreadError)
    await expect(dying.transaction(async () => undefined)).rejects.toBeInstanceOf(DatabaseThreadError)
    expect(deaths).toHaveLength(1)
    await dying.close()
  })
})
