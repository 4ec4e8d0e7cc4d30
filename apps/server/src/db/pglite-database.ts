import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { TDatabase, TQueryable } from './database'
import { DURABLE_START_PARAMS, DurableNodeFS, syncTree } from './pglite-durable-fs'
import { createPglite, type TPgliteOptions } from './pglite-engine'
import type { TPgliteSession } from './pglite-session'
import { toStorableParam } from './storable-text'

export type { TPgliteOptions } from './pglite-engine'

/**
 * PGlite on the calling thread: for commands beside a server (admin, backup) and code that opens many
 * short-lived databases; a server runs it on a thread of its own (pglite-thread.ts, decision 034).
 */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: TPgliteOptions = {},
): Promise<TDatabase & { session: TPgliteSession }> {
  const pglite = await createPglite(dataDir, options)
  const wrap = (q: Pick<PGlite, 'query'>): TQueryable => ({
    async query(sql, params) {
      const result = await q.query<never>(sql, params?.map(toStorableParam))
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    },
  })
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn({ ...wrap(tx), inTransaction: true })),
    exec: async (sql) => {
      await pglite.exec(sql)
    },
    close: () => pglite.close(),
    async dumpDataDir() {
      // Every page written out first: a restored copy then has little write-ahead log to replay.
      await pglite.query('checkpoint')
      return pglite.dumpDataDir('gzip')
    },
    session: {
      query: (sql, params) => pglite.query(sql, [...params]),
      exec: (sql) => pglite.exec(sql),
      execInTransaction: (sql) => pglite.transaction((tx) => tx.exec(sql)),
    },
  }
}

/**
 * Makes `dataDir` (absent or empty) the database of a `dumpDataDir` tar, opens it once to check that
 * PGlite can read it, and closes it.
 */
export async function loadPgliteDataDir(dataDir: string, dump: Blob): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true })
  const pglite = await PGlite.create({
    fs: new DurableNodeFS(dataDir),
    startParams: DURABLE_START_PARAMS,
    loadDataDir: dump,
  })
  try {
    await pglite.query('select 1 from schema_migrations limit 1')
  } finally {
    await pglite.close()
  }
  // The restored files went through the page cache unsynced; a power cut must not leave half of them.
  syncTree(dataDir)
}
