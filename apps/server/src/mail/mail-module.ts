import type { TInboundChannel, TIntakeLimitScope } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import type { TAnalyser } from '../analysis'
import type { TConfig, TServerRole } from '../config/config'
import type { TConversationsModule } from '../conversations'
import type { TLog } from '../core/logger'
import type { TStarted } from '../core/module'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import { fileRoutes } from '../files/file-routes'
import type { TFileStorage } from '../files/file-storage'
import { createReturnPath } from '../outbox/return-path'
import type { TEventBus } from '../realtime/event-bus'
import type { TTicketService } from '../tickets/ticket-service'
import { loadSecretKey } from './imap/secret-box'
import { createAcceptInboundEmail, type TAcceptInboundEmail } from './inbound/accept-inbound-email'
import { createInboundCollection } from './inbound/inbound-collection'
import { releaseAbandonedClaims } from './inbound/inbound-queue'
import { createIntakeBacklog } from './inbound/intake-backlog'
import { intakeBacklogRoutes } from './inbound/intake-backlog-routes'
import { ensureAttachmentWhole } from './inbound/rebuild-attachment'
import { createInboundProcessor } from './ingest/inbound-processor'
import { startInboundSweeper } from './ingest/inbound-sweeper'
import { startIngestWorker, type TIngestWorker } from './ingest/ingest-worker'
import { floodingRoutes } from './intake-limits/flooding-routes'
import { limitIntake } from './intake-limits/limit-intake'
import { ensureMailboxOnRead, mailboxDirectoryRoutes } from './mailboxes/mailbox-routes'
import { createMailboxesCollection } from './mailboxes/mailboxes-collection'
import { createReturnPathRecipients } from './smtp/return-path-recipients'
import { startSmtpIntake, type TSmtpIntake, type TSmtpRefusal } from './smtp/smtp-intake'
import { inboundWebhookRoutes } from './webhooks/inbound-webhook-routes'

export type TCreateMailModuleOptions = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  tickets: TTicketService
  /** Where ingest writes customers' mail, and records replies sent back. */
  conversations: Pick<TConversationsModule, 'messages' | 'delivery'>
  /** Where attachments live (DATA_DIR/files); the server's one, which a backup holds removals of. */
  storage: TFileStorage
  /** Warnings of each part: a part name goes with each. */
  logOf(part: string): TLog
  /** Told of mail acknowledged to its sender, of SMTP refusals, and of mail deferred for coming too fast (metrics). */
  observe?: {
    accepted(channel: TInboundChannel): void
    refused(reason: TSmtpRefusal): void
    limited(channel: TInboundChannel, scope: TIntakeLimitScope): void
  }
}

// Deliveries out of tries are given another round, or rejected, this often.
const SWEEP_INTERVAL_SECONDS = 10

/**
 * Mail as one module for server.ts: its collections and routes for the http role, the SMTP intake for
 * the smtp role, the ingest worker (started by the worker module) and sweeper for the worker role, and
 * `accept`, the door into the inbound store that webhooks and IMAP use too.
 */
export function createMailModule(options: TCreateMailModuleOptions) {
  const { config, db } = options
  const { storage } = options
  // Replies go out with it as their envelope sender, and SMTP takes their bounces at it (decision 028).
  const returnPath = createReturnPath({
    secretKey: loadSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir }),
    domain: config.inboundDomain,
  })
  const collections: TCollectionDefinition[] = [
    createMailboxesCollection({ inboundDomain: config.inboundDomain }),
    createInboundCollection(),
  ]

  // The worker role's ingest, once started: this process's deliveries wake it (decision 041).
  let ingest: TIngestWorker | undefined
  const wakeIngest = () => ingest?.wake()

  // Read by every channel's deliveries, the readiness probe and the dashboard's notice (decision 031).
  const backlog = createIntakeBacklog({ db, maxWaitingSeconds: config.intakeMaxWaitingSeconds })

  // One per process, shared by SMTP, webhooks and IMAP, so their deliveries commit together, behind the
  // same intake limits, all held back together while waiting mail is too old.
  const limited: TAcceptInboundEmail = limitIntake({
    db,
    limits: config.intakeLimits,
    accept: createAcceptInboundEmail({
      db,
      wake: wakeIngest,
      log: options.logOf('mail'),
      onAccepted: options.observe?.accepted,
    }),
    log: options.logOf('intake'),
    onLimited: options.observe?.limited,
  })
  const accept = backlog.holdWhileBehind(limited)
  let smtp: TSmtpIntake | undefined

  const routes: ((app: FastifyInstance) => Promise<void> | void)[] = [
    ensureMailboxOnRead({ inboundDomain: config.inboundDomain, db }),
    mailboxDirectoryRoutes({ db }),
    floodingRoutes({ db }),
    intakeBacklogRoutes({ db, backlog }),
    fileRoutes({ storage, db, beforeRead: (file) => ensureAttachmentWhole({ db, storage }, file) }),
    inboundWebhookRoutes({ accept, maxBytes: config.smtp.maxBytes, db, publicUrl: config.publicUrl }),
  ]

  return {
    collections,
    routes,
    accept,
    backlog,
    /** Replies go out with it as their envelope sender (decision 028). */
    returnPath,

    /** The smtp role's listener; the worker's sweeper of mail out of tries. */
    async start(roles: ReadonlySet<TServerRole>): Promise<TStarted> {
      const sweeper = roles.has('worker')
        ? startInboundSweeper({
            db,
            intervalSeconds: SWEEP_INTERVAL_SECONDS,
            log: options.logOf('mail'),
            onRequeued: wakeIngest,
          })
        : undefined
      if (!roles.has('smtp')) return { work: async () => sweeper?.stop() }
      smtp = await startSmtpIntake({
        db,
        port: config.smtp.port,
        host: config.smtp.host,
        maxBytes: config.smtp.maxBytes,
        inboundDomain: config.inboundDomain,
        tlsKeyPath: config.smtp.tlsKeyPath,
        tlsCertPath: config.smtp.tlsCertPath,
        accept: (delivery) => accept({ ...delivery, channel: 'smtp' }),
        returnPaths: createReturnPathRecipients({ db, returnPath }),
        log: options.logOf('smtp'),
        onRefused: options.observe?.refused,
      })
      const listening = smtp
      return {
        intake: () => listening.close(),
        work: async () => sweeper?.stop(),
        healthChecks: [
          { name: 'smtp', problem: async () => (listening.isListening() ? undefined : 'not listening') },
        ],
      }
    },

    /** The smtp role's port (the one picked when SMTP_PORT is 0), once started. */
    smtpPort: () => smtp?.port,

    /**
     * The worker role's ingest, claiming waiting deliveries from the inbound store (decision 041); with
     * the local analyser, new tickets are written analysed (decision 032). Stop it before the database.
     */
    async startIngest(ingestOptions: {
      localAnalyser?: TAnalyser
      onSettled?(run: { createdAt: Date; succeeded: boolean }): void
    }): Promise<TIngestWorker> {
      const processor = createInboundProcessor({
        localAnalyser: ingestOptions.localAnalyser,
        db,
        bus: options.bus,
        storage,
        tickets: options.tickets,
        messages: options.conversations.messages,
        delivery: options.conversations.delivery,
        inboundDomain: config.inboundDomain,
        log: options.logOf('ingest'),
      })
      // One process owns a PGlite directory: a claim still running at start was left by one that died.
      if (db.kind === 'pglite') await releaseAbandonedClaims(db)
      ingest = startIngestWorker({
        db,
        processor,
        log: options.logOf('ingest'),
        onSettled: ingestOptions.onSettled,
      })
      return ingest
    },
  }
}

export type TMailModule = ReturnType<typeof createMailModule>
