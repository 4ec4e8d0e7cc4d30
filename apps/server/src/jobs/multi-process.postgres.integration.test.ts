import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { ID, Permission, Role } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  newSessionSecret,
  RecordingWebSocket,
  socketsSince,
  TICKETS,
  TICKETS_CHANNEL,
  useRecordingWebSocketInSdk,
} from '../realtime/realtime-test-kit'
import { freePort } from '../testing/free-port'
import { sdkClient, signUpUser } from '../testing/sdk-client'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { waitFor } from './jobs-test-harness'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts')

if (!TEST_DATABASE_URL) {
  console.log('[jobs] TEST_DATABASE_URL is not set: the two-http-one-worker Postgres test is skipped')
}

type TServerProcess = { child: ChildProcess; output: () => string }

/** `npm start -- --role=<roles>` as its own process (node with tsx's loader, so a kill reaches the server). */
async function startRole(role: string, env: Record<string, string>): Promise<TServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, `--role=${role}`], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    output += String(chunk)
  })
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the ${role} process exited early:\n${output}`)
      return output.includes('listening') || undefined
    },
    { timeoutMs: 60_000, what: `the ${role} process to start` },
  )
  return { child, output: () => output }
}

async function stopRole(server: TServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = once(server.child, 'exit')
  server.child.kill('SIGTERM')
  await exited
}

describe.skipIf(!TEST_DATABASE_URL)('two http processes and one worker against one Postgres', () => {
  let database: { url: string; drop(): Promise<void> }
  const processes: TServerProcess[] = []
  let firstUrl: string
  let secondUrl: string

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!)
    const [firstPort, secondPort] = [await freePort(), await freePort()]
    firstUrl = `http://127.0.0.1:${firstPort}`
    secondUrl = `http://127.0.0.1:${secondPort}`
    const shared = { DATABASE_URL: database.url, SMTP_PORT: '0' }
    // All three start at once, as a deploy would: migrations and pg-boss's schema must cope.
    processes.push(
      ...(await Promise.all([
        startRole('http', { ...shared, PORT: String(firstPort), PUBLIC_URL: firstUrl }),
        startRole('http', { ...shared, PORT: String(secondPort), PUBLIC_URL: secondUrl }),
        startRole('worker', shared),
      ])),
    )
    useRecordingWebSocketInSdk()
  })
  afterAll(async () => {
    await Promise.all(processes.map(stopRole))
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
    const socket = await waitFor(() => socketsSince(before)[0], { timeoutMs: 10_000, what: 'the socket' })
    await waitFor(() => socket.hasResponse('authentication') || undefined, {
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
    const completed = await waitFor(() => mine('completed'), {
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
