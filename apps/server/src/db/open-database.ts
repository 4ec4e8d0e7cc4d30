import path from 'node:path'
import type { TDatabase } from './database'
import { migrate } from './migrate'
import { openPgliteDatabase } from './pglite-database'
import { openPgliteThread } from './pglite-thread'
import { openPostgresDatabase } from './postgres-database'

export type TOpenDatabaseOptions = {
  databaseUrl?: string
  dataDir?: string
  poolSize?: number
  /** PGlite's commits synced to disk (decision 030); false only for data nobody keeps (DATABASE_SYNC). */
  sync?: boolean
  /**
   * Where PGlite runs (decision 034): `own`, a thread of its own, so the event loop answers while it works;
   * `main`, the calling thread, which starts faster, for the many short-lived databases of the test suites.
   */
  pgliteThread?: 'own' | 'main'
  /** PGlite's thread stopped without being closed: nothing more will run on this database. */
  onDeath?(error: Error): void
}

/** DATABASE_URL set: a real Postgres; unset: PGlite under DATA_DIR/pglite. Migrated before use. */
export async function openDatabase(options: TOpenDatabaseOptions): Promise<TDatabase> {
  const db = options.databaseUrl
    ? await openPostgresDatabase(options.databaseUrl, { max: options.poolSize })
    : await openPglite(options)
  await migrate(db)
  return db
}

function openPglite(options: TOpenDatabaseOptions) {
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined
  return options.pgliteThread === 'main'
    ? openPgliteDatabase(dataDir, { sync: options.sync })
    : openPgliteThread(dataDir, { sync: options.sync, onDeath: options.onDeath })
}
