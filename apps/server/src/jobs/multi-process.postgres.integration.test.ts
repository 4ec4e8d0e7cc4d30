import { performance } from 'node:perf_hooks'
import { ID, Permission, Role } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  newSessionSecret,
  RecordingWebSocket,
  socketsSince,
  TICKETS,
  TICKETS_CHANNEL,
  useRecordingWebSocketInSdk,
} from '../realtime/realtime.test-kit'
import { sdkClient, signUpUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

if (!TEST_DATABASE_URL) {
  console.log('[jobs] TEST_DATABASE_URL is not set: the two-http-one-worker Postgres test is skipped')
}

describe.skipIf(!TEST_DATABASE_URL)('two http processes and one worker against one Postgres', () => {
  let database: { url: string; drop(): Promise<void> }
  const processes: TServerProcess[] = []
  let firstUrl: string
  let secondUrl: string

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!)
    const shared = { database: 'postgres', databaseUrl: database.url } as const
    // All three start at once, as a deploy would: migrations and pg-boss's schema must cope.
    processes.push(
      ...(await Promise.all([
        startServerProcess({ ...shared, roles: 'http' }),
        startServerProcess({ ...shared, roles: 'http' }),
        startServerProcess({ ...shared, roles: 'worker' }),
      ])),
    )
    firstUrl = processes[0]!.url
    secondUrl = processes[1]!.url
    useRecordingWebSocketInSdk()
  })
  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()))
    await database?.drop()
  })

  it("delivers the worker's analysis of a ticket created on one http process to a socket on the other", async () => {
    const owner = await signUpUser(firstUrl, 'Owner')
    const watcher = sdkClient(secondUrl).setSession(await newSessionSecret(secondUrl, owner))
    const seen: { events: string[]; payload: Record<string, unknown>; at: number }[] = []
    const before = RecordingWebSocket.all.length
    const unsubscribe = watcher.subscribe<Record<string, unknown>>(TICKETS_CHANNEL, (message) => {
      seen.push({ events: message.events, payload: message.payload, at: performance.now() })
    })
    const socket = await waitForValue(() => socketsSince(before)[0], {
      timeoutMs: 10_000,
      what: 'the socket',
    })
    await waitForValue(() => socket.hasResponse('authentication') || undefined, {
      timeoutMs: 10_000,
      what: 'the socket to authenticate on the second http process',
    })

    const started = performance.now()
    const created = await owner.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: {
        email: owner.email,
        subject: 'Checkout is down',
        body: 'Every payment fails since this morning, our customers cannot buy anything. Urgent!',
        status: 'open',
        userId: owner.userId,
        processing_status: 'waiting',
      },
      permissions: [Permission.read(Role.user(owner.userId))],
    })

    const mine = (status: string) =>
      seen.find((m) => m.payload.$id === created.$id && m.payload.processing_status === status)
    const completed = await waitForValue(() => mine('completed'), {
      timeoutMs: 30_000,
      what: "the worker's update on the second process's socket",
    })
    const arrivals = ['waiting', 'processing', 'completed'].map(
      (status) => `${status} ${((mine(status)?.at ?? Number.NaN) - started).toFixed(0)} ms`,
    )
    console.log(`[jobs] from the create call on http 1 to http 2's socket: ${arrivals.join(', ')}`)
    unsubscribe()
    expect(completed.events).toContain(`databases.main.collections.tickets.documents.${created.$id}.update`)
    expect(completed.payload).toMatchObject({ priority: 'high', processing_error: null })
    expect(String(completed.payload.description).length).toBeGreaterThan(0)
    const statuses = seen.filter((m) => m.payload.$id === created.$id).map((m) => m.payload.processing_status)
    expect(statuses).toEqual(['waiting', 'processing', 'completed'])
  })
})
