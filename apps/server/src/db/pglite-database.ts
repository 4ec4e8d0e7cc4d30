import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TDatabase, TQueryable } from './database'
import { useBufferBytea } from './pglite-bytea'
import { DURABLE_START_PARAMS, DurableNodeFS, syncTree } from './pglite-durable-fs'
import { toStorableParam } from './storable-text'

export type TPgliteOptions = {
  /**
   * false: commits stay in the page cache, as before decision 030 (they survive a killed process, not a power
   * cut). Only for data nobody keeps: test servers and their templates.
   */
  sync?: boolean
}

export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: TPgliteOptions = {},
): Promise<TDatabase & { pglite: PGlite }> {
  const pglite = !dataDir
    ? new PGlite()
    : options.sync === false
      ? new PGlite(dataDir)
      : await openDurable(dataDir)
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
 * A commit on disk before it returns: Postgres's fsync on, and its syncs reaching the disk. A folder
 * initdb has just filled is synced whole, as initdb wrote it without a sync.
 */
async function openDurable(dataDir: string): Promise<PGlite> {
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'))
  fs.mkdirSync(dataDir, { recursive: true })
  const pglite = await PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS })
  if (fresh) syncTree(dataDir)
  return pglite
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
