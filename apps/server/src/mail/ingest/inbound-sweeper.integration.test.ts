import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase } from '../../db/database'
import { startJobQueue, type TJobQueue } from '../../jobs/job-queue'
import { DATABASE_KINDS, openTestDatabase } from '../../testing/test-database'
import { testLog } from '../../testing/test-log'
import { insertMailboxOwner } from '../../testing/test-mailbox'
import { createAcceptInboundEmail } from '../inbound/accept-inbound-email'
import type { TMailboxRow } from '../mailboxes/mailbox-repository'
import { MAX_INBOUND_REQUEUES, sweepPendingInbound } from './inbound-sweeper'
import { ingestInboundEmailJob } from './ingest-inbound-email.job'

describe.each(DATABASE_KINDS)('the inbound sweeper on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>
  let queue: TJobQueue
  let mailbox: TMailboxRow

  beforeAll(async () => {
    const opened = await openTestDatabase(kind)
    ;({ db, close } = opened)
    // No worker: the test plays the worker that dies on the mail every time.
    queue = await startJobQueue({
      db,
      databaseUrl: opened.url,
      definitions: [ingestInboundEmailJob],
      isSupervisor: false,
      log: testLog,
    })
    ;({ mailbox } = await insertMailboxOwner(db, {
      id: 'sweep-u1',
      email: 'sweep@example.com',
      name: 'S',
      domain: 'inbound.test',
    }))
  })
  afterAll(async () => {
    await queue?.stop()
    await close?.()
  })

  /** Every try of the delivery's current job used up, as when each run killed its worker. */
  async function exhaustJob(inboundId: string) {
    const { rowCount } = await db.query(
      `update pgboss.job set state = 'failed', retry_count = retry_limit,
         output = '{"message":"the worker stopped before the run finished"}'::jsonb
       where name = $1 and singleton_key = $2 and state < 'completed'`,
      [ingestInboundEmailJob.id, inboundId],
    )
    expect(rowCount).toBe(1)
  }

  it('gives a delivery whose job failed a few more rounds, then records it as rejected instead of looping', async () => {
    const accept = createAcceptInboundEmail({
      db,
      enqueue: async (inboundId) => {
        await queue.enqueue(ingestInboundEmailJob, { inboundId })
      },
    })
    const raw = Buffer.from('From: a@example.com\r\nSubject: poison\r\n\r\nkills its worker\r\n')
    const { inboundId } = await accept({ mailbox, raw, channel: 'smtp' })

    for (let round = 1; round <= MAX_INBOUND_REQUEUES; round++) {
      await exhaustJob(inboundId)
      expect(await sweepPendingInbound({ db, queue, idleSeconds: 0 })).toEqual({
        enqueued: [inboundId],
        rejected: [],
      })
    }
    await exhaustJob(inboundId)
    expect(await sweepPendingInbound({ db, queue, idleSeconds: 0 })).toEqual({
      enqueued: [],
      rejected: [inboundId],
    })

    const { rows } = await db.query<{ status: string; reason: string }>(
      'select "status", "reason" from inbound_emails where id = $1',
      [inboundId],
    )
    expect(rows[0]?.status).toBe('rejected')
    expect(rows[0]?.reason).toMatch(/^processing failed in 3 rounds of 5 tries; the last: the worker stopped/)
    const counted = await db.query<{ rejected: number }>('select "rejected" from mailboxes where id = $1', [
      mailbox.id,
    ])
    expect(counted.rows[0]?.rejected).toBe(1)
    expect(await sweepPendingInbound({ db, queue, idleSeconds: 0 })).toEqual({ enqueued: [], rejected: [] })
  })
})
