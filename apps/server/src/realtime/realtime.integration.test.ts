import { Databases, ID, Query, Realtime } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sdkClient, signUpUser } from '../testing/sdk-client'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import {
  changeTicketAndTime,
  closeSocket,
  createInbox,
  formatLatencies,
  newSessionSecret,
  openRawSocket,
  RecordingWebSocket,
  sendJson,
  settle,
  socketsSince,
  subscribeWithSdk24,
  subscribeWithSdk27,
  TICKETS,
  TICKETS_CHANNEL,
  ticketData,
  useRecordingWebSocketInSdk,
} from './realtime.test-kit'

describe('realtime on one server', () => {
  let server: TTestServer
  let endpoint: string

  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite', roles: ['http'] })
    endpoint = `${server.url.replace('http', 'ws')}/v1/realtime`
    // Only now: PGlite refuses to start once a global `window` exists.
    useRecordingWebSocketInSdk()
  })
  afterAll(async () => {
    for (const socket of RecordingWebSocket.all) await closeSocket(socket)
    await server?.stop()
  })

  it("SDK 27: the owner's socket gets create, update and delete; another user's socket none of them", async () => {
    const alice = await signUpUser(server.url, 'Alice')
    const bob = await signUpUser(server.url, 'Bob')
    const a = await subscribeWithSdk27(alice.client, [TICKETS_CHANNEL])
    const b = await subscribeWithSdk27(bob.client, [TICKETS_CHANNEL, 'documents'])

    const { documentId, samples } = await changeTicketAndTime(alice, a.inbox, 'Printer on fire')
    console.log(formatLatencies('SDK 27 on PGlite, create/update/delete', samples))

    // Bob's own ticket travels the same ordered path after Alice's: once it is in, hers would have been too.
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

    const subscribed = a.socket.frames.find((f) => f.type === 'response' && f.data?.to === 'subscribe')!
    const [{ subscriptionId }] = subscribed.data!.subscriptions as [{ subscriptionId: string }]
    const created = a.socket.frames.find((f) => f.type === 'event')?.data
    expect(created).toMatchObject({
      channels: ['documents', TICKETS_CHANNEL, `${TICKETS_CHANNEL}.${documentId}`],
      payload: { $id: documentId, subject: 'Printer on fire', userId: alice.userId },
      subscriptions: [subscriptionId],
    })
    expect(created?.events).toEqual(
      expect.arrayContaining([
        `${TICKETS_CHANNEL}.${documentId}.create`,
        `${TICKETS_CHANNEL}.${documentId}`,
        'databases.*.collections.*.documents.*.create',
        'databases.main.collections.tickets.documents.*',
        'databases.main.collections.tickets',
        'databases.*',
      ]),
    )
    expect(String(created?.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
    await a.subscription.close()
    await b.subscription.close()
  })

  it('SDK 24.2: URL channels and slots; the owner gets every change, another user nothing', async () => {
    const alice = await signUpUser(server.url, 'Alice 24')
    const bob = await signUpUser(server.url, 'Bob 24')
    const a = await subscribeWithSdk24(server.url, await newSessionSecret(server.url, alice), [
      TICKETS_CHANNEL,
    ])
    const b = await subscribeWithSdk24(server.url, await newSessionSecret(server.url, bob), [TICKETS_CHANNEL])
    const connected = a.socket.frames[0]?.data
    expect(connected?.channels).toEqual([TICKETS_CHANNEL])
    expect(Object.keys(connected?.subscriptions ?? {})).toEqual(['1'])

    const { documentId, samples } = await changeTicketAndTime(alice, a.inbox, 'Old SDK')
    console.log(formatLatencies('SDK 24.2 on PGlite, create/update/delete', samples))

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
    expect(a.inbox.received.map((r) => r.event)).toEqual(['create', 'update', 'delete'])
    expect(a.inbox.received.every((r) => r.id === documentId)).toBe(true)
    await a.subscription.close()
    await b.subscription.close()
  })

  it('a signed-out session stops receiving at once; the same user’s other session keeps receiving', async () => {
    const alice = await signUpUser(server.url, 'Alice')
    const writer = sdkClient(server.url).setSession(await newSessionSecret(server.url, alice))
    const writerDb = new Databases(writer)
    const watcher = await subscribeWithSdk27(alice.client, [TICKETS_CHANNEL])
    const control = await subscribeWithSdk27(writer, [TICKETS_CHANNEL])
    const create = (subject: string) =>
      writerDb.createDocument({ ...TICKETS, documentId: ID.unique(), data: ticketData(alice, subject) })

    const before = await create('Before sign-out')
    await waitForValue(() => watcher.inbox.of(before.$id).length > 0, {
      what: 'the first ticket',
      intervalMs: 2,
    })
    await alice.account.deleteSession({ sessionId: 'current' })
    const after = await create('After sign-out')
    await waitForValue(() => control.inbox.of(after.$id).length > 0, {
      what: 'the second ticket on the live session',
      intervalMs: 2,
    })
    await settle()
    expect(watcher.inbox.of(after.$id)).toEqual([])
    await watcher.subscription.close()
    await control.subscription.close()
  })

  it('unsubscribe and queries narrow what a socket receives', async () => {
    const alice = await signUpUser(server.url, 'Alice')
    const realtime = new Realtime(alice.client)
    const before = RecordingWebSocket.all.length
    const everything = createInbox()
    const matching = createInbox()
    const dropped = createInbox()
    const all = await realtime.subscribe(TICKETS_CHANNEL, everything.callback)
    const filtered = await realtime.subscribe(TICKETS_CHANNEL, matching.callback, [
      Query.equal('subject', ['Match me']),
    ])
    const gone = await realtime.subscribe('documents', dropped.callback)
    const socket = await waitForValue(() => socketsSince(before)[0], {
      what: 'the SDK socket',
      intervalMs: 2,
    })
    const subscribedIds = () =>
      socket.frames
        .filter((f) => f.type === 'response' && f.data?.to === 'subscribe')
        .flatMap((f) => f.data?.subscriptions as { subscriptionId: string }[])
    await waitForValue(() => new Set(subscribedIds().map((s) => s.subscriptionId)).size === 3, {
      what: 'three subscriptions',
      intervalMs: 2,
    })
    await waitForValue(() => socket.hasResponse('authentication'), {
      what: 'authenticated',
      intervalMs: 2,
    })
    await gone.unsubscribe()
    await waitForValue(() => socket.hasResponse('unsubscribe'), {
      what: 'unsubscribed',
      intervalMs: 2,
    })

    const other = await alice.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: ticketData(alice, 'Something else'),
    })
    const match = await alice.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: ticketData(alice, 'Match me'),
    })
    await waitForValue(() => everything.of(match.$id).length > 0, {
      what: 'both tickets',
      intervalMs: 2,
    })
    await settle()
    expect(everything.received.map((r) => r.id)).toEqual([other.$id, match.$id])
    expect(matching.received.map((r) => r.id)).toEqual([match.$id])
    expect(dropped.received).toEqual([])
    await all.close()
    await filtered.close()
  })

  it('refuses a wrong project: an error frame, then close 1008, and the SDK does not retry', async () => {
    const raw = await openRawSocket(`${endpoint}?project=someone-else`)
    await waitForValue(() => raw.closeCode, { what: 'the close', intervalMs: 2 })
    expect(raw.frames).toEqual([
      { type: 'error', data: { code: 1008, message: 'Missing or unknown project ID' } },
    ])
    expect(raw.closeCode).toBe(1008)

    const client = sdkClient(server.url, 'someone-else')
    const realtime = new Realtime(client)
    const errors: unknown[] = []
    realtime.onError((_error, code) => errors.push(code))
    const before = RecordingWebSocket.all.length
    const subscription = await realtime.subscribe('documents', () => undefined)
    const socket = await waitForValue(() => socketsSince(before)[0], {
      what: 'the SDK socket',
      intervalMs: 2,
    })
    await waitForValue(() => socket.closeCode, { what: 'the close', intervalMs: 2 })
    expect(errors).toEqual([1008])
    expect(socket.closeCode).toBe(1008)
    await subscription.close()
  })

  it('speaks the protocol: ping, cookie sign-in, a bad session, malformed messages, foreign origins', async () => {
    const alice = await signUpUser(server.url, 'Alice')
    const secret = await newSessionSecret(server.url, alice)
    const withCookie = await openRawSocket(`${endpoint}?project=parsedesk`, {
      cookie: `a_session_parsedesk=${secret}`,
    })
    expect(withCookie.frames[0]).toMatchObject({
      type: 'connected',
      data: { channels: [], subscriptions: {}, user: { $id: alice.userId, email: alice.email } },
    })

    const guest = await openRawSocket(`${endpoint}?project=parsedesk`)
    expect(guest.frames[0]).toEqual({
      type: 'connected',
      data: { channels: [], subscriptions: {}, user: null },
    })
    sendJson(guest, { type: 'authentication', data: { session: 'not-a-session' } })
    sendJson(guest, { type: 'ping' })
    await waitForValue(() => guest.frames.some((f) => f.type === 'pong'), {
      what: 'pong',
      intervalMs: 2,
    })
    expect(guest.frames[1]).toEqual({ type: 'error', data: { code: 1003, message: 'Session is not valid.' } })
    sendJson(guest, { type: 'authentication', data: { session: secret } })
    await waitForValue(() => guest.hasResponse('authentication'), {
      what: 'authenticated',
      intervalMs: 2,
    })
    expect(guest.frames.at(-1)).toMatchObject({
      type: 'response',
      data: { to: 'authentication', success: true, user: { $id: alice.userId } },
    })

    for (const malformed of [
      'not json',
      { type: 'subscribe', data: [{ channels: [] }] },
      { type: 'shout' },
    ]) {
      const socket = await openRawSocket(`${endpoint}?project=parsedesk`)
      sendJson(socket, malformed)
      await waitForValue(() => socket.closeCode, { what: 'the close', intervalMs: 2 })
      expect(socket.closeCode).toBe(1008)
      expect(socket.frames.at(-1)).toMatchObject({ type: 'error', data: { code: 1008 } })
    }

    const foreign = await openRawSocket(`${endpoint}?project=parsedesk`, {
      origin: 'https://evil.example',
      cookie: `a_session_parsedesk=${secret}`,
    })
    await waitForValue(() => foreign.closeCode, { what: 'the close', intervalMs: 2 })
    expect(foreign.frames).toEqual([{ type: 'error', data: { code: 1008, message: 'Invalid origin' } }])
    await closeSocket(withCookie)
    await closeSocket(guest)
  })

  it('applies collection-level access too: a waitlist entry readable by anyone still reaches no one', async () => {
    const alice = await signUpUser(server.url, 'Alice')
    const secret = await newSessionSecret(server.url, alice)
    const socket = await openRawSocket(`${endpoint}?project=parsedesk`, {
      cookie: `a_session_parsedesk=${secret}`,
    })
    sendJson(socket, { type: 'subscribe', data: [{ subscriptionId: 'all', channels: ['documents'] }] })
    await waitForValue(() => socket.hasResponse('subscribe'), {
      what: 'subscribed',
      intervalMs: 2,
    })
    const publish = (collectionId: string, documentId: string, readRoles: string[]) =>
      server.bus.publish({
        action: 'create',
        databaseId: 'main',
        collectionId,
        documentId,
        document: { $id: documentId },
        readRoles,
        timestamp: new Date().toISOString(),
      })
    await publish('waitlist', 'w1', ['any'])
    await publish('no-such-collection', 'x1', ['any'])
    await publish('tickets', 't-other', ['user:someone-else'])
    await publish('tickets', 't-mine', [`user:${alice.userId}`])
    await waitForValue(() => socket.frames.some((f) => f.type === 'event'), {
      what: 'an event',
      intervalMs: 2,
    })
    await settle()
    const delivered = socket.frames.filter((f) => f.type === 'event').map((f) => f.data?.payload)
    expect(delivered).toEqual([{ $id: 't-mine' }])
    await closeSocket(socket)
  })

  it('enforces its limits: message size and rate, subscriptions per socket, sockets per user', async () => {
    const alice = await signUpUser(server.url, 'Alice')
    const secret = await newSessionSecret(server.url, alice)

    const big = await openRawSocket(`${endpoint}?project=parsedesk`)
    sendJson(big, { type: 'ping', data: 'x'.repeat(70 * 1024) })
    await waitForValue(() => big.closeCode, { what: 'the close', intervalMs: 2 })
    expect(big.frames.at(-1)).toEqual({
      type: 'error',
      data: { code: 1008, message: 'Message is too large.' },
    })

    const chatty = await openRawSocket(`${endpoint}?project=parsedesk`)
    for (let i = 0; i < 121; i++) sendJson(chatty, { type: 'ping' })
    await waitForValue(() => chatty.frames.length === 122, {
      what: 'an answer to every message',
      intervalMs: 2,
    })
    expect(chatty.frames.filter((f) => f.type === 'pong')).toHaveLength(120)
    expect(chatty.frames.at(-1)).toEqual({
      type: 'error',
      data: { code: 1013, message: 'Too many messages.' },
    })
    expect(chatty.readyState).toBe(chatty.OPEN)
    await closeSocket(chatty)

    const greedy = await openRawSocket(`${endpoint}?project=parsedesk`)
    const items = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ subscriptionId: `s${from + i}`, channels: ['documents'] }))
    sendJson(greedy, { type: 'subscribe', data: items(0, 40) })
    await waitForValue(() => greedy.hasResponse('subscribe'), {
      what: 'the first 40',
      intervalMs: 2,
    })
    sendJson(greedy, { type: 'subscribe', data: items(40, 40) })
    await waitForValue(() => greedy.closeCode, { what: 'the close', intervalMs: 2 })
    expect(greedy.frames.at(-1)).toEqual({
      type: 'error',
      data: { code: 1008, message: 'Too many subscriptions.' },
    })

    const sockets: RecordingWebSocket[] = []
    for (let i = 0; i < 21; i++) {
      sockets.push(
        await openRawSocket(`${endpoint}?project=parsedesk`, { cookie: `a_session_parsedesk=${secret}` }),
      )
    }
    expect(sockets.slice(0, 20).every((s) => s.frames[0]?.type === 'connected')).toBe(true)
    await waitForValue(() => sockets[20]!.closeCode, { what: 'the close', intervalMs: 2 })
    expect(sockets[20]!.frames).toEqual([
      { type: 'error', data: { code: 1008, message: 'Too many connections.' } },
    ])
    for (const socket of sockets) await closeSocket(socket)
  })
})
