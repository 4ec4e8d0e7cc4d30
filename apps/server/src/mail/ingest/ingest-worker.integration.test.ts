import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMessagesCollection } from '../../conversations/messages-collection'
import type { TDatabase } from '../../db/database'
import { openDatabase } from '../../db/open-database'
import { createLocalFileStorage } from '../../files/local-file-storage'
import { DATABASE_KINDS } from '../../testing/test-database'
import { testLog } from '../../testing/test-log'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { waitForValue } from '../../testing/wait-for-value'
import { INGEST_QUEUE } from '../inbound/inbound-queue'
import { sendRaw, signUpWithMailbox, TEST_INBOUND_DOMAIN } from '../mail.test-kit'
import { createInboundProcessor } from './inbound-processor'
import {
  createTestProcessor,
  deliverMails,
  startUndecidingServer,
  testEmail,
  testReplyDelivery,
} from './ingest.test-kit'
import { startIngestWorker, type TIngestWorker } from './ingest-worker'

type TQueueRow = { status: string; attempts: number; reason: string | null; lastError: string | null }

describe.each(DATABASE_KINDS)('the inbound store as the ingest queue on %s', (database) => {
  // No worker role: the test starts the ingest workers itself.
  let server: TTestServer
  const workers: TIngestWorker[] = []
  const ownDatabases: TDatabase[] = []

  beforeAll(async () => {
    server = await startUndecidingServer(database)
  })
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop(1_000)))
    await Promise.all(ownDatabases.map((db) => db.close()))
    await server?.stop()
  })

  /** The database as another worker process has it: its own pool on Postgres (PGlite has one process). */
  async function workerDatabase(): Promise<TDatabase> {
    if (!server.config.databaseUrl) return server.db
    const db = await openDatabase({ databaseUrl: server.config.databaseUrl, poolSize: 3 })
    ownDatabases.push(db)
    return db
  }

  function readQueueRow(inboundId: string) {
    return server.db
      .query<TQueueRow & { waitSeconds: number }>(
        `select "status", "attempts", "reason", "last_error" as "lastError",
           extract(epoch from "claimed_until" - now())::float8 as "waitSeconds"
         from inbound_emails where id = $1`,
        [inboundId],
      )
      .then(({ rows }) => rows[0])
  }

  it('decides every delivery once when two workers of two fetchers each claim side by side', async () => {
    const { mailbox } = await signUpWithMailbox(server.url)
    const mails = Array.from({ length: 48 }, (_, n) => ({
      subject: `Side by side ${n}`,
      messageId: `side-${n}@customer.example`,
    }))
    const ids = await deliverMails(server, mailbox.address, mails)
    expect(ids).toHaveLength(48)

    // Which worker was given which delivery, however many times.
    const given: string[] = []
    for (const _ of [1, 2]) {
      const db = await workerDatabase()
      const processor = createTestProcessor(server, db)
      const worker = startIngestWorker({
        db,
        log: testLog,
        batchSize: 4,
        processor: {
          processInboundBatch(runs) {
            given.push(...runs.map((run) => run.inboundId))
            return processor.processInboundBatch(runs)
          },
        },
      })
      workers.push(worker)
    }
    for (const worker of workers) worker.wake()

    await waitForValue(
      async () => {
        const { rows } = await server.db.query<{ n: number }>(
          `select count(*)::int as n from inbound_emails where "mailboxId" = $1 and "status" = 'received'`,
          [mailbox.$id],
        )
        return rows[0]?.n === 0
      },
      { what: 'every delivery decided', timeoutMs: 60_000 },
    )
    expect(given.toSorted()).toEqual(ids.toSorted())
    const { rows } = await server.db.query<{ status: string; attempts: number; n: number }>(
      `select "status", "attempts", count(*)::int as n from inbound_emails where "mailboxId" = $1
       group by "status", "attempts"`,
      [mailbox.$id],
    )
    expect(rows).toEqual([{ status: 'ticket', attempts: 1, n: 48 }])
    await Promise.all(workers.splice(0).map((worker) => worker.stop(1_000)))
  })

  it('backs a failed try off, doubling, and rejects the mail with its reason when its fifth try fails', async () => {
    const { mailbox } = await signUpWithMailbox(server.url)
    const [inboundId] = await deliverMails(server, mailbox.address, [
      { subject: 'Full disk', messageId: 'full-disk@customer.example', attachment: 'log.txt' },
    ])
    if (!inboundId) throw new Error('the mail was not stored')
    const messages = createMessagesCollection()
    const storage = createLocalFileStorage({ dir: path.join(server.config.dataDir, 'files') })
    const processor = createInboundProcessor({
      db: server.db,
      bus: server.bus,
      storage: { ...storage, write: () => Promise.reject(new Error('the disk is full')) },
      tickets: server.tickets,
      messages,
      delivery: testReplyDelivery(server, messages),
      inboundDomain: TEST_INBOUND_DOMAIN,
      log: () => undefined,
    })
    const worker = startIngestWorker({ db: server.db, processor, log: () => undefined })
    workers.push(worker)

    for (let attempt = 1; attempt <= 4; attempt++) {
      worker.wake()
      const row = await waitForValue(
        async () => {
          const read = await readQueueRow(inboundId)
          return read?.attempts === attempt && read.lastError === 'the disk is full' && read
        },
        { what: `try ${attempt} failed` },
      )
      // 2, 4, 8, 16 s before the next try; waited out here, as a test cannot wait 30 s.
      const delay = 2 ** attempt
      expect(row.status).toBe('received')
      expect(row.waitSeconds).toBeGreaterThan(delay - 2)
      expect(row.waitSeconds).toBeLessThanOrEqual(delay)
      await server.db.query(`update inbound_emails set "claimed_until" = now() where id = $1`, [inboundId])
    }
    worker.wake()
    const rejected = await waitForValue(
      async () => {
        const read = await readQueueRow(inboundId)
        return read?.status === 'rejected' && read
      },
      { what: 'the fifth try to reject the mail' },
    )
    expect(rejected).toMatchObject({ attempts: 5, reason: 'processing failed: the disk is full' })
  })
})

describe.each(DATABASE_KINDS)('mail ingested by the worker role on %s', (database) => {
  let server: TTestServer

  beforeAll(async () => {
    server = await startTestServer({
      database,
      roles: ['http', 'smtp', 'worker'],
      env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN },
    })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('makes tickets of stored mail with no job per mail', async () => {
    const { mailbox } = await signUpWithMailbox(server.url)
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        sendRaw({
          port: server.smtpPort ?? 0,
          to: mailbox.address,
          raw: testEmail({ subject: `No job ${n}`, messageId: `no-job-${n}@customer.example` }),
        }),
      ),
    )
    await waitForValue(
      async () => {
        const { rows } = await server.db.query<{ n: number }>(
          `select count(*)::int as n from inbound_emails where "mailboxId" = $1 and "status" = 'ticket'`,
          [mailbox.$id],
        )
        return rows[0]?.n === 12
      },
      { what: 'twelve tickets' },
    )
    // pg-boss's insert, fetch and completion per mail (decision 033's 2.3 statements) are gone.
    const { rows } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from pgboss.job where name = $1',
      [INGEST_QUEUE],
    )
    expect(rows[0]?.n).toBe(0)
  })
})
