import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ID } from 'appwrite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type TServerRole } from '../config/config'
import type { TDatabase, TQueryable } from '../db/database'
import { openDatabase } from '../db/open-database'
import { startServer, type TRunningServer } from '../server'
import { signUpUser } from '../testing/sdk-client'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { testLog } from '../testing/test-log'
import { waitForValue } from '../testing/wait-for-value'
import type { TDocumentEvent } from './event-bus'
import { createPostgresEventBus, LISTENER_APPLICATION_NAME } from './postgres-event-bus'
import {
  changeTicketAndTime,
  closeSocket,
  formatLatencies,
  RecordingWebSocket,
  settle,
  subscribeWithSdk27,
  TICKETS,
  TICKETS_CHANNEL,
  ticketData,
  useRecordingWebSocketInSdk,
} from './realtime.test-kit'

if (!TEST_DATABASE_URL)
  console.log('[realtime] TEST_DATABASE_URL is not set: the cross-process tests are skipped')

type TProcess = TRunningServer & { stop(): Promise<void> }

/** One more server process (in-process here) on the shared database, as `--role` would start it. */
async function startProcess(databaseUrl: string, roles: TServerRole[]): Promise<TProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-realtime-'))
  const server = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    }),
    roles: new Set(roles),
  })
  return {
    ...server,
    async stop() {
      await server.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

function documentEvent(documentId: string, body: string): TDocumentEvent {
  return {
    action: 'update',
    databaseId: 'main',
    collectionId: 'tickets',
    documentId,
    document: { $id: documentId, body },
    readRoles: ['user:nobody'],
    timestamp: new Date().toISOString(),
  }
}

describe.skipIf(!TEST_DATABASE_URL)('realtime across processes on Postgres', () => {
  let database: { url: string; drop(): Promise<void> }
  let first: TProcess
  let second: TProcess
  let secondEndpoint: string

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!)
    first = await startProcess(database.url, ['http'])
    second = await startProcess(database.url, ['http'])
    secondEndpoint = second.url!
    useRecordingWebSocketInSdk()
  })
  afterAll(async () => {
    for (const socket of RecordingWebSocket.all) await closeSocket(socket)
    await first?.stop()
    await second?.stop()
    await database?.drop()
  })

  it("a change made through server 1 reaches the owner's socket on server 2, and no one else's", async () => {
    const alice = await signUpUser(first.url!, 'Alice')
    const bob = await signUpUser(first.url!, 'Bob')
    const a = await subscribeWithSdk27(alice.client.setEndpoint(`${secondEndpoint}/v1`), [TICKETS_CHANNEL])
    const b = await subscribeWithSdk27(bob.client.setEndpoint(`${secondEndpoint}/v1`), [TICKETS_CHANNEL])
    // The sockets stay on server 2; from here on the same clients write through server 1.
    alice.client.setEndpoint(`${first.url}/v1`)
    bob.client.setEndpoint(`${first.url}/v1`)

    const { documentId, samples } = await changeTicketAndTime(alice, a.inbox, 'Across processes')
    console.log(formatLatencies('server 1 → Postgres NOTIFY → server 2, create/update/delete', samples))

    const bobs = await bob.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: ticketData(bob, 'Mine'),
    })
    await waitForValue(() => b.inbox.of(bobs.$id).length > 0, {
      what: "Bob's own ticket",
      intervalMs: 2,
    })
    await settle()
    expect(b.inbox.received.map((r) => r.id)).toEqual([bobs.$id])
    expect(a.inbox.received.map((r) => [r.id, r.event])).toEqual([
      [documentId, 'create'],
      [documentId, 'update'],
      [documentId, 'delete'],
    ])

    // Far beyond what one NOTIFY carries (8,000 bytes), within what an event carries of its document.
    const body = 'A long complaint. '.repeat(2_500)
    const long = await alice.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: ticketData(alice, 'Long', body),
    })
    await waitForValue(() => a.inbox.of(long.$id).length > 0, {
      what: 'the long ticket',
      intervalMs: 2,
    })
    const frameOf = (id: string) =>
      a.socket.frames.find((f) => (f.data?.payload as { $id?: string })?.$id === id)?.data?.payload as
        | { body?: string; subject?: string }
        | undefined
    expect(frameOf(long.$id)?.body).toBe(body)
    // Beyond that, the event comes without the body: the ticket has it.
    const huge = await alice.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: ticketData(alice, 'Huge', body.repeat(10)),
    })
    await waitForValue(() => a.inbox.of(huge.$id).length > 0, {
      what: 'the huge ticket',
      intervalMs: 2,
    })
    expect(frameOf(huge.$id)).toMatchObject({ subject: 'Huge' })
    expect(frameOf(huge.$id)).not.toHaveProperty('body')
    await a.subscription.close()
    await b.subscription.close()
  })

  it("the worker's updates, made in a worker-only process, reach the owner's socket on server 2", async () => {
    const worker = await startProcess(database.url, ['worker'])
    try {
      const alice = await signUpUser(first.url!, 'Alice')
      alice.client.setEndpoint(`${secondEndpoint}/v1`)
      const a = await subscribeWithSdk27(alice.client, [TICKETS_CHANNEL])
      alice.client.setEndpoint(`${first.url}/v1`)
      const ticket = await alice.databases.createDocument({
        ...TICKETS,
        documentId: ID.unique(),
        data: ticketData(alice, 'Refund not received', 'I was charged twice for my order, please refund.'),
      })
      const analysed = await waitForValue(
        () =>
          a.socket.frames.find((f) => {
            const payload = f.data?.payload as { $id?: string; processing_status?: string } | undefined
            return payload?.$id === ticket.$id && payload.processing_status === 'completed'
          })?.data,
        { what: 'the analysed ticket', timeoutMs: 30_000, intervalMs: 2 },
      )
      expect(analysed.payload).toMatchObject({ category: expect.any(String), priority: expect.any(String) })
      const updates = a.inbox.of(ticket.$id).filter((r) => r.event === 'update')
      // The three servers share this test's one event loop, so the analyser's CPU time shows up here too.
      console.log(
        `[realtime] worker process → server 2, publish→socket: ${updates.map((u) => `${u.busMs} ms`)}`,
      )
      await a.subscription.close()
    } finally {
      await worker.stop()
    }
  })
})

/** The pool, recording every statement a bus sends through it. */
function countingStatements(db: TQueryable): TQueryable & { statements: string[] } {
  const statements: string[] = []
  return {
    statements,
    query<Row>(sql: string, params?: readonly unknown[]) {
      statements.push(sql.replace(/\s+/g, ' ').trim())
      return db.query<Row>(sql, params)
    },
  }
}

/** A connection of its own that records every NOTIFY payload on `channel`. */
async function recordNotifications(url: string, channel: string) {
  const payloads: string[] = []
  const client = new pg.Client({ connectionString: url })
  // A test that fails before closing it leaves it to the database's forced drop: not an uncaught error.
  client.on('error', () => undefined)
  await client.connect()
  client.on('notification', (message) => payloads.push(message.payload ?? ''))
  await client.query(`listen ${channel}`)
  return { payloads, close: () => client.end() }
}

/** Ends, from the server's side, the listener connection of the bus on `channel`, as a restart would. */
async function killListener(url: string, channel: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and datname = current_database() and query = $2`,
      [LISTENER_APPLICATION_NAME, `listen ${channel}`],
    )
  } finally {
    await admin.end()
  }
}

const inserts = (statements: string[]) => statements.filter((s) => s.includes('insert into realtime_events'))
const fetches = (statements: string[]) => statements.filter((s) => s.startsWith('select id, event from'))

describe.skipIf(!TEST_DATABASE_URL)('the Postgres event bus', () => {
  let database: { url: string; drop(): Promise<void> }
  let dbA: TDatabase
  let dbB: TDatabase

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!)
    dbA = await openDatabase({ databaseUrl: database.url, poolSize: 2 })
    dbB = await openDatabase({ databaseUrl: database.url, poolSize: 2 })
  })
  afterAll(async () => {
    await dbA?.close()
    await dbB?.close()
    await database?.drop()
  })

  it('keeps publish order for small (inline) and large (stored) events alike', async () => {
    const channel = 'bus_order_test'
    const publisher = await createPostgresEventBus({
      connectionString: database.url,
      db: dbA,
      channel,
      log: testLog,
    })
    const listener = await createPostgresEventBus({
      connectionString: database.url,
      db: dbB,
      channel,
      log: testLog,
    })
    const received: string[] = []
    listener.subscribe((event) => received.push(event.documentId))
    const ids = Array.from({ length: 20 }, (_, i) => `doc${i}`)
    for (const [i, id] of ids.entries()) {
      await publisher.publish(documentEvent(id, i % 3 === 0 ? 'x'.repeat(20_000) : 'small'))
    }
    await waitForValue(() => received.length === ids.length, {
      what: 'every event',
      intervalMs: 2,
    })
    expect(received).toEqual(ids)
    await publisher.close()
    await listener.close()
  })

  it('stores the events published in one turn with one statement and one NOTIFY; another bus gets them in order', async () => {
    const channel = 'bus_group_test'
    const notifications = await recordNotifications(database.url, channel)
    const publisherDb = countingStatements(dbA)
    const listenerDb = countingStatements(dbB)
    const publisher = await createPostgresEventBus({
      connectionString: database.url,
      db: publisherDb,
      channel,
      log: testLog,
    })
    const listener = await createPostgresEventBus({
      connectionString: database.url,
      db: listenerDb,
      channel,
      log: testLog,
    })
    const received: string[] = []
    listener.subscribe((event) => received.push(event.documentId))

    // Ticket-sized events (over the NOTIFY limit together): stored in one insert, fetched in one select.
    const big = Array.from({ length: 40 }, (_, i) => `big${i}`)
    await Promise.all(
      big.map((id, i) => publisher.publish(documentEvent(id, i % 2 ? 'x'.repeat(10_000) : 'small'))),
    )
    await waitForValue(() => received.length === big.length, {
      what: 'the large group',
      intervalMs: 2,
    })
    // The recorder hears the NOTIFY on a connection of its own, maybe a moment after the listener bus.
    await waitForValue(() => notifications.payloads.length >= 1, {
      what: 'the recorded NOTIFY',
      intervalMs: 2,
    })
    expect(received).toEqual(big)
    expect(inserts(publisherDb.statements)).toHaveLength(1)
    expect(notifications.payloads).toHaveLength(1)
    expect(fetches(listenerDb.statements)).toEqual([
      'select id, event from realtime_events where id = any($1::bigint[]) order by id',
    ])
    const stored = await dbA.query<{ id: string; documentId: string }>(
      `select id, event::json->>'documentId' as "documentId" from realtime_events order by id desc limit 40`,
    )
    expect(stored.rows.map((row) => row.documentId).reverse()).toEqual(big)
    const ids = stored.rows.map((row) => row.id).reverse()
    expect(notifications.payloads[0]?.split(':')[1]).toBe(ids.join(','))

    // A group that fits in a NOTIFY travels inline: no fetch at all.
    const small = Array.from({ length: 10 }, (_, i) => `small${i}`)
    await Promise.all(small.map((id) => publisher.publish(documentEvent(id, 'small'))))
    await waitForValue(() => received.length === big.length + small.length, {
      what: 'the small group',
      intervalMs: 2,
    })
    await waitForValue(() => notifications.payloads.length >= 2, {
      what: 'the second recorded NOTIFY',
      intervalMs: 2,
    })
    expect(received.slice(big.length)).toEqual(small)
    expect(inserts(publisherDb.statements)).toHaveLength(2)
    expect(notifications.payloads).toHaveLength(2)
    expect(fetches(listenerDb.statements)).toHaveLength(1)

    await notifications.close()
    await publisher.close()
    await listener.close()
  })

  it('delivers its own events without reading them back, even with its listener down, and never twice', async () => {
    const channel = 'bus_own_test'
    const db = countingStatements(dbA)
    const bus = await createPostgresEventBus({
      connectionString: database.url,
      db,
      channel,
      reconnectDelayMs: { min: 300, max: 300 },
      log: () => undefined,
    })
    const received: string[] = []
    bus.subscribe((event) => received.push(event.documentId))
    await Promise.all(['a', 'b', 'c'].map((id) => bus.publish(documentEvent(id, 'x'.repeat(20_000)))))
    await waitForValue(() => received.length === 3, {
      what: 'its own events',
      intervalMs: 2,
    })

    await killListener(database.url, 'bus_own_test')
    await waitForValue(() => !bus.isListening(), {
      what: 'the listener to notice',
      intervalMs: 2,
    })
    await bus.publish(documentEvent('while-down', 'x'.repeat(20_000)))
    await waitForValue(() => received.includes('while-down'), {
      what: 'its own event while the listener is down',
      intervalMs: 2,
    })
    await waitForValue(() => bus.isListening(), {
      what: 'the listener to reconnect',
      intervalMs: 2,
    })
    // The catch-up after the reconnect reads the stored rows back, but they were delivered already.
    await waitForValue(
      () => db.statements.some((s) => s.startsWith('select id, event from realtime_events where id >')),
      { what: 'the catch-up', intervalMs: 2 },
    )
    await bus.publish(documentEvent('after', 'small'))
    await waitForValue(() => received.includes('after'), {
      what: 'the event after reconnecting',
      intervalMs: 2,
    })
    await settle()
    expect(received).toEqual(['a', 'b', 'c', 'while-down', 'after'])
    expect(db.statements.filter((s) => s.includes('where id = '))).toEqual([])
    await bus.close()
  })

  it('rejects every publish of a group whose insert failed, and stores and delivers none of it', async () => {
    const channel = 'bus_reject_test'
    const publisher = await createPostgresEventBus({
      connectionString: database.url,
      db: dbA,
      channel,
      log: testLog,
    })
    const listener = await createPostgresEventBus({
      connectionString: database.url,
      db: dbB,
      channel,
      log: testLog,
    })
    const own: string[] = []
    const others: string[] = []
    publisher.subscribe((event) => own.push(event.documentId))
    listener.subscribe((event) => others.push(event.documentId))
    await dbA.query(
      `alter table realtime_events add constraint no_poison check (event not like '%poison%') not valid`,
    )
    try {
      const results = await Promise.allSettled([
        publisher.publish(documentEvent('innocent', 'small')),
        publisher.publish(documentEvent('poisoned', 'poison')),
      ])
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    } finally {
      await dbA.query('alter table realtime_events drop constraint no_poison')
    }
    await publisher.publish(documentEvent('next', 'small'))
    await waitForValue(() => others.includes('next'), {
      what: 'the next event',
      intervalMs: 2,
    })
    await settle()
    expect(own).toEqual(['next'])
    expect(others).toEqual(['next'])
    const stored = await dbA.query(`select 1 from realtime_events where event like '%innocent%'`)
    expect(stored.rows).toEqual([])
    await publisher.close()
    await listener.close()
  })

  it('delivers a stored group whose first fetch failed', async () => {
    const channel = 'bus_fetch_retry_test'
    let failures = 1
    const flakyDb: TQueryable = {
      ...dbB,
      query: (sql, params) => {
        if (sql.startsWith('select id, event from') && failures-- > 0)
          return Promise.reject(new Error('connection reset'))
        return dbB.query(sql, params)
      },
    }
    const publisher = await createPostgresEventBus({
      connectionString: database.url,
      db: dbA,
      channel,
      log: testLog,
    })
    const listener = await createPostgresEventBus({
      connectionString: database.url,
      db: flakyDb,
      channel,
      log: () => undefined,
    })
    const received: string[] = []
    listener.subscribe((event) => received.push(event.documentId))
    await Promise.all(['big1', 'big2'].map((id) => publisher.publish(documentEvent(id, 'x'.repeat(20_000)))))
    await waitForValue(() => received.length === 2, { what: 'both events', intervalMs: 2 })
    expect(received).toEqual(['big1', 'big2'])
    expect(failures).toBe(-1)
    await publisher.close()
    await listener.close()
  })

  it('reconnects a killed listener and replays the events it missed', async () => {
    const channel = 'bus_replay_test'
    const log: string[] = []
    const listener = await createPostgresEventBus({
      connectionString: database.url,
      db: dbB,
      channel,
      reconnectDelayMs: { min: 300, max: 300 },
      log: (message) => log.push(message),
    })
    const received: string[] = []
    listener.subscribe((event) => received.push(event.documentId))
    const publisher = await createPostgresEventBus({
      connectionString: database.url,
      db: dbA,
      channel,
      log: testLog,
    })
    await publisher.publish(documentEvent('before', 'small'))
    await waitForValue(() => received.includes('before'), {
      what: 'the first event',
      intervalMs: 2,
    })

    await killListener(database.url, 'bus_replay_test')
    await waitForValue(() => !listener.isListening(), {
      what: 'the listener to notice',
      intervalMs: 2,
    })
    await publisher.publish(documentEvent('while-down', 'x'.repeat(20_000)))
    await publisher.publish(documentEvent('while-down-small', 'small'))
    await waitForValue(() => listener.isListening(), {
      what: 'the listener to reconnect',
      intervalMs: 2,
    })
    await publisher.publish(documentEvent('after', 'small'))
    await waitForValue(() => received.includes('after'), {
      what: 'the event after reconnecting',
      intervalMs: 2,
    })
    expect(received).toEqual(['before', 'while-down', 'while-down-small', 'after'])
    expect(log).toContain('listener connection lost, reconnecting')
    await publisher.close()
    await listener.close()
  })

  it("replays another bus's events missed while deaf, however many of its own it published meanwhile", async () => {
    const channel = 'bus_busy_replay_test'
    const busy = await createPostgresEventBus({
      connectionString: database.url,
      db: dbB,
      channel,
      reconnectDelayMs: { min: 1500, max: 1500 },
      log: () => undefined,
    })
    const received: string[] = []
    busy.subscribe((event) => received.push(event.documentId))
    const other = await createPostgresEventBus({
      connectionString: database.url,
      db: dbA,
      channel,
      log: testLog,
    })

    await killListener(database.url, 'bus_busy_replay_test')
    await waitForValue(() => !busy.isListening(), {
      what: 'the listener to notice',
      intervalMs: 2,
    })
    await other.publish(documentEvent('missed', 'small'))
    // More of its own than the replay looks back over, and more than it remembers as seen.
    const own = Array.from({ length: 6000 }, (_, i) => `own-${i}`)
    await Promise.all(own.map((id) => busy.publish(documentEvent(id, 'small'))))
    await waitForValue(() => busy.isListening(), {
      what: 'the listener to reconnect',
      intervalMs: 2,
    })
    await waitForValue(() => received.includes('missed'), {
      what: "the other bus's event missed while deaf",
      intervalMs: 2,
    })
    await settle()
    expect(received.filter((id) => id === 'missed')).toHaveLength(1)
    expect(received.filter((id) => id.startsWith('own-'))).toEqual(own)
    await busy.close()
    await other.close()
  })

  it('prunes stored events past their retention', async () => {
    const bus = await createPostgresEventBus({
      connectionString: database.url,
      db: dbA,
      channel: 'bus_prune_test',
      retentionMs: 1,
      pruneEveryMs: 50,
      log: testLog,
    })
    await bus.publish(documentEvent('old', 'small'))
    const count = async () =>
      Number((await dbA.query<{ n: number }>('select count(*)::int as n from realtime_events')).rows[0]?.n)
    expect(await count()).toBeGreaterThan(0)
    const deadline = Date.now() + 5000
    while ((await count()) > 0 && Date.now() < deadline) await settle(50)
    expect(await count()).toBe(0)
    await bus.close()
  })
})
