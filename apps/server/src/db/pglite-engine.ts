import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { useBufferBytea } from './pglite-bytea'
import { DURABLE_START_PARAMS, DurableNodeFS, syncTree } from './pglite-durable-fs'

export type TPgliteOptions = {
  /**
   * false: commits stay in the page cache, as before decision 030 (they survive a killed process, not a power
   * cut). Only for data nobody keeps: test servers and their templates.
   */
  sync?: boolean
}

/** PGlite on `dataDir` (in memory without one), ready, with the server's bytea conversions. */
export async function createPglite(
  dataDir: string | undefined,
  options: TPgliteOptions = {},
): Promise<PGlite> {
  const pglite = !dataDir
    ? new PGlite()
    : options.sync === false
      ? new PGlite(dataDir)
      : await openDurable(dataDir)
  await pglite.waitReady
  useBufferBytea(pglite)
  return pglite
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
