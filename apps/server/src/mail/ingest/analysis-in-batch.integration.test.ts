import path from 'node:path'
import { ProcessingStatus, TicketEventType } from '@parsedesk/contracts'
import { Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnalyser, type TAnalyser } from '../../analysis'
import { createMessagesCollection } from '../../conversations/messages-collection'
import { createLocalFileStorage } from '../../files/local-file-storage'
import { findLatestJobs } from '../../jobs/queued-jobs'
import type { TDocumentEvent } from '../../realtime/event-bus'
import { DATABASE_KINDS } from '../../testing/test-database'
import { testLog } from '../../testing/test-log'
import type { TTestServer } from '../../testing/test-server'
import { waitForValue } from '../../testing/wait-for-value'
import { analyseTicket, NO_ANALYSIS_CONTEXT } from '../../ticket-analysis/analyse-ticket'
import { analyzeTicketJob } from '../../tickets/analyze-ticket.job'
import {
  sendRaw,
  signUpWithMailbox,
  startMailTestServer,
  TEST_INBOUND_DOMAIN,
  waitForDecided,
} from '../mail.test-kit'
import { createInboundProcessor } from './inbound-processor'
import { deliverMails, startUndecidingServer, testEmail, testReplyDelivery } from './ingest.test-kit'

/** Every ticket event on the server's bus, in the order published. */
function recordTicketEvents(server: TTestServer) {
  const events: TDocumentEvent[] = []
  const stop = server.bus.subscribe((event) => {
    if (event.collectionId === server.tickets.collection.id) events.push(event)
  })
  return { events, stop, of: (ticketId: string) => events.filter((event) => event.documentId === ticketId) }
}

function queuedAnalyses(server: TTestServer, ticketIds: string[]) {
  return findLatestJobs({ db: server.db, queue: analyzeTicketJob.id, keys: ticketIds })
}

describe.each(DATABASE_KINDS)('mail analysed in its ingest batch on %s', (database) => {
  describe('through SMTP, with the local analyser', () => {
    let server: TTestServer & { smtpPort: number }

    beforeAll(async () => {
      server = await startMailTestServer({ database })
    })
    afterAll(async () => {
      await server?.stop()
    })

    it('announces a new ticket analysed in its create event, logs it analysed and queues no analysis job', async () => {
      const { user, mailbox } = await signUpWithMailbox(server.url)
      const watched = recordTicketEvents(server)
      try {
        const raw = testEmail({
          subject: 'URGENT: production is down, all users locked out',
          messageId: 'down@customer.example',
        })
        expect((await sendRaw({ port: server.smtpPort, to: mailbox.address, raw })).accepted).toBe(true)
        const [delivery] = await waitForDecided(user, 1)
        const ticketId = String(delivery?.ticketId)
        const created = await waitForValue(() => watched.of(ticketId)[0], { what: 'the create event' })

        // The first the dashboard hears of it, and the first read, are the analysed ticket.
        expect(created.action).toBe('create')
        expect(created.document.processing_status).toBe(ProcessingStatus.completed)
        // As the analysis job would have left it.
        const { document } = created
        const expected = await analyseTicket(
          await createAnalyser(),
          {
            id: ticketId,
            teamId: String(document.teamId),
            subject: String(document.subject),
            body: String(document.body),
            rawJson: document.rawJson,
          },
          NO_ANALYSIS_CONTEXT,
        )
        expect(document).toMatchObject({
          category: expected.category,
          priority: expected.priority,
          description: expected.analysis,
          processing_error: null,
          analysis: { source: 'local', summary: expected.details?.summary, priority: expected.priority },
        })
        const read = await user.databases.getDocument({
          databaseId: 'main',
          collectionId: 'tickets',
          documentId: ticketId,
        })
        expect(read.processing_status).toBe(ProcessingStatus.completed)

        // Its log says what the mail made, then what the analyser chose, as the job's analysis does.
        const log = await user.databases.listDocuments({
          databaseId: 'main',
          collectionId: 'ticket_events',
          queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence')],
        })
        expect(log.documents.map((event) => event.type)).toEqual([
          TicketEventType.created,
          TicketEventType.analysed,
        ])
        expect(log.documents[0]?.after).toMatchObject({ category: null, priority: null })
        expect(log.documents[1]?.after).toEqual({ category: expected.category, priority: expected.priority })

        expect((await queuedAnalyses(server, [ticketId])).size).toBe(0)
        // Nothing followed: no processing, no second completed update.
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(watched.of(ticketId).map((event) => event.action)).toEqual(['create'])
      } finally {
        watched.stop()
      }
    })
  })

  describe('in a batch decided by hand', () => {
    // No worker role: the test decides the deliveries, with an analyser that fails for one mail.
    let server: TTestServer
    let local: TAnalyser

    beforeAll(async () => {
      server = await startUndecidingServer(database)
      local = await createAnalyser()
    })
    afterAll(async () => {
      await server?.stop()
    })

    function processorAnalysingWith(analyser: TAnalyser) {
      const messages = createMessagesCollection()
      return createInboundProcessor({
        db: server.db,
        bus: server.bus,
        storage: createLocalFileStorage({ dir: path.join(server.config.dataDir, 'files') }),
        tickets: server.tickets,
        messages,
        delivery: testReplyDelivery(server, messages),
        inboundDomain: TEST_INBOUND_DOMAIN,
        log: testLog,
        localAnalyser: analyser,
      })
    }

    it('writes the others analysed when the analysis of one mail fails, and queues the job for that one', async () => {
      const { user, mailbox } = await signUpWithMailbox(server.url)
      const ids = await deliverMails(server, mailbox.address, [
        { subject: 'Refund for order 1234', messageId: 'refund@customer.example' },
        { subject: 'Unreadable to the model', messageId: 'broken@customer.example' },
        { subject: 'Password reset does not arrive', messageId: 'password@customer.example' },
      ])
      const failing: TAnalyser = {
        analyse: (input, options) =>
          input.subject.startsWith('Unreadable')
            ? Promise.reject(new Error('the model broke on this one'))
            : local.analyse(input, options),
      }
      const watched = recordTicketEvents(server)
      try {
        const errors = await processorAnalysingWith(failing).processInboundBatch(
          ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
        )
        expect(errors).toEqual([undefined, undefined, undefined])

        const decided = await waitForDecided(user, 3)
        expect(decided.map((d) => d.status)).toEqual(['ticket', 'ticket', 'ticket'])
        const [refund, broken, password] = decided.map((d) => String(d.ticketId))
        const firstStatus = (ticketId: string) => watched.of(ticketId)[0]?.document.processing_status
        expect(firstStatus(String(refund))).toBe(ProcessingStatus.completed)
        expect(firstStatus(String(password))).toBe(ProcessingStatus.completed)
        expect(firstStatus(String(broken))).toBe(ProcessingStatus.waiting)

        const jobs = await queuedAnalyses(server, [String(refund), String(broken), String(password)])
        expect([...jobs.keys()]).toEqual([broken])
        expect(jobs.get(String(broken))?.state).toBe('created')
      } finally {
        watched.stop()
      }
    })

    it('leaves the analysis of the ticket an answer joins as it was, with no job', async () => {
      const { user, mailbox } = await signUpWithMailbox(server.url)
      const processor = processorAnalysingWith(local)
      const first = await deliverMails(server, mailbox.address, [
        { subject: 'Invoice is wrong', messageId: 'invoice@customer.example' },
      ])
      await processor.processInboundBatch(first.map((inboundId) => ({ inboundId, isLastAttempt: false })))
      const [opened] = await waitForDecided(user, 1)
      const ticketId = String(opened?.ticketId)
      const before = await server.tickets.find(server.db, ticketId)

      const answer = await deliverMails(server, mailbox.address, [
        {
          subject: 'Re: Invoice is wrong',
          messageId: 'invoice-2@customer.example',
          inReplyTo: 'invoice@customer.example',
        },
      ])
      await processor.processInboundBatch(answer.map((inboundId) => ({ inboundId, isLastAttempt: false })))
      const decided = await waitForDecided(user, 2)
      expect(decided[1]?.status).toBe('thread-message')

      const after = await server.tickets.find(server.db, ticketId)
      expect(after?.processing_status).toBe(ProcessingStatus.completed)
      expect(after?.analysis).toEqual(before?.analysis)
      expect(after?.description).toBe(before?.description)
      expect((await queuedAnalyses(server, [ticketId])).size).toBe(0)
    })
  })
})
