import { performance } from 'node:perf_hooks'
import { Account, type Client, ID, Realtime } from 'appwrite'
import { Client as Client24, Realtime as Realtime24 } from 'appwrite-24'
import { type ClientOptions, WebSocket } from 'ws'
import { sdkClient, type TSdkUser } from '../testing/sdk-client'
import { waitForValue } from '../testing/wait-for-value'

export type TFrame = { type: string; data?: Record<string, unknown> & { to?: string; code?: number } }

/**
 * The `ws` WebSocket that also keeps every frame the server sent and the close code, so a test can wait
 * until the SDK's socket is authenticated and subscribed before it changes anything.
 */
export class RecordingWebSocket extends WebSocket {
  static all: RecordingWebSocket[] = []
  readonly frames: TFrame[] = []
  closeCode: number | undefined

  constructor(address: string | URL, protocols?: string | string[], options?: ClientOptions) {
    super(address, protocols, options)
    RecordingWebSocket.all.push(this)
    this.on('message', (data) => this.frames.push(JSON.parse(String(data)) as TFrame))
    this.on('close', (code) => {
      this.closeCode = code
    })
  }

  hasResponse(to: string): boolean {
    return this.frames.some((f) => f.type === 'response' && f.data?.to === to)
  }
}

/** The Web SDK's realtime reads `window` and `WebSocket` as globals; call after every PGlite server started. */
export function useRecordingWebSocketInSdk(): void {
  const globals = globalThis as Record<string, unknown>
  globals.window ??= globalThis
  globals.WebSocket = RecordingWebSocket
}

/** Sockets opened since `before` (an index into RecordingWebSocket.all), newest last. */
export function socketsSince(before: number): RecordingWebSocket[] {
  return RecordingWebSocket.all.slice(before)
}

/** A second, independent session of the same user: its cookie value, as a non-browser client receives it. */
export async function newSessionSecret(serverUrl: string, user: TSdkUser): Promise<string> {
  const account = new Account(sdkClient(serverUrl))
  const session = await account.createEmailPasswordSession({ email: user.email, password: user.password })
  return session.secret
}

export function ticketData(user: TSdkUser, subject: string, body = `Body of ${subject}`) {
  return { email: user.email, subject, body }
}

export type TReceived = { event: string; id: string; at: number; busMs: number; subscriptions: string[] }

/** Records what a subscription callback got, with when (performance.now) and how long after publishing. */
export function createInbox() {
  const received: TReceived[] = []
  return {
    received,
    callback(message: { events: string[]; payload: unknown; timestamp: unknown; subscriptions?: string[] }) {
      const action = message.events[0]?.split('.').pop() ?? ''
      received.push({
        event: action,
        id: String((message.payload as { $id?: unknown }).$id),
        at: performance.now(),
        busMs: Date.now() - Date.parse(String(message.timestamp)),
        subscriptions: message.subscriptions ?? [],
      })
    },
    of: (id: string) => received.filter((r) => r.id === id),
  }
}

export function formatLatencies(label: string, samples: { e2eMs: number; busMs: number }[]): string {
  const parts = samples.map((s) => `${s.e2eMs.toFixed(1)} ms (publish→socket ${s.busMs} ms)`)
  return `[realtime] ${label}: ${parts.join(', ')}`
}

/** A socket without the SDK, for the protocol's edges; resolves once the server's first frame (or close) came. */
export async function openRawSocket(url: string, headers: Record<string, string> = {}) {
  const socket = new RecordingWebSocket(url, undefined, { headers })
  await waitForValue(() => socket.frames.length > 0 || socket.closeCode !== undefined, {
    what: 'the first frame',
    intervalMs: 2,
  })
  return socket
}

export function sendJson(socket: WebSocket, value: unknown): void {
  socket.send(typeof value === 'string' ? value : JSON.stringify(value))
}

export async function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return
  await new Promise((resolve) => {
    socket.once('close', resolve)
    socket.close()
  })
}

/** Lets frames already written by the server arrive before a test asserts that something did not. */
export const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms))

export const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
export const TICKETS_CHANNEL = 'databases.main.collections.tickets.documents'

/** SDK 25+ dialect: the socket opens with the project only, then `authentication` and `subscribe` messages. */
export async function subscribeWithSdk27(client: Client, channels: string[], queries: string[] = []) {
  const before = RecordingWebSocket.all.length
  const realtime = new Realtime(client)
  const inbox = createInbox()
  const subscription = await realtime.subscribe(channels, inbox.callback, queries)
  const socket = await waitForValue(() => socketsSince(before)[0], {
    what: 'the SDK socket',
    intervalMs: 2,
  })
  await waitForValue(() => socket.hasResponse('authentication') && socket.hasResponse('subscribe'), {
    what: 'subscribed',
    intervalMs: 2,
  })
  return { realtime, subscription, inbox, socket }
}

/** SDK 24 dialect: channels and per-slot queries in the URL, then an `authentication` message. */
export async function subscribeWithSdk24(serverUrl: string, sessionSecret: string, channels: string[]) {
  const before = RecordingWebSocket.all.length
  const client = new Client24()
    .setEndpoint(`${serverUrl}/v1`)
    .setProject('parsedesk')
    .setSession(sessionSecret)
  const inbox = createInbox()
  const subscription = await new Realtime24(client).subscribe(channels, inbox.callback)
  const socket = await waitForValue(() => socketsSince(before).at(-1), {
    what: 'the SDK socket',
    intervalMs: 2,
  })
  await waitForValue(() => socket.hasResponse('authentication'), {
    what: 'authenticated',
    intervalMs: 2,
  })
  return { subscription, inbox, socket }
}

async function timeEvent(
  inbox: ReturnType<typeof createInbox>,
  id: string,
  action: string,
  run: () => unknown,
) {
  const started = performance.now()
  await run()
  const got = await waitForValue(() => inbox.of(id).find((r) => r.event === action), {
    what: `${action} of ${id}`,
    intervalMs: 2,
  })
  return { e2eMs: got.at - started, busMs: got.busMs }
}

/** Create, update and delete one of `owner`'s tickets, timing each from the API call to the socket. */
export async function changeTicketAndTime(
  owner: TSdkUser,
  inbox: ReturnType<typeof createInbox>,
  subject: string,
) {
  const documentId = ID.unique()
  const samples = [
    await timeEvent(inbox, documentId, 'create', () =>
      owner.databases.createDocument({ ...TICKETS, documentId, data: ticketData(owner, subject) }),
    ),
    await timeEvent(inbox, documentId, 'update', () =>
      owner.databases.updateDocument({ ...TICKETS, documentId, data: { status: 'in-progress' } }),
    ),
    await timeEvent(inbox, documentId, 'delete', () =>
      owner.databases.deleteDocument({ ...TICKETS, documentId }),
    ),
  ]
  return { documentId, samples }
}
