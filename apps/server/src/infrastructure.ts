import type { Logger } from 'pino'
import type { TAdminContext } from './admin/admin-actions'
import { ADMIN_PATH, adminRequests } from './admin/admin-cli'
import { backupRequests } from './backup/backup-commands'
import { claimDataDir } from './backup/data-dir-socket'
import type { TConfig, TServerRole } from './config/config'
import { createLogger, warningsOf } from './core/logger'
import type { TStarted } from './core/module'
import { makeDataDirPrivate } from './core/private-data-dir'
import type { TDatabase } from './db/database'
import { openDatabase } from './db/open-database'
import type { TFileStorage } from './files/file-storage'
import { openFileStorage } from './files/open-file-storage'
import { JOB_DEFINITIONS } from './job-registry'
import { startJobQueue } from './jobs/job-queue'
import { openEventBus } from './realtime/open-event-bus'

/**
 * What every module works on, opened for server.ts: the logger, DATA_DIR, file storage, the database, the
 * event bus and the job queue. Each is added to `stops` as it opens, so server.ts closes them in reverse.
 */
export async function openInfrastructure(options: {
  config: TConfig
  roles: ReadonlySet<TServerRole>
  logger?: Logger
  stops: TStarted[]
}) {
  const { config, roles, stops } = options
  const logger = options.logger ?? createLogger(config.logLevel)
  const logOf = (part: string) => warningsOf(logger, part)
  makeDataDirPrivate(config.dataDir)
  // The embedded database is this process's alone: DATA_DIR's socket is claimed before it opens (a second
  // process on the same DATA_DIR stops here), and `npm run backup` asks this process for a backup there.
  // `npm run admin` sends its commands there too, to run on this process's database and queue.
  let backupSource: { db: TDatabase; storage: TFileStorage } | undefined
  let adminContext: TAdminContext | undefined
  const backup = backupRequests({ dataDir: config.dataDir, source: () => backupSource, log: logOf('backup') })
  const admin = adminRequests({ context: () => adminContext, log: logOf('admin') })
  const dataDirClaim = config.databaseUrl
    ? undefined
    : await claimDataDir(config.dataDir, (request, response) =>
        request.url === ADMIN_PATH ? admin(request, response) : backup(request, response),
      )
  // Let go of DATA_DIR only once the database is closed.
  if (dataDirClaim) stops.push({ infrastructure: () => dataDirClaim.close() })
  const storage = openFileStorage(config.storage)
  stops.push({ infrastructure: () => storage.close() })
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sync: config.databaseSync,
    pgliteThread: config.databaseThread,
    // Nothing can be served without the database: handled as any uncaught failure (core/process-policy.ts),
    // logged, the server stopped in order, and the supervisor starts a fresh process with a fresh thread.
    onDeath: (error) =>
      setImmediate(() => {
        throw error
      }),
  })
  stops.push({ infrastructure: () => db.close() })
  backupSource = { db, storage }
  const bus = await openEventBus({ databaseUrl: config.databaseUrl, db, log: logOf('realtime') })
  stops.push({ infrastructure: () => bus.close() })
  // Every role enqueues (http and smtp create tickets, the worker's sweepers re-enqueue); only workers work.
  // Its stop is the last of the work's: the runs in flight finish once nothing feeds the queue any more.
  const queue = await startJobQueue({
    db,
    databaseUrl: config.databaseUrl,
    definitions: JOB_DEFINITIONS,
    isSupervisor: roles.has('worker'),
    log: logOf('jobs'),
  })
  stops.push({ work: () => queue.stop() })
  adminContext = { config, db, queue, bus, log: logOf('admin') }
  return { db, bus, storage, queue, logOf }
}
