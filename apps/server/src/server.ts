import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { accountRoutes } from './accounts/account-routes'
import { createAccountService } from './accounts/account-service'
import { accountSettingsRoutes } from './accounts/account-settings-routes'
import { createAccountSettings } from './accounts/account-settings-service'
import type { TAuth } from './accounts/auth-context'
import { googleRoutes } from './accounts/google-routes'
import type { TAdminContext } from './admin/admin-actions'
import { ADMIN_PATH, adminRequests } from './admin/admin-cli'
import { backupRequests } from './backup/backup-commands'
import { claimDataDir } from './backup/data-dir-socket'
import { categoryRoutes } from './categories/category-routes'
import { createCategoryService } from './categories/category-service'
import type { TConfig, TServerRole } from './config/config'
import { createContactsCollection } from './contacts/contacts-collection'
import { createLogger, warningsOf } from './core/logger'
import { makeDataDirPrivate } from './core/private-data-dir'
import type { TDatabase } from './db/database'
import { pendingMigrations } from './db/migrate'
import { openDatabase } from './db/open-database'
import type { TCollectionDefinition } from './documents/collection'
import { documentRoutes } from './documents/document-routes'
import { createDocumentService } from './documents/document-service'
import { createReadBudget } from './documents/read-budget'
import type { TFileStorage } from './files/file-storage'
import { openFileStorage } from './files/open-file-storage'
import { createGroupsCollection } from './groups/groups-collection'
import { buildApp } from './http/app'
import { JOB_DEFINITIONS } from './job-registry'
import { startJobQueue } from './jobs/job-queue'
import { createMacrosCollection } from './macros/macros-collection'
import { createImapModule } from './mail/imap/imap-module'
import { ingestInboundEmailJob } from './mail/ingest/ingest-inbound-email.job'
import { createMailModule } from './mail/mail-module'
import { createOutboxCollection } from './mail/outbox/outbox-collection'
import { createReadiness, type THealthCheck } from './ops/health'
import { createMetrics } from './ops/metrics'
import { healthRoutes, metricsNotHere, startOpsServer } from './ops/ops-routes'
import { createOutbox, type TOutbox } from './outbox/outbox-service'
import { startOutboxSweeper } from './outbox/outbox-sweeper'
import { createPresenceCollection } from './presence/presence-collection'
import type { TEventBus } from './realtime/event-bus'
import { openEventBus } from './realtime/open-event-bus'
import { realtimeRoutes } from './realtime/realtime-routes'
import { spamRoutes } from './spam/spam-routes'
import { createSpamService } from './spam/spam-service'
import { teamRoutes } from './teams/team-routes'
import { createTeamService } from './teams/team-service'
import { analyzeTicketJob } from './tickets/analyze-ticket.job'
import { createLeaverTicketsAnnouncer } from './tickets/leaver-tickets'
import { ticketEventsCollection } from './tickets/ticket-events'
import { createTicketService, type TTicketService } from './tickets/ticket-service'
import { createViewsCollection } from './views/views-collection'
import { createWaitlistCollection } from './waitlist/waitlist-collection'
import { startWorkerRole } from './worker-role'

// This file is src/server.ts when run from source and part of dist/main.js once built: one folder below
// apps/server either way, so the built web app is at the same place from both.
const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url))

export type TStartServerOptions = {
  config: TConfig
  roles: Set<TServerRole>
  /** The built web app to serve; default apps/web/dist. */
  webDistDir?: string
  /** The process's logger; one at LOG_LEVEL is made when none is given. */
  logger?: Logger
}

export type TRunningServer = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  tickets: TTicketService
  /** Where every domain queues the mail it sends. */
  outbox: TOutbox
  app: FastifyInstance | undefined
  /** The http role's address, e.g. http://127.0.0.1:3000 (undefined without the http role). */
  url: string | undefined
  /** The smtp role's port (the one picked when SMTP_PORT is 0); undefined without the smtp role. */
  smtpPort: number | undefined
  /** The METRICS_PORT listener's address; undefined when METRICS_PORT is unset. */
  metricsUrl: string | undefined
  close(): Promise<void>
}

/** Starts the roles asked for against one database; `npm start` runs them all in one process. */
export async function startServer(options: TStartServerOptions): Promise<TRunningServer> {
  const { config, roles } = options
  const logger = options.logger ?? createLogger(config.logLevel)
  const logOf = (part: string) => warningsOf(logger, part)
  makeDataDirPrivate(config.dataDir)
  const storage: TFileStorage = openFileStorage(config.storage)
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
  backupSource = { db, storage }
  const bus = await openEventBus({ databaseUrl: config.databaseUrl, db, log: logOf('realtime') })
  // Stopping (SIGTERM) takes two steps. First, side by side: the listeners stop taking connections and let
  // the requests and SMTP sessions under way finish, while the worker stops fetching and lets its runs
  // finish; each is bounded (SMTP 5 s then 421, jobs STOP_GRACE_MS then handed back). Then what they used.
  const stopIntake: (() => Promise<void>)[] = []
  const stopWork: (() => Promise<void>)[] = []
  const stopAfter: (() => Promise<void>)[] = [() => bus.close(), () => db.close(), () => storage.close()]
  // Let go of DATA_DIR only once the database is closed.
  if (dataDirClaim) stopAfter.push(() => dataDirClaim.close())

  // Every role enqueues (http and smtp create tickets, the worker's sweeper re-enqueues); only workers work.
  const jobs = await startJobQueue({
    db,
    databaseUrl: config.databaseUrl,
    definitions: JOB_DEFINITIONS,
    isSupervisor: roles.has('worker'),
    log: logOf('jobs'),
  })
  stopWork.unshift(() => jobs.stop())
  adminContext = { config, db, queue: jobs, bus, log: logOf('admin') }
  const metrics = createMetrics({
    db,
    jobQueues: JOB_DEFINITIONS.map((definition) => definition.id),
    ingestQueue: ingestInboundEmailJob.id,
    analysisQueue: analyzeTicketJob.id,
    log: logOf('metrics'),
  })

  const tickets = createTicketService({
    db,
    bus,
    queue: jobs,
    log: logOf('jobs'),
    forgetTicket: (ticketId) => mail.forgetTicket(ticketId),
  })
  const outbox = createOutbox({
    queue: jobs,
    from: config.outbox.from,
    messageIdDomain: config.inboundDomain,
    log: logOf('outbox'),
    limits: config.sendingLimits,
    limited: (limit) => metrics.outboundLimited(limit),
  })
  const mail = createMailModule({
    config,
    db,
    bus,
    queue: jobs,
    tickets,
    outbox,
    storage,
    logOf,
    observe: {
      accepted: (channel) => metrics.emailAccepted(channel),
      refused: (reason) => metrics.emailRejected('smtp', reason),
      // Deferred for coming too fast (decision 029): refused for now, like the SMTP intake's 451s.
      limited: (channel, scope) => metrics.emailRejected(channel, `${scope}-limit`),
    },
  })
  const imap = createImapModule({ config, db, bus, accept: mail.accept, log: logOf('imap') })
  const collections = new Map<string, TCollectionDefinition>(
    [
      tickets.collection,
      ticketEventsCollection,
      createWaitlistCollection(),
      createGroupsCollection({ db, bus }),
      createContactsCollection({ db, bus }),
      createMacrosCollection({ db, bus }),
      ...mail.collections,
      imap.collection,
      createOutboxCollection(),
      createViewsCollection(),
      createPresenceCollection({ db, bus }),
    ].map((def) => [def.id, def]),
  )

  if (roles.has('worker')) {
    stopWork.unshift(
      await startWorkerRole({
        config,
        db,
        bus,
        queue: jobs,
        tickets: tickets.collection,
        createInboundProcessor: mail.createProcessor,
        outboundDelivery: mail.outboundDelivery,
        maintenance: {
          db,
          storage,
          rawMailRetentionDays: config.rawMailRetentionDays,
          log: logOf('maintenance'),
        },
        log: logOf('jobs'),
        onJobSettled: (run) => metrics.jobSettled(run),
      }),
    )
    const inboundSweeper = mail.startSweeper()
    stopWork.unshift(() => inboundSweeper.stop())
    const outboxSweeper = startOutboxSweeper({
      db,
      queue: jobs,
      hasRelay: config.outbox.relayUrl !== undefined,
      delivery: mail.outboundDelivery.delivery,
      log: logOf('outbox'),
    })
    stopWork.unshift(() => outboxSweeper.stop())
    const imapPoller = imap.startPoller()
    stopWork.unshift(() => imapPoller.stop())
  }

  const checks: THealthCheck[] = [
    {
      name: 'database',
      problem: async () => {
        await db.query('select 1')
        return undefined
      },
    },
    {
      name: 'migrations',
      problem: async () => {
        const pending = await pendingMigrations(db)
        return pending.length === 0 ? undefined : `${pending.length} not applied`
      },
    },
    { name: 'queue', problem: async () => (jobs.isRunning() ? undefined : 'stopped') },
  ]
  let smtpPort: number | undefined
  if (roles.has('smtp')) {
    const smtp = await mail.startSmtp()
    smtpPort = smtp.port
    stopIntake.push(() => smtp.close())
    checks.push({ name: 'smtp', problem: async () => (smtp.isListening() ? undefined : 'not listening') })
  }
  const readiness = createReadiness({
    checks,
    log: logOf('health'),
    // Informs, never fails readiness: an http process behind on mail still serves the dashboard (decision 031).
    details: async () => ({ intake: await mail.backlog.read() }),
  })

  let app: FastifyInstance | undefined
  let url: string | undefined
  if (roles.has('http')) {
    // Where mailed links (invitations, recovery, verification) may point: our own pages only.
    const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins])
    const teams = createTeamService({
      db,
      bus,
      outbox,
      verifiedInviters: config.outbox.relayUrl !== undefined,
      allowedOrigins,
      memberLeaving: createLeaverTicketsAnnouncer({ db, bus, collection: tickets.collection }),
    })
    const settings = createAccountSettings({ db, outbox, allowedOrigins, publicUrl: config.publicUrl })
    const accounts = createAccountService({
      db,
      sessionIdleMs: config.sessionIdleMs,
      setUpAccount: (tx, user) => teams.createWorkspaceFor(tx, user),
    })
    const documents = createDocumentService({
      db,
      bus,
      readBudget: createReadBudget(config.readBudget),
      listStatementTimeoutMs: config.listStatementTimeoutMs,
    })
    const mayReadCollection = (collectionId: string, auth: TAuth) =>
      collections.get(collectionId)?.canRead(auth) ?? false
    app = await buildApp({
      config,
      db,
      routes: [
        accountRoutes({ accounts, db, config }),
        accountSettingsRoutes({ settings }),
        googleRoutes({ accounts, db, config }),
        documentRoutes({ documents, collections }),
        teamRoutes({ teams }),
        categoryRoutes({ categories: createCategoryService({ db, tickets }) }),
        spamRoutes({
          spam: createSpamService({ db, tickets, queue: jobs, log: logOf('spam') }),
          tickets: tickets.collection,
        }),
        realtimeRoutes({
          config,
          db,
          bus,
          mayReadCollection,
          countConnections: (read) => metrics.countRealtimeConnections(read),
        }),
        ...mail.routes,
        healthRoutes(readiness),
        metricsNotHere,
      ],
      webDistDir: options.webDistDir ?? WEB_DIST_DIR,
      observeRequest: (sample) => metrics.observeHttp(sample),
    })
    url = await app.listen({ port: config.port, host: config.host })
    const listening = app
    stopIntake.push(() => listening.close())
  }

  let metricsUrl: string | undefined
  if (config.metrics) {
    const ops = await startOpsServer({ ...config.metrics, metrics, readiness })
    metricsUrl = ops.url
    // Last to close: a scrape or a probe during the drain still gets an answer (not ready, then).
    stopAfter.push(() => ops.close())
  }

  return {
    config,
    db,
    bus,
    tickets,
    outbox,
    app,
    url: url?.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
    smtpPort,
    metricsUrl,
    async close() {
      readiness.markStopping()
      const stopWorking = async () => {
        for (const stop of stopWork) await stop()
      }
      await Promise.all([...stopIntake.map((stop) => stop()), stopWorking()])
      for (const stop of stopAfter) await stop()
    },
  }
}
