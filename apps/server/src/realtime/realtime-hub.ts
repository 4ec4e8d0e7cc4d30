import { uniqueId } from '@parsedesk/contracts'
import type { FastifyBaseLogger } from 'fastify'
import { type RawData, WebSocket } from 'ws'
import { toAccountModel } from '../accounts/account-model'
import { GUEST, type TAuth, userAuth } from '../accounts/auth-context'
import { findMembershipGrants } from '../accounts/membership-grants'
import { authenticate } from '../accounts/request-auth'
import type { TDatabase } from '../db/database'
import type { TDocumentEvent, TEventBus } from './event-bus'
import { findLiveSessionUsers } from './live-sessions'
import { type TRealtimeEvent, toRealtimeEvent } from './realtime-event'
import type { TRealtimeLimits } from './realtime-limits'
import {
  connectedFrame,
  createInboundParser,
  errorFrame,
  PONG_FRAME,
  RealtimeCode,
  RealtimeError,
  RealtimeMessage,
  responseFrame,
  type TInboundMessage,
} from './realtime-protocol'
import {
  createSubscription,
  matchesSubscription,
  parseUrlSubscriptions,
  type TSubscription,
} from './realtime-subscriptions'

type TConnection = {
  socket: WebSocket
  ip: string
  /** Refreshed from the database before every delivery, so a signed-out session stops receiving. */
  auth: TAuth
  subscriptions: Map<string, TSubscription>
  isAlive: boolean
  window: { startedAt: number; messages: number }
  /** Messages are handled one after another, in the order the client sent them. */
  inbox: Promise<void>
}

export type TRealtimeHubOptions = {
  db: TDatabase
  bus: TEventBus
  /** Collection-level access (`canRead`) applies to realtime as it does to the REST API. */
  mayReadCollection(collectionId: string, auth: TAuth): boolean
  sessionIdleMs: number
  limits: TRealtimeLimits
  log: FastifyBaseLogger
}

export type TAcceptOptions = { ip: string; auth: TAuth; search: URLSearchParams }

/**
 * Whether a socket could read a document, before its session is re-checked: `user:ID` roles (with or
 * without `/verified`) belong to that user alone, whatever else changed; any other role (a label, `users`,
 * `any`) may have been gained since the socket's roles were last read, so it keeps the socket in the running.
 */
function mayRead(auth: TAuth, readRoles: string[]): boolean {
  const userId = auth.kind === 'user' ? auth.user.id : undefined
  return readRoles.some((role) => {
    if (!role.startsWith('user:')) return true
    const owner = role.slice('user:'.length).split('/')[0]
    return owner === userId
  })
}

/** Sends a final error frame, then closes with the same code (older SDKs read the frame, newer the code). */
export function refuseSocket(socket: WebSocket, error: RealtimeError): void {
  if (socket.readyState !== WebSocket.OPEN) return
  socket.send(errorFrame(error.code, error.message))
  // A close reason is at most 123 bytes.
  if (error.close) socket.close(error.code, error.message.replace(/[^\x20-\x7e]/g, '?').slice(0, 120))
}

/** Every open realtime socket of this process, and the delivery of bus events to those allowed to read them. */
export function createRealtimeHub(options: TRealtimeHubOptions) {
  const { db, limits, log } = options
  const parseInbound = createInboundParser(limits)
  const connections = new Set<TConnection>()
  const byUser = new Map<string, Set<TConnection>>()
  const byIp = new Map<string, number>()

  function send(conn: TConnection, frame: string): void {
    if (conn.socket.readyState !== WebSocket.OPEN) return
    if (conn.socket.bufferedAmount > limits.maxBufferedBytes) {
      refuseSocket(
        conn.socket,
        new RealtimeError(RealtimeCode.tryAgainLater, RealtimeMessage.slowConsumer, true),
      )
      return
    }
    conn.socket.send(frame)
  }

  function setAuth(conn: TConnection, auth: TAuth): void {
    const previous = conn.auth.kind === 'user' ? conn.auth.user.id : undefined
    const next = auth.kind === 'user' ? auth.user.id : undefined
    if (next && next !== previous) {
      const sockets = byUser.get(next) ?? new Set()
      if (sockets.size >= limits.maxSocketsPerUser) {
        throw RealtimeError.violation(RealtimeMessage.tooManySockets)
      }
      sockets.add(conn)
      byUser.set(next, sockets)
    }
    if (previous && previous !== next) {
      const sockets = byUser.get(previous)
      sockets?.delete(conn)
      if (sockets?.size === 0) byUser.delete(previous)
    }
    conn.auth = auth
  }

  /** Appwrite's abuse limit, per socket and minute; the extra message is answered, not obeyed. */
  function isOverRate(conn: TConnection): boolean {
    const now = Date.now()
    if (now - conn.window.startedAt >= 60_000) conn.window = { startedAt: now, messages: 0 }
    conn.window.messages += 1
    return conn.window.messages > limits.maxMessagesPerMinute
  }

  function forget(conn: TConnection): void {
    if (!connections.delete(conn)) return
    setAuth(conn, GUEST)
    const count = (byIp.get(conn.ip) ?? 1) - 1
    if (count > 0) byIp.set(conn.ip, count)
    else byIp.delete(conn.ip)
  }

  async function handleAuthentication(conn: TConnection, session: string): Promise<void> {
    const auth = await authenticate(db, session, options.sessionIdleMs)
    // Closed meanwhile: counting it for the user now would hold one of their sockets forever.
    if (!connections.has(conn)) return
    if (auth.kind !== 'user') {
      throw new RealtimeError(RealtimeCode.messageFormatInvalid, RealtimeMessage.invalidSession, false)
    }
    setAuth(conn, auth)
    send(conn, responseFrame('authentication', { user: toAccountModel(auth.user) }))
  }

  function handleSubscribe(
    conn: TConnection,
    items: Extract<TInboundMessage, { type: 'subscribe' }>['data'],
  ) {
    const added = items.map((item) =>
      createSubscription(item.subscriptionId ?? uniqueId(), item.channels, item.queries),
    )
    const next = new Map(conn.subscriptions)
    for (const subscription of added) next.set(subscription.id, subscription)
    if (next.size > limits.maxSubscriptionsPerSocket) {
      throw RealtimeError.violation(RealtimeMessage.tooManySubscriptions)
    }
    conn.subscriptions = next
    send(
      conn,
      responseFrame('subscribe', {
        subscriptions: added.map((s) => ({
          subscriptionId: s.id,
          channels: s.channels,
          queries: s.queryStrings,
        })),
      }),
    )
  }

  function handleUnsubscribe(conn: TConnection, ids: string[]) {
    const subscriptions = ids.map((id) => ({ subscriptionId: id, removed: conn.subscriptions.delete(id) }))
    send(conn, responseFrame('unsubscribe', { subscriptions }))
  }

  async function handleMessage(conn: TConnection, data: Buffer, isBinary: boolean): Promise<void> {
    try {
      if (isBinary) throw RealtimeError.violation(RealtimeMessage.invalidFormat)
      if (data.length > limits.maxMessageBytes) throw RealtimeError.violation(RealtimeMessage.tooLarge)
      if (isOverRate(conn)) {
        throw new RealtimeError(RealtimeCode.tryAgainLater, RealtimeMessage.tooManyMessages, false)
      }
      const message = parseInbound(data.toString('utf8'))
      if (message.type === 'ping') send(conn, PONG_FRAME)
      else if (message.type === 'authentication') await handleAuthentication(conn, message.data.session)
      else if (message.type === 'subscribe') handleSubscribe(conn, message.data)
      else handleUnsubscribe(conn, [...new Set(message.data.map((d) => d.subscriptionId))])
    } catch (error) {
      if (!(error instanceof RealtimeError)) log.error({ err: error }, 'realtime message failed')
      refuseSocket(
        conn.socket,
        error instanceof RealtimeError
          ? error
          : new RealtimeError(RealtimeCode.goingAway, 'Server error', true),
      )
    }
  }

  /** Takes an upgraded socket: answers `connected`, or refuses it with a 1008 error frame. */
  function accept(socket: WebSocket, request: TAcceptOptions): void {
    try {
      const { channels, subscriptions, slots } = parseUrlSubscriptions(request.search, limits)
      if ((byIp.get(request.ip) ?? 0) >= limits.maxSocketsPerIp) {
        throw RealtimeError.violation(RealtimeMessage.tooManySockets)
      }
      const conn: TConnection = {
        socket,
        ip: request.ip,
        auth: GUEST,
        subscriptions: new Map(subscriptions.map((s) => [s.id, s])),
        isAlive: true,
        window: { startedAt: Date.now(), messages: 0 },
        inbox: Promise.resolve(),
      }
      const { auth } = request
      setAuth(conn, auth)
      connections.add(conn)
      byIp.set(request.ip, (byIp.get(request.ip) ?? 0) + 1)
      socket.on('message', (data: RawData, isBinary) => {
        const bytes = Buffer.isBuffer(data)
          ? data
          : Array.isArray(data)
            ? Buffer.concat(data)
            : Buffer.from(data)
        conn.inbox = conn.inbox.then(() => handleMessage(conn, bytes, isBinary))
      })
      socket.on('pong', () => {
        conn.isAlive = true
      })
      socket.on('close', () => forget(conn))
      socket.on('error', () => forget(conn))
      send(
        conn,
        connectedFrame({
          channels,
          subscriptions: slots,
          user: auth.kind === 'user' ? toAccountModel(auth.user) : null,
        }),
      )
    } catch (error) {
      if (!(error instanceof RealtimeError)) throw error
      refuseSocket(socket, error)
    }
  }

  async function refreshRoles(candidates: TConnection[]): Promise<void> {
    const checked = candidates.flatMap((conn) => (conn.auth.kind === 'user' ? [conn.auth] : []))
    const live = await findLiveSessionUsers(
      db,
      checked.map((auth) => auth.session.id),
    )
    const grants = await findMembershipGrants(db, [...new Set([...live.values()].map((user) => user.id))])
    for (const conn of candidates) {
      const { auth } = conn
      // Guests have nothing to re-check; an `authentication` handled meanwhile is fresher than this check.
      if (auth.kind !== 'user' || !checked.includes(auth) || !connections.has(conn)) continue
      const user = live.get(auth.session.id)
      setAuth(conn, user ? userAuth(user, auth.session, grants.get(user.id) ?? []) : GUEST)
    }
  }

  function eventFramePrefix(event: TRealtimeEvent): string {
    const head = JSON.stringify({
      events: event.events,
      channels: event.channels,
      timestamp: event.timestamp,
    })
    return `{"type":"event","data":${head.slice(0, -1)},"payload":${JSON.stringify(event.payload)},"subscriptions":`
  }

  async function deliver(batch: TDocumentEvent[]): Promise<void> {
    const events = batch.map(toRealtimeEvent)
    const candidates = [...connections].filter((conn) =>
      events.some(
        (event) =>
          mayRead(conn.auth, event.readRoles) &&
          [...conn.subscriptions.values()].some((s) => s.channels.some((c) => event.matchChannels.has(c))),
      ),
    )
    if (candidates.length === 0) return
    await refreshRoles(candidates)
    for (const event of events) {
      let prefix: string | undefined
      for (const conn of candidates) {
        // A collection this process does not know, or the socket may not read, is delivered to no one.
        if (event.isDocument && !options.mayReadCollection(event.collectionId, conn.auth)) continue
        if (!conn.auth.roles.some((role) => event.readRoles.includes(role))) continue
        const ids = [...conn.subscriptions.values()]
          .filter((s) => matchesSubscription(s, event))
          .map((s) => s.id)
        if (ids.length === 0) continue
        prefix ??= eventFramePrefix(event)
        send(conn, `${prefix}${JSON.stringify(ids)}}}`)
      }
    }
  }

  // Events arriving in one burst (a bulk import, a worker's batch) share one session re-check.
  const pending: TDocumentEvent[] = []
  let draining = false
  let isClosed = false
  async function drain(): Promise<void> {
    while (pending.length > 0 && !isClosed) {
      const batch = pending.splice(0)
      try {
        await deliver(batch)
      } catch (error) {
        // Without a session check nobody may receive the batch: dropped rather than leaked.
        log.error({ err: error, events: batch.length }, 'realtime delivery failed')
      }
    }
    draining = false
  }
  const unsubscribe = options.bus.subscribe((event) => {
    pending.push(event)
    if (draining) return
    draining = true
    setImmediate(() => void drain())
  })

  const heartbeat = setInterval(() => {
    for (const conn of connections) {
      if (!conn.isAlive) {
        conn.socket.terminate()
        forget(conn)
        continue
      }
      conn.isAlive = false
      conn.socket.ping()
    }
  }, limits.heartbeatMs)
  heartbeat.unref()

  return {
    accept,
    /** Open sockets and how many are signed in, for logs and tests. */
    stats: () => ({ sockets: connections.size, users: byUser.size }),
    close(): void {
      isClosed = true
      clearInterval(heartbeat)
      unsubscribe()
      for (const conn of connections) conn.socket.close(RealtimeCode.goingAway, 'Server shutting down')
    },
  }
}

export type TRealtimeHub = ReturnType<typeof createRealtimeHub>
