import type { TInboundChannel, TIntakeLimitScope } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import type { TAnalyser } from '../analysis'
import type { TConfig, TServerRole } from '../config/config'
import type { TLog } from '../core/logger'
import type { TStarted } from '../core/module'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import { fileRoutes } from '../files/file-routes'
import type { TFileStorage } from '../files/file-storage'
import type { TJobQueue } from '../jobs/job-queue'
import type { TOutbox } from '../outbox/outbox-service'
import { createReturnPath } from '../outbox/return-path'
import type { TEventBus } from '../realtime/event-bus'
import type { TTicketService } from '../tickets/ticket-service'
import { forgetTicketMail } from './forget-ticket-mail'
import { loadSecretKey } from './imap/secret-box'
import { createAcceptInboundEmail, type TAcceptInboundEmail } from './inbound/accept-inbound-email'
import { createInboundCollection } from './inbound/inbound-collection'
import { createIntakeBacklog } from './inbound/intake-backlog'
import { intakeBacklogRoutes } from './inbound/intake-backlog-routes'
import { ensureAttachmentWhole } from './inbound/rebuild-attachment'
import { createInboundProcessor, type TInboundProcessor } from './ingest/inbound-processor'
import { startInboundSweeper } from './ingest/inbound-sweeper'
import { ingestInboundEmailJob } from './ingest/ingest-inbound-email.job'
import { floodingRoutes } from './intake-limits/flooding-routes'
import { limitIntake } from './intake-limits/limit-intake'
import { ensureMailboxOnRead, mailboxDirectoryRoutes } from './mailboxes/mailbox-routes'
import { createMailboxesCollection } from './mailboxes/mailboxes-collection'
import { createMessagesCollection } from './messages/messages-collection'
import { createOutboxCollection } from './outbox/outbox-collection'
import { createAttachmentOpener } from './outbox/reply-attachments'
import { createReplyDelivery } from './outbox/reply-delivery'
import { createReplyService } from './replies/reply-service'
import { createReplyUndo } from './replies/reply-undo'
import { replyUndoRoutes } from './replies/reply-undo-routes'
import { replyUploadRoutes } from './replies/reply-upload-routes'
import { createReturnPathRecipients } from './smtp/return-path-recipients'
import { startSmtpIntake, type TSmtpIntake, type TSmtpRefusal } from './smtp/smtp-intake'
import { inboundWebhookRoutes } from './webhooks/inbound-webhook-routes'

export type TCreateMailModuleOptions = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  queue: TJobQueue
  tickets: TTicketService
  /** Where members' replies are queued. */
  outbox: TOutbox
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

// A delivery still `received` this long after its commit, with no live job, is swept up.
const SWEEP_IDLE_SECONDS = 5
const SWEEP_INTERVAL_SECONDS = 10

/**
 * Mail as one module for server.ts: its collections and routes for the http role, the SMTP intake for
 * the smtp role, the ingest processor (for the worker module) and sweeper for the worker role, and
 * `accept`, the door into the inbound store that webhooks and IMAP use too.
 */
export function createMailModule(options: TCreateMailModuleOptions) {
  const { config, db, queue } = options
  const { storage } = options
  // Read by ingest as it writes answers; replies are created through the documents API with the writer.
  const messages = createMessagesCollection()
  const replies = createReplyService({
    db,
    bus: options.bus,
    tickets: options.tickets,
    outbox: options.outbox,
    messages,
    undoSendSeconds: config.undoSendSeconds,
  })
  // One record of a reply's delivery, whether the relay refused it or a later server sent it back.
  const replyDelivery = createReplyDelivery({
    db,
    bus: options.bus,
    tickets: options.tickets.collection,
    messages,
  })
  // Replies go out with it as their envelope sender, and SMTP takes their bounces at it (decision 028).
  const returnPath = createReturnPath({
    secretKey: loadSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir }),
    domain: config.inboundDomain,
  })
  const collections: TCollectionDefinition[] = [
    createMailboxesCollection({ inboundDomain: config.inboundDomain }),
    createMessagesCollection({ writer: replies.writer }),
    createInboundCollection(),
    createOutboxCollection(),
  ]

  const enqueueIngest = async (inboundId: string) => {
    await queue.enqueueSoon(ingestInboundEmailJob, { inboundId })
  }

  // Read by every channel's deliveries, the readiness probe and the dashboard's notice (decision 031).
  const backlog = createIntakeBacklog({ db, maxWaitingSeconds: config.intakeMaxWaitingSeconds })

  // One per process, shared by SMTP, webhooks and IMAP, so their deliveries commit together, behind the
  // same intake limits, all held back together while waiting mail is too old.
  const limited: TAcceptInboundEmail = limitIntake({
    db,
    limits: config.intakeLimits,
    accept: createAcceptInboundEmail({
      db,
      enqueue: enqueueIngest,
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
    replyUploadRoutes({ storage, db }),
    replyUndoRoutes({
      undo: createReplyUndo({ db, bus: options.bus, messages, tickets: options.tickets.collection }),
    }),
    inboundWebhookRoutes({ accept, maxBytes: config.smtp.maxBytes, db, publicUrl: config.publicUrl }),
  ]

  return {
    collections,
    routes,
    accept,
    backlog,
    forgetTicket: (ticketId: string) => forgetTicketMail({ db, storage, ticketId }),
    /** For the outbox's sender and sweeper: replies' delivery on their tickets, and their files' bytes. */
    outboundDelivery: {
      delivery: replyDelivery,
      openAttachments: createAttachmentOpener({ db, storage }),
      returnPath,
    },

    /** The smtp role's listener; the worker's sweeper of mail that no ingest job carries. */
    async start(roles: ReadonlySet<TServerRole>): Promise<TStarted> {
      const sweeper = roles.has('worker')
        ? startInboundSweeper({
            db,
            queue,
            idleSeconds: SWEEP_IDLE_SECONDS,
            intervalSeconds: SWEEP_INTERVAL_SECONDS,
            log: options.logOf('mail'),
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

    /** The ingest; with the local analyser, new tickets are written analysed (decision 032). */
    createProcessor(analysis: { localAnalyser?: TAnalyser } = {}): TInboundProcessor {
      return createInboundProcessor({
        ...analysis,
        db,
        bus: options.bus,
        storage,
        tickets: options.tickets,
        messages,
        delivery: replyDelivery,
        inboundDomain: config.inboundDomain,
        log: options.logOf('ingest'),
      })
    },
  }
}

export type TMailModule = ReturnType<typeof createMailModule>
