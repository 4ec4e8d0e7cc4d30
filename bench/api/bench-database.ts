import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export type TBenchDatabaseKind = 'pglite' | 'postgres'

export type TBenchDatabase = {
  kind: TBenchDatabaseKind
  /** Environment for loadConfig: DATA_DIR always, DATABASE_URL for Postgres. */
  env: Record<string, string>
  /** The database's name on the Postgres server; undefined for PGlite. */
  postgresDatabase: string | undefined
  drop(): Promise<void>
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export function benchPostgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A fresh, empty database for one run: a temp PGlite directory, or `pd_bench_<random>` on a Postgres server. */
export async function createBenchDatabase(options: {
  kind: TBenchDatabaseKind
  postgresUrl: string
}): Promise<TBenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-bench-'))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (options.kind === 'pglite') {
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      postgresDatabase: undefined,
      drop: async () => removeDir(),
    }
  }
  const name = `pd_bench_${crypto.randomBytes(6).toString('hex')}`
  await withAdmin(options.postgresUrl, (admin) => admin.query(`create database ${name}`))
  const url = new URL(options.postgresUrl)
  url.pathname = `/${name}`
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    postgresDatabase: name,
    async drop() {
      await withAdmin(options.postgresUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      )
      removeDir()
    },
  }
}

/** Whether a Postgres answers at `url`; the bench then runs on PGlite alone and says so. */
export async function canReachPostgres(url: string): Promise<boolean> {
  try {
    await withAdmin(url, (admin) => admin.query('select 1'))
    return true
  } catch {
    return false
  }
}
