import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TDatabase } from '../../db/database'
import { JOB_WAKE_CHANNEL } from '../../jobs/job-wake-listener'
import { DATABASE_KINDS, openTestDatabase } from '../../testing/test-database'
import { insertMailboxOwner } from '../../testing/test-mailbox'
import { waitForValue } from '../../testing/wait-for-value'
import type { TMailboxRow } from '../mailboxes/mailbox-repository'
import {
  createAcceptInboundEmail,
  type TAcceptInboundEmail,
  type TCreateAcceptInboundEmailOptions,
  type TInboundDelivery,
} from './accept-inbound-email'
import { INGEST_QUEUE } from './inbound-queue'

const email = (n: number | string) =>
  Buffer.from(
    `From: a@customer.example\r\nSubject: mail ${n}\r\nMessage-ID: <${n}@customer.example>\r\n\r\nbody\r\n`,
  )

describe.each(DATABASE_KINDS)('accepting inbound email (%s)', (kind) => {
  let db: TDatabase
  let close: (() => Promise<void>) | undefined
  let users = 0
  let mailbox: TMailboxRow
  let statements: string[] = []
  // What a worker in another process hears (Postgres only): one NOTIFY per group stored.
  let listener: pg.Client | undefined
  let notified: string[] = []

  beforeAll(async () => {
    let url: string | undefined
    ;({ db, close, url } = await openTestDatabase(kind))
    if (url) {
      listener = new pg.Client({ connectionString: url })
      await listener.connect()
      listener.on('notification', (message) => notified.push(String(message.payload)))
      await listener.query(`listen ${JOB_WAKE_CHANNEL}`)
    }
    // Every statement the door sends, to count round trips.
    const query = db.query.bind(db)
    db.query = (sql, params) => {
      statements.push(sql)
      return query(sql, params)
    }
  })
  afterAll(async () => {
    await listener?.end()
    await close?.()
  })
  beforeEach(async () => {
    users++
    ;({ mailbox } = await insertMailboxOwner(db, {
      id: `u${users}`,
      email: `u${users}@example.com`,
      name: 'U',
      domain: 'inbound.test',
    }))
    statements = []
    notified = []
  })

  /** The door, counting how often it wakes this process's ingest worker (once per stored delivery). */
  function door(options: Partial<TCreateAcceptInboundEmailOptions> = {}) {
    let wakes = 0
    const accept = createAcceptInboundEmail({
      db,
      wake: () => {
        wakes += 1
      },
      ...options,
    })
    return { accept, woken: () => wakes }
  }

  const deliver = (accept: TAcceptInboundEmail, raw: Buffer, more: Partial<TInboundDelivery> = {}) =>
    accept({ mailbox, raw, channel: 'smtp', envelopeFrom: 'a@customer.example', ...more })

  const inserts = () => statements.filter((sql) => /insert into inbound_emails/.test(sql)).length

  async function counters(id = mailbox.id) {
    const { rows } = await db.query<{ received: number; duplicates: number }>(
      'select "received", "duplicates" from mailboxes where id = $1',
      [id],
    )
    return rows[0]
  }

  it('commits deliveries arriving together with one statement, each with its own id and bytes', async () => {
    const { accept, woken } = door()
    const raws = Array.from({ length: 20 }, (_, n) => email(`together-${n}`))
    const accepted = await Promise.all(raws.map((raw) => deliver(accept, raw)))

    expect(inserts()).toBe(1)
    expect(accepted.every((a) => !a.duplicate)).toBe(true)
    expect(new Set(accepted.map((a) => a.inboundId)).size).toBe(20)
    const { rows } = await db.query<{ id: string; raw: Uint8Array; status: string }>(
      `select i.id, r.raw, i."status" from inbound_emails i join inbound_raw r on r.inbound_id = i.id
       where i."mailboxId" = $1`,
      [mailbox.id],
    )
    const stored = new Map(rows.map((row) => [row.id, Buffer.from(row.raw)]))
    for (const [index, { inboundId }] of accepted.entries())
      expect(stored.get(inboundId)).toEqual(raws[index])
    expect(rows.every((row) => row.status === 'received')).toBe(true)
    expect(await counters()).toEqual({ received: 20, duplicates: 0 })
    // Stored is queued (decision 041): no job to insert, a wake for this process's worker per delivery and,
    // sent by the storing statement itself, one NOTIFY for the group to workers elsewhere.
    expect(woken()).toBe(20)
    if (listener) {
      await waitForValue(() => notified.length > 0 || undefined, { what: 'the group announced' })
      expect(notified).toEqual([INGEST_QUEUE])
    }
  })

  it('keeps a group within its byte and count limits; a bigger message goes alone', async () => {
    const { accept } = door({ groupLimits: { maxSize: 1_000, maxItems: 3 } })
    const big = Buffer.concat([email('big'), Buffer.alloc(5_000, 'x')])
    const small = Array.from({ length: 6 }, (_, n) => email(`small-${n}`))
    const accepted = await Promise.all([big, ...small].map((raw) => deliver(accept, raw)))

    expect(accepted.filter((a) => !a.duplicate)).toHaveLength(7)
    expect(inserts()).toBe(3)
    expect(await counters()).toEqual({ received: 7, duplicates: 0 })
  })

  it('records the same bytes twice in one group as one delivery and one duplicate of it', async () => {
    const { accept, woken } = door()
    const [first, second, other] = await Promise.all([
      deliver(accept, email('twice')),
      deliver(accept, email('twice')),
      deliver(accept, email('once')),
    ])
    const fresh = [first, second].find((a) => !a?.duplicate)
    expect([first, second].filter((a) => a?.duplicate)).toEqual([
      { inboundId: fresh?.inboundId, duplicate: true },
    ])
    expect(other?.duplicate).toBe(false)
    expect(woken()).toBe(2)
    const { rows } = await db.query<{ status: string; duplicateOf: string | null }>(
      'select "status", "duplicateOf" from inbound_emails where "mailboxId" = $1 order by seq',
      [mailbox.id],
    )
    expect(rows).toEqual([
      { status: 'received', duplicateOf: null },
      { status: 'received', duplicateOf: null },
      { status: 'duplicate', duplicateOf: fresh?.inboundId },
    ])
    expect(await counters()).toEqual({ received: 3, duplicates: 1 })
  })

  it('records the same channel and external id twice in one group as a duplicate', async () => {
    const { accept } = door()
    const accepted = await Promise.all([
      deliver(accept, email('imap-a'), { channel: 'imap', externalId: 'imap:acc:1:7' }),
      deliver(accept, email('imap-b'), { channel: 'imap', externalId: 'imap:acc:1:7' }),
      deliver(accept, email('imap-c'), { channel: 'imap', externalId: 'imap:acc:1:8' }),
    ])
    expect(accepted.map((a) => a.duplicate).sort()).toEqual([false, false, true])
    expect(await counters()).toEqual({ received: 3, duplicates: 1 })
  })

  it('stores the rest of a group when one delivery of it cannot be stored', async () => {
    const { accept, woken } = door()
    const gone = { id: 'no-such-mailbox', userId: 'nobody', teamId: 'no-such-workspace' }
    const results = await Promise.allSettled([
      deliver(accept, email('good-1')),
      deliver(accept, email('good-2')),
      accept({ mailbox: gone, raw: email('to-a-deleted-mailbox'), channel: 'smtp' }),
      deliver(accept, email('good-3')),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' })
    expect(woken()).toBe(3)
    expect(await counters()).toEqual({ received: 3, duplicates: 0 })
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::integer as n from inbound_emails where "mailboxId" = $1',
      [gone.id],
    )
    expect(rows[0]?.n).toBe(0)
  })
})
