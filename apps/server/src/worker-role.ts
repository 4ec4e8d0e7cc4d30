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
import type { TInboundProcessor } from './mail/ingest/inbound-processor'
import type { TMaintenanceDeps } from './maintenance/maintenance.job'
import type { TDeliveryObserver, TOpenAttachments } from './outbox/delivery-observer'
import { createOutboundMailSender } from './outbox/outbound-mail-sender'
import type { TReturnPath } from './outbox/return-path'
import { openSmtpRelay } from './outbox/smtp-relay'
import type { TEventBus } from './realtime/event-bus'
import { analyzeTicketJob } from './tickets/analyze-ticket.job'
import { createTicketAnalysisService } from './tickets/ticket-analysis-service'
import { startTicketAnalysisSweeper } from './tickets/ticket-analysis-sweeper'

export type TWorkerModuleOptions = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  queue: TJobQueue
  tickets: TCollectionDefinition
  /** The ingest, given the analyser when it is the local one (decision 032). */
  createInboundProcessor(options: { localAnalyser?: TAnalyser }): TInboundProcessor
  /** What the outbox's sender tells of a mail's delivery, and where it reads attachments' bytes. */
  outboundDelivery?: {
    delivery: TDeliveryObserver
    openAttachments: TOpenAttachments
    returnPath: TReturnPath
  }
  /** What the hourly upkeep works on (maintenance/maintenance.job.ts). */
  maintenance: TMaintenanceDeps
  log: TLog
  onJobSettled?: TStartJobWorkerOptions['onSettled']
  /** What tickets' analyses run through instead of the analyser (a test's delay, testing/). */
  wrapAnalyser?(analyser: TAnalyser): TAnalyser
}

// A ticket whose analysis has not moved for this long, with no live job, is swept up.
const SWEEP_IDLE_SECONDS = 15
const SWEEP_INTERVAL_SECONDS = 30

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
  const inboundProcessor = options.createInboundProcessor(config.llm ? {} : { localAnalyser: analyser })
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
      inboundProcessor,
      maintenance: options.maintenance,
      outboundMail: createOutboundMailSender({ db, relay, log, ...options.outboundDelivery }),
    },
    log,
    onSettled: options.onJobSettled,
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
  // Likewise any job another process enqueues, such as the smtp role's ingest jobs.
  const wakeListener = config.databaseUrl
    ? listenForJobWakes({ connectionString: config.databaseUrl, onWake: queue.wake, log })
    : undefined
  // The queue's own stop then lets runs in flight finish (or hands them back for a retry).
  return async () => {
    stopWaking()
    await wakeListener?.stop()
    await sweeper.stop()
    relay?.close()
  }
}
