import { createAnalyser, type TAnalyser } from './analysis'
import { createAnalysisContextReader } from './categories/analysis-context'
import type { TConfig, TServerRole } from './config/config'
import type { TLog } from './core/logger'
import type { TStarted } from './core/module'
import type { TDatabase } from './db/database'
import type { TCollectionDefinition } from './documents/collection'
import type { TJobQueue } from './jobs/job-queue'
import { listenForJobWakes } from './jobs/job-wake-listener'
import { startJobWorker, type TStartJobWorkerOptions } from './jobs/job-worker'
import { INGEST_QUEUE } from './mail/inbound/inbound-queue'
import type { TIngestWorker } from './mail/ingest/ingest-worker'
import type { TMaintenanceDeps } from './maintenance/maintenance.job'
import type { TUnassignedTicketsDeps } from './notifications/unassigned-tickets.job'
import type { TDeliveryObserver, TOpenAttachments } from './outbox/delivery-observer'
import { createOutboundMailSender } from './outbox/outbound-mail-sender'
import type { TReturnPath } from './outbox/return-path'
import { openSmtpRelay } from './outbox/smtp-relay'
import type { TEventBus } from './realtime/event-bus'
import type { TScheduledRulesDeps } from './rules/scheduled-rules'
import type { TRuleWebhookDeps } from './rules/webhooks/rule-webhook.job'
import { createTemplateHealthChecker } from './templates/template-health-check'
import { createTemplatesCollection } from './templates/templates-collection'
import { createTicketAnalysisService } from './ticket-analysis/ticket-analysis-service'
import { startTicketAnalysisSweeper } from './ticket-analysis/ticket-analysis-sweeper'
import type { TTicketLifecycleDeps } from './ticket-lifecycle/ticket-lifecycle.job'
import { analyzeTicketJob } from './tickets/analyze-ticket.job'
import { createWorkspaceModelService } from './workspace-models/workspace-model-service'

export type TWorkerModuleOptions = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  queue: TJobQueue
  tickets: TCollectionDefinition
  /** Starts the ingest, given the analyser when it is the local one (decision 032). */
  startIngest(options: {
    localAnalyser?: TAnalyser
    onSettled?(run: { createdAt: Date; succeeded: boolean }): void
  }): Promise<TIngestWorker>
  /** What the outbox's sender tells of a mail's delivery, and where it reads attachments' bytes. */
  outboundDelivery?: {
    delivery: TDeliveryObserver
    openAttachments: TOpenAttachments
    returnPath: TReturnPath
  }
  /** What the hourly upkeep works on (maintenance/maintenance.job.ts). */
  maintenance: TMaintenanceDeps
  /** What the minute's notification job works with (notifications/unassigned-tickets.job.ts). */
  notifications: TUnassignedTicketsDeps
  /** What the minute's scheduled rules job works with (rules/scheduled-rules.job.ts). */
  rules: TScheduledRulesDeps
  /** What a rule's webhook call works with (rules/webhooks/rule-webhook.job.ts). */
  ruleWebhooks: TRuleWebhookDeps
  /** What the five-minute lifecycle job works with (ticket-lifecycle/ticket-lifecycle.job.ts). */
  lifecycle: TTicketLifecycleDeps
  log: TLog
  onJobSettled?: TStartJobWorkerOptions['onSettled']
  /** What tickets' analyses run through instead of the analyser (a test's delay, testing/). */
  wrapAnalyser?(analyser: TAnalyser): TAnalyser
}

// A ticket whose analysis has not moved for this long, with no live job, is swept up.
const SWEEP_IDLE_SECONDS = 15
const SWEEP_INTERVAL_SECONDS = 30
// Batches still being decided at stop get this long, as the job queue's runs do, then are handed back.
const INGEST_STOP_GRACE_MS = 7_000

/** The worker role as a module for server.ts: started only in a worker process. */
export function createWorkerModule(options: TWorkerModuleOptions) {
  return {
    async start(roles: ReadonlySet<TServerRole>): Promise<TStarted | undefined> {
      return roles.has('worker') ? { work: await startWorkerRole(options) } : undefined
    },
  }
}

/** Loads the analyser once, works every queue and sweeps up stranded tickets. */
async function startWorkerRole(options: TWorkerModuleOptions): Promise<() => Promise<void>> {
  const { config, db, queue } = options
  const { log } = options
  // First: a DKIM key that cannot sign stops the start before any job runs.
  const relay = openSmtpRelay(config.outbox)
  const analyser = await createAnalyser({
    ...(config.llm ? { llm: config.llm } : {}),
    onLlmFallback: (error) => log('the LLM failed, the local model analysed the ticket', error),
  })
  // An LLM takes seconds a call: it stays the job's, so the ingest batch never waits on it.
  const ticketAnalysis = createTicketAnalysisService({
    db,
    bus: options.bus,
    tickets: options.tickets,
    analyser: options.wrapAnalyser?.(analyser) ?? analyser,
    readContext: createAnalysisContextReader(db),
  })
  await startJobWorker({
    db,
    queue,
    ctx: {
      ticketAnalysis,
      maintenance: options.maintenance,
      notifications: options.notifications,
      rules: options.rules,
      ruleWebhooks: options.ruleWebhooks,
      lifecycle: options.lifecycle,
      outboundMail: createOutboundMailSender({ db, relay, log, ...options.outboundDelivery }),
      learning: createWorkspaceModelService({ db, log }),
      templateHealth: createTemplateHealthChecker({
        ...{ db, bus: options.bus },
        collection: createTemplatesCollection({ db, bus: options.bus }),
      }),
    },
    log,
    onSettled: options.onJobSettled,
  })
  const ingest = await options.startIngest({
    ...(config.llm ? {} : { localAnalyser: analyser }),
    onSettled: (run) =>
      options.onJobSettled?.({ queue: INGEST_QUEUE, createdOn: run.createdAt, succeeded: run.succeeded }),
  })
  const sweeper = startTicketAnalysisSweeper({
    db,
    queue,
    ticketAnalysis,
    idleSeconds: SWEEP_IDLE_SECONDS,
    intervalSeconds: SWEEP_INTERVAL_SECONDS,
    log,
  })
  // pg-boss polls; a ticket created by another process (Postgres carries its event here) is picked up now.
  const stopWaking = options.bus.subscribe((event) => {
    if (event.action === 'create' && event.collectionId === options.tickets.id)
      queue.wake(analyzeTicketJob.id)
  })
  // Likewise any job another process enqueues, and mail the smtp role stored (one NOTIFY per group).
  const onWake = (name: string) => (name === INGEST_QUEUE ? ingest.wake() : queue.wake(name))
  const wakeListener = config.databaseUrl
    ? listenForJobWakes({ connectionString: config.databaseUrl, onWake, log })
    : undefined
  // The queue's own stop then lets runs in flight finish (or hands them back for a retry).
  return async () => {
    stopWaking()
    await wakeListener?.stop()
    await ingest.stop(INGEST_STOP_GRACE_MS)
    await sweeper.stop()
    relay?.close()
  }
}
