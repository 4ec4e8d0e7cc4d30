import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { assertSafeKey, type TFileStorage } from './file-storage'
import { createHeldRemovals } from './held-removals'

// The calls that can wait on the disk go to libuv's thread pool: the flushes, the creates, which wait for
// the journal while another file's flush holds it (measured: ~1 ms of a blocked event loop per file made
// with openSync under an ingest burst), and writes of big files (a 25 MB attachment). Small writes,
// closes and renames return at once and are made directly: a hand-off to the pool costs more than they
// do. fs.promises' FileHandles cost ~3 times as much as these callbacks.
const DIRECT_WRITE_MAX_BYTES = 256 * 1024
const fdatasync = promisify(fs.fdatasync)
const fsync = promisify(fs.fsync)
const open = promisify(fs.open)
const mkdir = promisify(fs.mkdir)
const writeFile = promisify(fs.writeFile)
const rm = promisify(fs.rm)
const rmdir = promisify(fs.rmdir)
const TEMPORARY_SUFFIX = '.tmp'

/** Makes a folder's entries (a file renamed into it, a folder made in it) survive a crash. */
async function syncFolder(folder: string): Promise<void> {
  const fd = await open(folder, 'r')
  try {
    await fsync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

async function entriesUnder(root: string): Promise<fs.Dirent[]> {
  if (!fs.existsSync(root)) return []
  return fs.promises.readdir(root, { recursive: true, withFileTypes: true })
}

async function filesUnder(root: string): Promise<string[]> {
  return (await entriesUnder(root))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** Files under `dir` (DATA_DIR/files); keys are server-made, checked anyway so none escapes the folder. */
export function createLocalFileStorage(options: { dir: string }): TFileStorage {
  const root = path.resolve(options.dir)
  const pathOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, key)
  }
  const ensureFolder = async (folder: string, sync: boolean) => {
    const created = await mkdir(folder, { recursive: true })
    if (!created || !sync) return
    // The folders just made, outermost first: each one's parent must record it.
    const inner = path.relative(created, folder).split(path.sep).filter(Boolean)
    const made = [created, ...inner.map((_, i) => path.join(created, ...inner.slice(0, i + 1)))]
    for (const dir of made) await syncFolder(path.dirname(dir))
  }
  const removeNow = async (key: string) => {
    const target = pathOf(key)
    await rm(target, { force: true })
    // A key's folder is its delivery's (attachments/<inbound>/): its last file gone, the folder goes too.
    // rmdir refuses a folder that still holds something.
    if (path.dirname(target) !== root) await rmdir(path.dirname(target)).catch(() => undefined)
  }
  const removals = createHeldRemovals(removeNow)
  return {
    durableWrites: false,
    async write(key, content, options) {
      const sync = options?.rebuildable !== true
      const target = pathOf(key)
      await ensureFolder(path.dirname(target), sync)
      // Written aside, flushed, renamed, and the rename flushed: a crash leaves the whole file or none.
      // Unsynced (rebuildable), the rename still keeps a killed process from leaving half a file under the
      // key; only a crash of the machine can, and the caller rebuilds it.
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`
      const fd = await open(temporary, 'w')
      try {
        try {
          if (content.byteLength > DIRECT_WRITE_MAX_BYTES) await writeFile(fd, content)
          else fs.writeFileSync(fd, content)
          if (sync) await fdatasync(fd)
        } finally {
          fs.closeSync(fd)
        }
        fs.renameSync(temporary, target)
      } catch (error) {
        fs.rmSync(temporary, { force: true })
        throw error
      }
      if (sync) await syncFolder(path.dirname(target))
    },
    openRead(key) {
      return fs.createReadStream(pathOf(key))
    },
    remove: removals.remove,
    async *listKeys({ writtenBefore }) {
      for (const file of await filesUnder(root)) {
        if (file.endsWith(TEMPORARY_SUFFIX)) continue
        // Gone since the listing (removed meanwhile): nothing to list.
        const stat = await fs.promises.stat(file).catch(() => undefined)
        if (stat && stat.mtimeMs < writtenBefore.getTime())
          yield path.relative(root, file).split(path.sep).join('/')
      }
    },
    async removeLeftovers({ changedBefore }) {
      const removed = { partialWrites: 0, folders: 0 }
      if (removals.isHeld()) return removed
      const isOld = async (entry: string) => {
        const stat = await fs.promises.stat(entry).catch(() => undefined)
        return stat !== undefined && stat.mtimeMs < changedBefore.getTime()
      }
      for (const file of await filesUnder(root)) {
        // A newer one may be a write under way.
        if (!file.endsWith(TEMPORARY_SUFFIX) || !(await isOld(file))) continue
        await rm(file, { force: true })
        removed.partialWrites += 1
      }
      // Judged by their age before this pass removes anything in them, the deepest first, so a folder that
      // held only empty folders goes in the same pass. A newer folder may be one a write has just made and
      // is about to fill.
      const folders = (await entriesUnder(root))
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(entry.parentPath, entry.name))
      const old: string[] = []
      for (const folder of folders) if (await isOld(folder)) old.push(folder)
      old.sort((a, b) => b.split(path.sep).length - a.split(path.sep).length)
      for (const folder of old) {
        // rmdir refuses a folder that is not empty, even one filled since the listing.
        const gone = await rmdir(folder).then(
          () => true,
          () => false,
        )
        if (gone) removed.folders += 1
      }
      return removed
    },
    holdRemovals: removals.hold,
    async close() {},
  }
}
