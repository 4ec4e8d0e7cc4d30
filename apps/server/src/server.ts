import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { TAnalyser } from './analysis'
import { createTriageModule } from './categories/triage-module'
import type { TConfig, TServerRole } from './config/config'
import { createContactsCollection } from './contacts/contacts-collection'
import { createConversationsModule } from './conversations/conversations-module'
import { stopInReverse, type TStarted } from './core/module'
import type { TDatabase } from './db/database'
import { createDocumentsModule } from './documents/documents-module'
import { extractTicket } from './extraction/extract-ticket'
import { createExtractionModule } from './extraction/preview'
import { createGroupsCollection } from './groups/groups-collection'
import { createHttpModule } from './http/http-module'
import { openInfrastructure } from './infrastructure'
import type { TJobQueue } from './jobs/job-queue'
import { createMacrosCollection } from './macros/macros-collection'
import { createImapModule } from './mail/imap/imap-module'
import { createMailModule } from './mail/mail-module'
import type { TModule } from './module'
import { createNotificationsModule } from './notifications/notifications-module'
import { createOpsModule } from './ops/ops-module'
import { createOutboxModule } from './outbox/outbox-module'
import type { TOutbox } from './outbox/outbox-service'
import { createPresenceCollection } from './presence/presence-collection'
import type { TEventBus } from './realtime/event-bus'
import { remoteImageRoutes } from './remote-images/remote-image-routes'
import { createReportsModule } from './reports/reports-module'
import { createRoutingModule } from './routing'
import { createRulesModule } from './rules/rules-module'
import { createSlaModule } from './sla/sla-module'
import { createTeamsModule } from './teams/teams-module'
import { createTemplatesModule } from './templates/templates-module'
import { createTicketLifecycleModule } from './ticket-lifecycle/ticket-lifecycle-module'
import type { TTicketService } from './tickets/ticket-service'
import { createTicketsModule } from './tickets/tickets-module'
import { createViewsCollection } from './views/views-collection'
import { createWaitlistCollection } from './waitlist/waitlist-collection'
import { createWorkerModule } from './worker-role'

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
  /** What tickets' analyses run through in the worker role instead of the analyser (a test's delay). */
  wrapAnalyser?(analyser: TAnalyser): TAnalyser
}

export type TRunningServer = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  tickets: TTicketService
  /** Where every domain queues the mail it sends. */
  outbox: TOutbox
  /** The jobs' queue (pg-boss), for work a test runs by hand. */
  queue: TJobQueue
  app: FastifyInstance | undefined
  /** The http role's address, e.g. http://127.0.0.1:3000 (undefined without the http role). */
  url: string | undefined
  /** The smtp role's port (the one picked when SMTP_PORT is 0); undefined without the smtp role. */
  smtpPort: number | undefined
  /** The METRICS_PORT listener's address; undefined when METRICS_PORT is unset. */
  metricsUrl: string | undefined
  close(): Promise<void>
}

/**
 * Starts the roles asked for against one database; `npm start` runs them all in one process. Opens the
 * infrastructure, builds the modules (each from what the ones before it give), starts them for the roles
 * in order, and stops them in reverse from one list (core/module.ts).
 */
export async function startServer(options: TStartServerOptions): Promise<TRunningServer> {
  const { config, roles } = options
  // First in the list, so last to stop: a scrape or a probe during the drain still gets an answer.
  const stops: TStarted[] = [{ infrastructure: () => ops.close() }]
  const { db, bus, storage, queue, logOf } = await openInfrastructure({ ...options, stops })

  const details = async () => ({ intake: await mail.backlog.describe() })
  const ops = createOpsModule({ config, db, queue, details, logOf })
  const { metrics } = ops
  const forgetTicket = (ticketId: string) => conversations.forgetTicket(ticketId)
  const tickets = createTicketsModule({ db, bus, queue, log: logOf('jobs'), forgetTicket })
  const outbox = createOutboxModule({
    ...{ config, db, queue, log: logOf('outbox') },
    limited: (limit) => metrics.outboundLimited(limit),
    delivery: () => conversations.delivery,
  })
  const conversations = createConversationsModule({
    ...{ config, db, bus, storage, tickets: tickets.service, outbox: outbox.outbox },
  })
  const mail = createMailModule({
    ...{ config, db, bus, queue, storage, logOf, tickets: tickets.service, conversations },
    observe: {
      accepted: (channel) => metrics.emailAccepted(channel),
      refused: (reason) => metrics.emailRejected('smtp', reason),
      // Deferred for coming too fast (decision 029): refused for now, like the SMTP intake's 451s.
      limited: (channel, scope) => metrics.emailRejected(channel, `${scope}-limit`),
    },
  })
  const notifications = createNotificationsModule({
    ...{ config, db, bus, outbox: outbox.outbox, log: logOf('notifications') },
  })
  const lifecycle = createTicketLifecycleModule({
    ...{ config, db, outbox: outbox.outbox, tickets: tickets.service, log: logOf('lifecycle') },
  })
  const routing = createRoutingModule({ db, tickets: tickets.service })
  const rules = createRulesModule({
    ...{ db, bus, tickets: tickets.service, log: logOf('rules') },
    ...{ outbox: outbox.outbox, queue, outbound: config.outboundPolicy },
    routeTickets: routing.routeTickets,
  })
  const sla = createSlaModule({ db, bus })
  const extraction = createExtractionModule({ db })
  const templates = createTemplatesModule({
    ...{ db, bus, tickets: tickets.service, log: logOf('templates') },
    extract: extractTicket,
  })
  const reports = createReportsModule({ db })
  const imap = createImapModule({ config, db, bus, accept: mail.accept, log: logOf('imap') })
  const worker = createWorkerModule({
    ...{ config, db, bus, queue, log: logOf('jobs'), wrapAnalyser: options.wrapAnalyser },
    tickets: tickets.service.collection,
    startIngest: mail.startIngest,
    outboundDelivery: {
      delivery: conversations.delivery,
      openAttachments: conversations.openAttachments,
      returnPath: mail.returnPath,
    },
    maintenance: {
      db,
      storage,
      rawMailRetentionDays: config.rawMailRetentionDays,
      log: logOf('maintenance'),
    },
    notifications: notifications.jobDeps,
    rules: rules.jobDeps,
    ruleWebhooks: rules.webhookDeps,
    lifecycle: lifecycle.jobDeps,
    onJobSettled: (run) => metrics.jobSettled(run),
  })
  // A workspace's smaller collections: nothing of their own beyond the documents API.
  const workspace = {
    collections: [
      ...[createWaitlistCollection(), createViewsCollection({ db })],
      createGroupsCollection({ db, bus, afterUpdate: routing.groupChanged }),
      ...[createContactsCollection, createMacrosCollection, createPresenceCollection].map((create) =>
        create({ db, bus }),
      ),
    ],
  }
  const collections = new Map(
    [tickets, workspace, conversations, mail, imap, notifications, rules, sla, templates]
      .flatMap((module) => module.collections)
      .map((def) => [def.id, def]),
  )
  const documents = createDocumentsModule({
    ...{ config, db, bus, collections },
    countConnections: (read) => metrics.countRealtimeConnections(read),
  })
  const teams = createTeamsModule({
    config,
    db,
    bus,
    outbox: outbox.outbox,
    memberLeaving: tickets.memberLeaving,
  })
  const triage = createTriageModule({ db, queue, tickets: tickets.service, log: logOf('spam') })
  // "Show images" of a mail's HTML, fetched by the server for a member (decision 060).
  const remoteImages = { routes: [remoteImageRoutes({ db, outbound: config.outboundPolicy })] }
  const http = createHttpModule({
    ...{ config, db, webDistDir: options.webDistDir ?? WEB_DIST_DIR },
    routes: () => modules.flatMap((module) => module.routes ?? []),
    observeRequest: (sample) => metrics.observeHttp(sample),
  })

  // The worker before the sweepers that feed it; the listeners once all is built; ops last, so that its
  // readiness answers ready only once every role is up.
  const modules: TModule[] = [
    ...[worker, teams, documents, triage, conversations, mail, outbox, notifications, lifecycle, sla],
    ...[remoteImages, routing, rules, reports, extraction, imap, http, ops],
  ]
  for (const module of modules) {
    const started = await module.start?.(roles)
    if (started) stops.push(started)
    ops.addChecks(started?.healthChecks ?? [])
  }
  return {
    ...{ config, db, bus, tickets: tickets.service, outbox: outbox.outbox, queue },
    ...{ app: http.app(), url: http.url(), smtpPort: mail.smtpPort(), metricsUrl: ops.metricsUrl() },
    async close() {
      ops.readiness.markStopping()
      await stopInReverse(stops)
    },
  }
}
