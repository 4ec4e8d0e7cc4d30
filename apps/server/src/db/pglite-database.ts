import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { TDatabase, TQueryable } from './database'
import { useBufferBytea } from './pglite-bytea'
import { toStorableParam } from './storable-text'

export async function openPgliteDatabase(
  dataDir: string | undefined,
): Promise<TDatabase & { pglite: PGlite }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true })
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite()
  await pglite.waitReady
  useBufferBytea(pglite)
  const wrap = (q: Pick<PGlite, 'query'>): TQueryable => ({
    async query(sql, params) {
      const result = await q.query<never>(sql, params?.map(toStorableParam))
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    },
  })
  return {
    kind: 'pglite',
    pglite,
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await pglite.exec(sql)
    },
    close: () => pglite.close(),
    async dumpDataDir() {
      // Every page written out first: a restored copy then has little write-ahead log to replay.
      await pglite.query('checkpoint')
      return pglite.dumpDataDir('gzip')
    },
  }
}

/**
 * Makes `dataDir` (absent or empty) the database of a `dumpDataDir` tar, opens it once to check that
 * PGlite can read it, and closes it.
 */
export async function loadPgliteDataDir(dataDir: string, dump: Blob): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true })
  const pglite = await PGlite.create({ dataDir, loadDataDir: dump })
  try {
    await pglite.query('select 1 from schema_migrations limit 1')
  } finally {
    await pglite.close()
  }
}
