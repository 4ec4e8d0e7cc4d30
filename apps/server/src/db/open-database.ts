import path from 'node:path'
import type { TDatabase } from './database'
import { migrate } from './migrate'
import { openPgliteDatabase } from './pglite-database'
import { openPostgresDatabase } from './postgres-database'

export type TOpenDatabaseOptions = {
  databaseUrl?: string
  dataDir?: string
  poolSize?: number
  /** PGlite's commits synced to disk (decision 030); false only for data nobody keeps (DATABASE_SYNC). */
  sync?: boolean
}

/** DATABASE_URL set: a real Postgres; unset: PGlite under DATA_DIR/pglite. Migrated before use. */
export async function openDatabase(options: TOpenDatabaseOptions): Promise<TDatabase> {
  const db = options.databaseUrl
    ? await openPostgresDatabase(options.databaseUrl, { max: options.poolSize })
    : await openPgliteDatabase(options.dataDir ? path.join(options.dataDir, 'pglite') : undefined, {
        sync: options.sync,
      })
  await migrate(db)
  return db
}
