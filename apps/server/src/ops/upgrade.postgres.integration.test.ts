import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { uniqueId } from '@parsedesk/contracts'
import * as esbuild from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase } from '../db/database'
import { openPostgresDatabase } from '../db/postgres-database'
import { sendRaw, TEST_INBOUND_DOMAIN } from '../mail/mail.test-kit'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { insertMailboxOwner } from '../testing/test-mailbox'
import { waitForValue } from '../testing/wait-for-value'
import { REPO_ROOT } from './container.test-kit'

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/src/db/migrations')
const MIGRATIONS = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file))
  .sort()
const NEWEST = MIGRATIONS.at(-1) as string

if (!TEST_DATABASE_URL) {
  console.log(
    '[ops] TEST_DATABASE_URL is not set: the concurrent start and rolling upgrade tests are skipped',
  )
}

/**
 * The previous version of the server, as its build would be: this code bundled as `npm run build` bundles
 * it (the workspace packages in, every other package an import), with every migration but the newest.
 * It runs with plain node from a folder whose node_modules is the repository's.
 */
async function buildPreviousVersion(): Promise<{ main: string; remove(): void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-previous-'))
  const dist = path.join(root, 'apps/server/dist')
  await esbuild.build({
    entryPoints: [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    outfile: path.join(dist, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@parsedesk/') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
  fs.mkdirSync(path.join(dist, 'migrations'))
  for (const file of MIGRATIONS.slice(0, -1))
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dist, 'migrations', file))
  fs.mkdirSync(path.join(dist, 'model'))
  fs.copyFileSync(
    path.join(REPO_ROOT, 'apps/server/src/analysis/model/default.model.json'),
    path.join(dist, 'model/default.model.json'),
  )
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'))
  return { main: path.join(dist, 'main.js'), remove: () => fs.rmSync(root, { recursive: true, force: true }) }
}

async function schemaMigrations(db: TDatabase): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; count: number }>(
    'select id, count(*)::int as count from schema_migrations group by id',
  )
  return new Map(rows.map((row) => [row.id, row.count]))
}

describe.skipIf(!TEST_DATABASE_URL)('starting and upgrading several processes on one PostgreSQL', () => {
  const databases: { url: string; drop(): Promise<void> }[] = []
  const processes: TServerProcess[] = []
  const opened: TDatabase[] = []
  let previous: { main: string; remove(): void } | undefined

  const freshDatabase = async () => {
    const database = await createTestDatabase(TEST_DATABASE_URL as string)
    databases.push(database)
    return database.url
  }
  const open = async (url: string) => {
    const db = await openPostgresDatabase(url, { max: 2 })
    opened.push(db)
    return db
  }

  beforeAll(async () => {
    previous = await buildPreviousVersion()
  })
  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()))
    await Promise.all(opened.map((db) => db.close()))
    await Promise.all(databases.map((database) => database.drop()))
    previous?.remove()
  })

  it('migrates once when three processes start together on a fresh database, and all three become ready', async () => {
    const url = await freshDatabase()
    const shared = { database: 'postgres', databaseUrl: url } as const
    const started = await Promise.all([
      startServerProcess({ ...shared, roles: 'http' }),
      startServerProcess({ ...shared, roles: 'smtp' }),
      startServerProcess({ ...shared, roles: 'worker' }),
    ])
    processes.push(...started)
    // Without the lock, two would run the same CREATE TABLE: one fails with "already exists" or a deadlock.
    for (const server of started) expect(server.output()).not.toMatch(/already exists|deadlock/i)
    const ready = await fetch(`${started[0]?.url}/health/ready`)
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({ status: 200 })
    const applied = await schemaMigrations(await open(url))
    expect([...applied.keys()].sort()).toEqual(MIGRATIONS)
    expect([...applied.values()].every((count) => count === 1)).toBe(true)
    for (const server of started) expect(await server.kill('SIGTERM')).toBe(0)
  }, 40_000)

  it('loses no mail in a rolling upgrade: the previous version stopped mid-stream while the new one takes over', async () => {
    const url = await freshDatabase()
    const shared = {
      database: 'postgres',
      databaseUrl: url,
      roles: 'smtp,worker',
      env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN },
    } as const
    const old = await startServerProcess({ ...shared, built: previous?.main })
    processes.push(old)
    const db = await open(url)
    expect((await schemaMigrations(db)).has(NEWEST)).toBe(false)
    const { mailbox } = await insertMailboxOwner(db, {
      id: uniqueId(),
      email: 'owner@example.com',
      name: 'Owner',
      domain: TEST_INBOUND_DOMAIN,
    })

    // Each sender sends one mail after another to its process until stopped; a mail counts once its 250 came.
    const acknowledged: string[] = []
    const refused: string[] = []
    let sent = 0
    const sender = (port: number, until: () => boolean) =>
      (async () => {
        while (!until()) {
          const subject = `mail ${++sent} via ${port}`
          const raw = `From: customer${sent}@example.org\r\nTo: ${mailbox.address}\r\nSubject: ${subject}\r\nMessage-ID: <m${sent}.${port}@example.org>\r\n\r\nMy order ${sent} has not arrived.\r\n`
          const result = await sendRaw({ port, to: mailbox.address, raw })
          ;(result.accepted ? acknowledged : refused).push(subject)
        }
      })()
    let oldStopped = false
    let done = false
    const toOld = sender(old.smtpPort, () => oldStopped)
    await waitForValue(() => acknowledged.length >= 10, { what: '10 mails taken by the previous version' })

    // The new version starts beside it and applies its migration while the previous one keeps taking mail.
    const next = await startServerProcess({ ...shared })
    processes.push(next)
    expect((await schemaMigrations(db)).get(NEWEST)).toBe(1)
    const toNew = sender(next.smtpPort, () => done)
    const beforeStop = acknowledged.length
    await waitForValue(() => acknowledged.length >= beforeStop + 10, { what: '10 more mails to both' })

    // The previous version is stopped while its sender is still mid-stream, then its sender stops.
    expect(await old.kill('SIGTERM')).toBe(0)
    oldStopped = true
    await toOld
    const afterStop = acknowledged.length
    await waitForValue(() => acknowledged.length >= afterStop + 10, {
      what: '10 mails to the new version alone',
    })
    done = true
    await toNew

    const tickets = await waitForValue(
      async () => {
        const { rows } = await db.query<{ subject: string; count: number }>(
          `select subject, count(*)::int as count from tickets group by subject`,
        )
        const made = new Map(rows.map((row) => [row.subject, row.count]))
        const waiting = await db.query(`select 1 from inbound_emails where "status" = 'received' limit 1`)
        return waiting.rows.length === 0 && acknowledged.every((subject) => made.has(subject)) && made
      },
      { what: 'a ticket for every acknowledged mail', timeoutMs: 30_000 },
    )
    expect(acknowledged.filter((subject) => tickets.get(subject) !== 1)).toEqual([])
    expect([...tickets.values()].every((count) => count === 1)).toBe(true)
    // Mail sent to the previous version as it stopped may be refused (the sender retries); none is lost silently.
    expect(acknowledged.length + refused.length).toBe(sent)
  }, 60_000)
})
