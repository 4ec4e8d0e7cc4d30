import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TDatabase } from '../../db/database'
import { DATABASE_KINDS, openTestDatabase } from '../../testing/test-database'
import { insertMailboxOwner } from '../../testing/test-mailbox'
import type { TMailboxRow } from '../mailboxes/mailbox-repository'
import {
  createAcceptInboundEmail,
  type TAcceptInboundEmail,
  type TCreateAcceptInboundEmailOptions,
  type TInboundDelivery,
} from './accept-inbound-email'

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

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
    // Every statement the door sends, to count round trips.
    const query = db.query.bind(db)
    db.query = (sql, params) => {
      statements.push(sql)
      return query(sql, params)
    }
  })
  afterAll(async () => {
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
  })

  /** The door, with an enqueue that groups what it gets in one turn of the event loop, as enqueueSoon does. */
  function door(options: Partial<TCreateAcceptInboundEmailOptions> = {}) {
    const batches: string[][] = []
    let batch: string[] | undefined
    const accept = createAcceptInboundEmail({
      db,
      enqueue: async (inboundId) => {
        if (!batch) {
          batch = []
          batches.push(batch)
          setImmediate(() => {
            batch = undefined
          })
        }
        batch.push(inboundId)
      },
      ...options,
    })
    return { accept, enqueued: () => batches.flat(), batches }
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
    const { accept, enqueued, batches } = door()
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
    // The group's ingest jobs are enqueued in one turn, so the queue inserts them with one statement.
    expect(batches).toHaveLength(1)
    expect(enqueued().sort()).toEqual(accepted.map((a) => a.inboundId).sort())
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
    const { accept, enqueued } = door()
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
    expect(enqueued().sort()).toEqual([fresh?.inboundId, other?.inboundId].sort())
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
    const { accept, enqueued } = door()
    const gone = { id: 'no-such-mailbox', userId: 'nobody', teamId: 'no-such-workspace' }
    const results = await Promise.allSettled([
      deliver(accept, email('good-1')),
      deliver(accept, email('good-2')),
      accept({ mailbox: gone, raw: email('to-a-deleted-mailbox'), channel: 'smtp' }),
      deliver(accept, email('good-3')),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' })
    expect(enqueued()).toHaveLength(3)
    expect(await counters()).toEqual({ received: 3, duplicates: 0 })
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::integer as n from inbound_emails where "mailboxId" = $1',
      [gone.id],
    )
    expect(rows[0]?.n).toBe(0)
  })
})
