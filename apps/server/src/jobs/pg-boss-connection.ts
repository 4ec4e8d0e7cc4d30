import type PgBoss from 'pg-boss'
import type { TDatabase } from '../db/database'
import type { TPgliteSession } from '../db/pglite-session'

// pg-boss wraps its maintenance in `BEGIN; ...; COMMIT;` scripts without parameters.
const WRAPPED_SCRIPT = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i

/**
 * pg-boss talks to PGlite through its `db: { executeSql }` option. PGlite's query() takes one statement
 * with parameters and exec() takes a script without; pg-boss sends both kinds. Its BEGIN...COMMIT
 * scripts run inside PGlite's transaction(), which holds PGlite's lock throughout and rolls back on an
 * error, so a failing script can never leave the one shared session inside an aborted transaction.
 */
export function createPgliteExecutor(session: TPgliteSession): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return session.query(text, values)
      const script = WRAPPED_SCRIPT.exec(text)
      const results = script ? await session.execInTransaction(script[1] ?? '') : await session.exec(text)
      return results.at(-1) ?? { rows: [] }
    },
  }
}

export type TPgBossConnectionOptions = { db: TDatabase; databaseUrl: string | undefined }

/**
 * On Postgres pg-boss gets the connection string and its own small pool, so its polling never waits
 * behind API queries and a failed script of its own can never hand an aborted session back to ours.
 */
export function pgBossConnection(options: TPgBossConnectionOptions): PgBoss.DatabaseOptions {
  const { db } = options
  if (db.kind === 'pglite') {
    if (!('session' in db)) throw new Error('a PGlite database must expose its session')
    return { db: createPgliteExecutor(db.session as TPgliteSession) }
  }
  if (!options.databaseUrl) throw new Error('pg-boss on Postgres needs the database URL')
  return { connectionString: options.databaseUrl, max: 4, application_name: 'parsedesk-jobs' }
}
