import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { TFileStorage } from './file-storage'

const SAFE_KEY = /^[a-zA-Z0-9._-]+(\/[a-zA-Z0-9._-]+)*$/
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

/** Makes a folder's entries (a file renamed into it, a folder made in it) survive a crash. */
async function syncFolder(folder: string): Promise<void> {
  const fd = await open(folder, 'r')
  try {
    await fsync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** Files under `dir` (DATA_DIR/files); keys are server-made, checked anyway so none escapes the folder. */
export function createLocalFileStorage(options: { dir: string }): TFileStorage {
  const root = path.resolve(options.dir)
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`unsafe storage key: ${key}`)
    return path.join(root, key)
  }
  const ensureFolder = async (folder: string) => {
    const created = await mkdir(folder, { recursive: true })
    if (!created) return
    // The folders just made, outermost first: each one's parent must record it.
    const inner = path.relative(created, folder).split(path.sep).filter(Boolean)
    const made = [created, ...inner.map((_, i) => path.join(created, ...inner.slice(0, i + 1)))]
    for (const dir of made) await syncFolder(path.dirname(dir))
  }
  return {
    async write(key, content) {
      const target = pathOf(key)
      await ensureFolder(path.dirname(target))
      // Written aside, flushed, renamed, and the rename flushed: a crash leaves the whole file or none.
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`
      const fd = await open(temporary, 'w')
      try {
        try {
          if (content.byteLength > DIRECT_WRITE_MAX_BYTES) await writeFile(fd, content)
          else fs.writeFileSync(fd, content)
          await fdatasync(fd)
        } finally {
          fs.closeSync(fd)
        }
        fs.renameSync(temporary, target)
      } catch (error) {
        fs.rmSync(temporary, { force: true })
        throw error
      }
      await syncFolder(path.dirname(target))
    },
    openRead(key) {
      return fs.createReadStream(pathOf(key))
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
