import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open-database'
import { openPgliteDatabase } from '../db/pglite-database'
import { openPostgresDatabase } from '../db/postgres-database'
import { seedPgliteDataDir } from './pglite-template'

/** The Postgres that integration tests also run against, when CI (or a developer) provides one. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

/** Creates an empty database on the TEST_DATABASE_URL server; returns its URL and a drop function. */
export async function createTestDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pd_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** The database kinds a suite runs on: always PGlite, Postgres too when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS = TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)

/** A fresh, migrated database of `kind` (`url` for Postgres); `close` closes it and drops a Postgres one. */
export async function openTestDatabase(
  kind: (typeof DATABASE_KINDS)[number],
): Promise<{ db: TDatabase; url: string | undefined; close(): Promise<void> }> {
  const server =
    kind === 'postgres' && TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : undefined
  const dataDir = server ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-db-'))
  if (dataDir) await seedPgliteDataDir(dataDir)
  const db = await openDatabase({ databaseUrl: server?.url, dataDir, sync: false, pgliteThread: 'main' })
  return {
    db,
    url: server?.url,
    async close() {
      await db.close()
      await server?.drop()
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A database of `kind` migrated up to, not including, migration `before`: a migration's test fills it as the
 * older version left it, then migrates the rest. `close` closes it and drops a Postgres one.
 */
export async function openDatabaseBefore(
  kind: (typeof DATABASE_KINDS)[number],
  before: string,
): Promise<{ db: TDatabase; close(): Promise<void> }> {
  const server =
    kind === 'postgres' && TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : undefined
  const db = server ? await openPostgresDatabase(server.url) : await openPgliteDatabase(undefined)
  await migrate(db, { before })
  return {
    db,
    async close() {
      await db.close()
      await server?.drop()
    },
  }
}
