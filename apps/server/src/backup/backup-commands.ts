import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import type { TConfig } from '../config/config'
import type { TLog } from '../core/logger'
import { makeDataDirPrivate } from '../core/private-data-dir'
import type { TDatabase } from '../db/database'
import { openPgliteDatabase } from '../db/pglite-database'
import type { TFileStorage } from '../files/file-storage'
import { openFileStorage } from '../files/open-file-storage'
import { BackupError, restoreBackup, type TBackupManifest, writeBackup } from './backup'
import { askDataDir, claimDataDir, DataDirInUseError } from './data-dir-socket'

const POSTGRES_BACKUP =
  'DATABASE_URL is set: back PostgreSQL up with pg_dump and restore it with pg_restore, with DATA_DIR/files beside it (docs/ops/backup.md)'

type TBackupSource = { db: TDatabase; storage: TFileStorage }

function answer(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function folderNamed(body: string): unknown {
  try {
    return (JSON.parse(body) as { to?: unknown }).to
  } catch {
    return undefined
  }
}

/**
 * What the process holding DATA_DIR answers on its socket: `POST /backup {"to": folder}` writes a backup
 * there (one at a time) and answers with its manifest; anything else says who is there.
 */
export function backupRequests(options: {
  dataDir: string
  source: () => TBackupSource | undefined
  log: TLog
}): http.RequestListener {
  let running = false
  return (request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup')
      return answer(response, 200, { pid: process.pid })
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', async () => {
      const source = options.source()
      const to = folderNamed(body)
      if (!source) return answer(response, 503, { message: 'the server is still starting: try again' })
      if (typeof to !== 'string' || !path.isAbsolute(to))
        return answer(response, 400, { message: 'name the backup folder by its absolute path' })
      if (running) return answer(response, 409, { message: 'a backup is already under way' })
      running = true
      try {
        answer(response, 200, await writeBackup({ ...source, dataDir: options.dataDir, target: to }))
      } catch (error) {
        if (!(error instanceof BackupError)) options.log('backup failed', error)
        answer(response, error instanceof BackupError ? 400 : 500, {
          message: error instanceof Error ? error.message : String(error),
        })
      } finally {
        running = false
      }
    })
  }
}

const busy = (what: string): http.RequestListener => {
  return (_request, response) => answer(response, 409, { message: `${what} is under way` })
}

function summary(manifest: TBackupManifest, target: string): string {
  const megabytes = (manifest.fileBytes / 1_048_576).toFixed(1)
  return `${target}: the database as of ${manifest.takenAt} (${manifest.migrations[0] ?? 'no migrations'}), ${manifest.files} files (${megabytes} MB)${manifest.secretKey ? ', the IMAP password key' : ''}`
}

/**
 * `backup [FOLDER]`: asks the running server for a backup, or takes it itself when none runs (holding
 * DATA_DIR meanwhile, so no server opens the database under it). Default folder: DATA_DIR/backups/<time>.
 */
export async function runBackupCommand(config: TConfig, args: string[]): Promise<string> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_BACKUP)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const target = path.resolve(args[0] ?? path.join(config.dataDir, 'backups', stamp))
  const asked = await askDataDir(config.dataDir, { method: 'POST', path: '/backup', body: { to: target } })
  if (asked) {
    const body = asked.body as TBackupManifest & { message?: string }
    if (asked.status !== 200) throw new BackupError(`the running server refused: ${body.message}`)
    return `backed up by the running server to ${summary(body, target)}`
  }
  const pgliteDir = path.join(config.dataDir, 'pglite')
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupError(`${config.dataDir} holds no database to back up`)
  const claim = await claimDataDir(config.dataDir, busy('a backup'))
  const db = await openPgliteDatabase(pgliteDir)
  try {
    const storage = openFileStorage(config.storage)
    const manifest = await writeBackup({ db, storage, dataDir: config.dataDir, target }).finally(() =>
      storage.close(),
    )
    return `backed up (no server was running) to ${summary(manifest, target)}`
  } finally {
    await db.close()
    await claim.close()
  }
}

/** `restore FOLDER`: with the server stopped, makes DATA_DIR what the backup holds. */
export async function runRestoreCommand(config: TConfig, args: string[]): Promise<string> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_BACKUP)
  const source = args[0]
  if (!source) throw new BackupError('name the backup folder: restore FOLDER')
  makeDataDirPrivate(config.dataDir)
  let claim: Awaited<ReturnType<typeof claimDataDir>>
  try {
    claim = await claimDataDir(config.dataDir, busy('a restore'))
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupError(`${error.message}: stop it first`)
    throw error
  }
  try {
    const storage = openFileStorage(config.storage)
    const { manifest, setAside } = await restoreBackup({
      source: path.resolve(source),
      dataDir: config.dataDir,
      storage,
    }).finally(() => storage.close())
    const kept = setAside ? `; what was there is in ${setAside}` : ''
    return `restored ${config.dataDir} from ${summary(manifest, path.resolve(source))}${kept}. Start the server: it applies any newer migrations.`
  } finally {
    await claim.close()
  }
}
