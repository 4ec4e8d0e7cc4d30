import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { TDatabase } from '../db/database'
import { loadPgliteDataDir } from '../db/pglite-database'
import type { TFileStorage } from '../files/file-storage'

/**
 * A backup is a folder: the database as PGlite's own dump, the stored files under their keys, the key
 * that seals IMAP passwords when it was generated into DATA_DIR, and backup.json, written last, so a
 * folder without it is a backup that did not finish.
 */
const DATABASE_FILE = 'database.tar.gz'
const FILES_FOLDER = 'files'
const SECRET_KEY_FILE = 'secret.key'
const MANIFEST_FILE = 'backup.json'
const FORMAT = 1

export type TBackupManifest = {
  format: number
  /** When the database was copied: everything committed before it is in the backup. */
  takenAt: string
  database: 'pglite'
  /** The migrations the copied database has, the last one first. */
  migrations: string[]
  files: number
  fileBytes: number
  secretKey: boolean
}

export class BackupError extends Error {}

export type TWriteBackupOptions = { db: TDatabase; storage: TFileStorage; dataDir: string; target: string }

/**
 * Copies the database, then every stored file, while the server keeps working. The copy of the database
 * is one moment; the files are copied after it with removals held, so every file a copied row names is
 * there (a file written after that moment may be copied too: the retention sweep removes it after a
 * restore, as no row names it).
 */
export async function writeBackup(options: TWriteBackupOptions): Promise<TBackupManifest> {
  const { db, storage, dataDir, target } = options
  if (!db.dumpDataDir) throw new BackupError('the database is PostgreSQL: back it up with pg_dump')
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new BackupError(`${target} is not empty: name a new folder`)
  fs.mkdirSync(path.join(target, FILES_FOLDER), { recursive: true })
  const release = storage.holdRemovals()
  try {
    const { rows } = await db.query<{ id: string }>('select id from schema_migrations order by id desc')
    const dump = await db.dumpDataDir()
    const takenAt = new Date()
    fs.writeFileSync(path.join(target, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()))
    let files = 0
    let fileBytes = 0
    // Every row in the copy was committed before it was taken, and its bytes were written before that.
    for await (const key of storage.listKeys({ writtenBefore: takenAt })) {
      const copy = path.join(target, FILES_FOLDER, key)
      fs.mkdirSync(path.dirname(copy), { recursive: true })
      await pipeline(storage.openRead(key), fs.createWriteStream(copy))
      files += 1
      fileBytes += fs.statSync(copy).size
    }
    const secretKey = path.join(dataDir, SECRET_KEY_FILE)
    if (fs.existsSync(secretKey)) fs.copyFileSync(secretKey, path.join(target, SECRET_KEY_FILE))
    const manifest: TBackupManifest = {
      format: FORMAT,
      takenAt: takenAt.toISOString(),
      database: 'pglite',
      migrations: rows.map((row) => row.id),
      files,
      fileBytes,
      secretKey: fs.existsSync(secretKey),
    }
    fs.writeFileSync(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
    return manifest
  } finally {
    await release()
  }
}

export function readManifest(source: string): TBackupManifest {
  const file = path.join(source, MANIFEST_FILE)
  if (!fs.existsSync(file))
    throw new BackupError(`${source} holds no ${MANIFEST_FILE}: not a backup, or one that did not finish`)
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as TBackupManifest
  if (manifest.format !== FORMAT)
    throw new BackupError(`${file}: format ${manifest.format}, expected ${FORMAT}`)
  return manifest
}

export type TRestoreResult = { manifest: TBackupManifest; setAside: string | undefined }

// What a restore replaces in DATA_DIR; the rest (a backup kept there, the socket) stays.
const RESTORED = ['pglite', FILES_FOLDER, SECRET_KEY_FILE]

/**
 * Makes DATA_DIR what the backup holds, and puts its files back in `storage`, where the configuration
 * keeps them (DATA_DIR/files, or a bucket). What DATA_DIR held is moved, not deleted, into
 * DATA_DIR/replaced-<time>: a restore of the wrong folder can be undone. A bucket keeps objects the backup
 * does not name; the retention sweep removes them, as no row names them. The caller holds DATA_DIR.
 */
export async function restoreBackup(options: {
  source: string
  dataDir: string
  storage: TFileStorage
}): Promise<TRestoreResult> {
  const { source, dataDir, storage } = options
  const manifest = readManifest(source)
  const present = RESTORED.filter((name) => fs.existsSync(path.join(dataDir, name)))
  const setAside =
    present.length > 0
      ? path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`)
      : undefined
  if (setAside) {
    fs.mkdirSync(setAside)
    for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(setAside, name))
  }
  const dump = new Blob([fs.readFileSync(path.join(source, DATABASE_FILE))], { type: 'application/x-gzip' })
  await loadPgliteDataDir(path.join(dataDir, 'pglite'), dump)
  const files = path.join(source, FILES_FOLDER)
  for (const entry of fs.readdirSync(files, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    await storage.write(path.relative(files, file).split(path.sep).join('/'), fs.readFileSync(file))
  }
  if (manifest.secretKey)
    fs.copyFileSync(path.join(source, SECRET_KEY_FILE), path.join(dataDir, SECRET_KEY_FILE))
  return { manifest, setAside }
}
