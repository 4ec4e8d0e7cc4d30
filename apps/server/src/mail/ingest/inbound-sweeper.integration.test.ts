import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase } from '../../db/database'
import { DATABASE_KINDS, openTestDatabase } from '../../testing/test-database'
import { insertMailboxOwner } from '../../testing/test-mailbox'
import { createAcceptInboundEmail } from '../inbound/accept-inbound-email'
import { claimDeliveries, INGEST_POLICY } from '../inbound/inbound-queue'
import type { TMailboxRow } from '../mailboxes/mailbox-repository'
import { MAX_INBOUND_REQUEUES, sweepPendingInbound } from './inbound-sweeper'

describe.each(DATABASE_KINDS)('the inbound sweeper on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>
  let mailbox: TMailboxRow

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
    ;({ mailbox } = await insertMailboxOwner(db, {
      id: 'sweep-u1',
      email: 'sweep@example.com',
      name: 'S',
      domain: 'inbound.test',
    }))
  })
  afterAll(async () => {
    await close?.()
  })

  /**
   * Every try of the delivery used up, as when each run killed its worker: claimed, never completed, the
   * claim over (a zero-second claim ends at once, as a lost one does after its 120 s).
   */
  async function exhaustTries(inboundId: string) {
    for (let attempt = 1; attempt <= INGEST_POLICY.maxAttempts; attempt++) {
      const claimed = await claimDeliveries(db, { limit: 32, claimSeconds: 0 })
      expect(claimed.map((delivery) => [delivery.id, delivery.attempts])).toEqual([[inboundId, attempt]])
    }
    // Out of tries: no worker claims it again; it is the sweeper's.
    expect(await claimDeliveries(db, { limit: 32, claimSeconds: 0 })).toEqual([])
  }

  it('gives a delivery whose worker died on every try a few more rounds, then records it as rejected instead of looping', async () => {
    const accept = createAcceptInboundEmail({ db })
    const raw = Buffer.from('From: a@example.com\r\nSubject: poison\r\n\r\nkills its worker\r\n')
    const { inboundId } = await accept({ mailbox, raw, channel: 'smtp' })
    // Tries left: the queue's, not the sweeper's.
    expect(await sweepPendingInbound({ db })).toEqual({ requeued: [], rejected: [] })

    for (let round = 1; round <= MAX_INBOUND_REQUEUES; round++) {
      await exhaustTries(inboundId)
      expect(await sweepPendingInbound({ db })).toEqual({
        requeued: [inboundId],
        rejected: [],
      })
    }
    await exhaustTries(inboundId)
    expect(await sweepPendingInbound({ db })).toEqual({
      requeued: [],
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
    expect(await sweepPendingInbound({ db })).toEqual({ requeued: [], rejected: [] })
  })
})
