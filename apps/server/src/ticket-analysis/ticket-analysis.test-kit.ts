import { ProcessingStatus, TicketStatus, uniqueId } from '@parsedesk/contracts'
import type { TAnalyser } from '../analysis'
import type { TLog } from '../core/logger'
import type { TDocumentRow } from '../documents/collection'
import { findDocument, insertDocument } from '../documents/document-repository'
import type { TJobPolicy } from '../jobs/job-definition'
import { startJobQueue } from '../jobs/job-queue'
import { startJobWorker } from '../jobs/job-worker'
import { createMemoryEventBus, type TDocumentEvent } from '../realtime/event-bus'
import { insertTeam } from '../teams/team-repository'
import { openTestDatabase } from '../testing/test-database'
import { analyzeTicketJob } from '../tickets/analyze-ticket.job'
import { createTicketsCollection, ticketPermissions } from '../tickets/tickets-collection'
import { createTicketAnalysisService } from './ticket-analysis-service'

export type TJobsHarnessOptions = {
  database: 'pglite' | 'postgres'
  analyser: TAnalyser
  /** Shorter retries and expiry than production's, so a test sees them within seconds. */
  policy?: Partial<TJobPolicy>
}

/** The jobs side of a server, in process, on a fresh database: queue, ticket analysis, bus, worker. */
export async function startJobsHarness(options: TJobsHarnessOptions) {
  const { db, url: databaseUrl, close } = await openTestDatabase(options.database)
  const teamId = 'team-1'
  await insertTeam(db, { id: teamId, name: 'Support' })
  const bus = createMemoryEventBus()
  const events: TDocumentEvent[] = []
  bus.subscribe((event) => events.push(event))
  const logged: string[] = []
  const log: TLog = (message) => logged.push(message)
  const definition = { ...analyzeTicketJob, policy: { ...analyzeTicketJob.policy, ...options.policy } }
  const queue = await startJobQueue({
    db,
    databaseUrl,
    definitions: [definition],
    isSupervisor: true,
    maintenanceIntervalSeconds: 1,
    log,
  })
  const tickets = createTicketsCollection({})
  const ticketAnalysis = createTicketAnalysisService({ db, bus, tickets, analyser: options.analyser })

  return {
    db,
    bus,
    events,
    logged,
    queue,
    definition,
    ticketAnalysis,
    startWorker: () =>
      startJobWorker({ db, queue, ctx: { ticketAnalysis }, pollingIntervalSeconds: 0.5, log }),
    enqueue: (ticketId: string) => queue.enqueue(definition, { ticketId }),
    /** A ticket as the dashboard's create leaves it, without enqueuing its analysis. */
    async insertTicket(input: { subject: string; body: string }): Promise<string> {
      const id = uniqueId()
      await insertDocument(db, tickets, {
        id,
        data: {
          email: 'customer@example.com',
          subject: input.subject,
          body: input.body,
          status: TicketStatus.open,
          priority: null,
          userId: 'user-1',
          teamId,
          processing_status: ProcessingStatus.waiting,
        },
        permissions: ticketPermissions(teamId),
      })
      return id
    },
    findTicket: (id: string): Promise<TDocumentRow | undefined> => findDocument(db, tickets, id),
    /** The processing_status of each update event of one ticket, in order. */
    statusesOf: (id: string) =>
      events.filter((e) => e.documentId === id).map((e) => String(e.document.processing_status)),
    async stop() {
      await queue.stop()
      await close()
    },
  }
}
