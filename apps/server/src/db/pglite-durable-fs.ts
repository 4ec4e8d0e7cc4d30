import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

// WASI's EIO: what a failed sync tells Postgres, which then stops rather than report a commit it may lose.
const WASI_EIO = 29

type TNodeStream = { nfd?: number; node: { mode: number } }
type TModOptions = Parameters<NodeFS['init']>[1]
type TMod = Parameters<NonNullable<TModOptions['preRun']>[number]>[0]

/**
 * PGlite's start-up parameters with Postgres's fsync left on. PGlite passes `-F` (fsync off) by default,
 * so a commit returned while its write-ahead log was still only in the OS page cache. The log is flushed
 * with fsync, not the default fdatasync: the WebAssembly build's fdatasync is a stub that returns at once,
 * its fsync reaches the file system below (given a real one by DurableNodeFS).
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
]

/**
 * PGlite's Node file system with syncs that reach the disk. Emscripten's NODEFS has no `fsync`, so every
 * fsync/fdatasync Postgres issues (the WAL at each commit, the data files and pg_control at each
 * checkpoint, directories after a rename) returned success having done nothing.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: TModOptions) {
    const { emscriptenOpts } = await super.init(pg, opts)
    const syncOnOpen = (mod: TMod) => {
      const streamOps = (mod.NODEFS as unknown as { stream_ops: Record<string, unknown> }).stream_ops
      streamOps.fsync = (stream: TNodeStream) => {
        if (stream.nfd === undefined) return 0
        try {
          // A directory's entries need fsync; a file's bytes and size need only fdatasync, which skips the mtime.
          if (mod.FS.isDir(stream.node.mode)) fs.fsyncSync(stream.nfd)
          else fs.fdatasyncSync(stream.nfd)
        } catch {
          throw new mod.FS.ErrnoError(WASI_EIO)
        }
        return 0
      }
    }
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncOnOpen] } }
  }
}

/**
 * Syncs every file and folder under `dir`, and its entry in its parent, to disk. A data folder PGlite's
 * initdb or a restore just wrote went through the page cache without a sync; Postgres syncs only what it
 * writes from then on.
 */
export function syncTree(dir: string): void {
  syncContents(dir)
  syncPath(path.dirname(dir))
}

function syncContents(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) syncContents(full)
    else if (entry.isFile()) syncPath(full)
  }
  syncPath(dir)
}

function syncPath(target: string): void {
  const fd = fs.openSync(target, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
