import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { TFileStorage } from './file-storage'

const SAFE_KEY = /^[a-zA-Z0-9._-]+(\/[a-zA-Z0-9._-]+)*$/

/** Files under `dir` (DATA_DIR/files); keys are server-made, checked anyway so none escapes the folder. */
export function createLocalFileStorage(options: { dir: string }): TFileStorage {
  const root = path.resolve(options.dir)
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`unsafe storage key: ${key}`)
    return path.join(root, key)
  }
  return {
    async write(key, content) {
      const target = pathOf(key)
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      // Written aside, flushed, then renamed: a crash leaves either the whole file or none.
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`
      const handle = await fs.promises.open(temporary, 'w')
      try {
        await handle.writeFile(content)
        await handle.sync()
      } finally {
        await handle.close()
      }
      await fs.promises.rename(temporary, target)
    },
    openRead(key) {
      return fs.createReadStream(pathOf(key))
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true })
    },
  }
}
