import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TAuth } from '../accounts/auth-context'
import type { TConfig } from '../config/config'
import type { TDatabase } from '../db/database'
import type { TEventBus } from './event-bus'
import { createRealtimeHub, refuseSocket } from './realtime-hub'
import { DEFAULT_REALTIME_LIMITS } from './realtime-limits'
import { RealtimeError, RealtimeMessage } from './realtime-protocol'

export const REALTIME_PATH = '/v1/realtime'

/**
 * A page on another site must not open a socket that rides on our session cookie: browsers always send
 * Origin on a WebSocket handshake, and it must be our own site, an allowed CORS origin, or the host asked.
 */
function isAllowedOrigin(request: FastifyRequest, config: TConfig): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  if (origin === new URL(config.publicUrl).origin || config.corsOrigins.includes(origin)) return true
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

/** WS /v1/realtime: Appwrite's realtime protocol, both the URL-channel (SDK <= 24) and message (25+) dialects. */
export type TRealtimeRoutesDeps = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  /** Collection-level access (`canRead`), as the REST API applies it. */
  mayReadCollection(collectionId: string, auth: TAuth): boolean
  /** Handed a reader of the open sockets once the hub exists (metrics). */
  countConnections?(read: () => number): void
}

export const realtimeRoutes = (ctx: TRealtimeRoutesDeps) => async (app: FastifyInstance) => {
  const limits = DEFAULT_REALTIME_LIMITS
  // Past this ws drops the socket itself (close 1009); up to it we answer an oversized message in-protocol.
  await app.register(websocket, { options: { maxPayload: limits.maxMessageBytes * 4 } })
  const hub = createRealtimeHub({
    db: ctx.db,
    bus: ctx.bus,
    mayReadCollection: ctx.mayReadCollection,
    sessionIdleMs: ctx.config.sessionIdleMs,
    limits,
    log: app.log,
  })
  app.addHook('onClose', async () => hub.close())
  ctx.countConnections?.(() => hub.stats().sockets)

  app.get(REALTIME_PATH, { websocket: true }, (socket, request) => {
    const search = new URL(request.url, 'http://localhost').searchParams
    if (search.get('project') !== ctx.config.projectId) {
      return refuseSocket(socket, RealtimeError.violation(RealtimeMessage.unknownProject))
    }
    if (!isAllowedOrigin(request, ctx.config)) {
      return refuseSocket(socket, RealtimeError.violation(RealtimeMessage.invalidOrigin))
    }
    hub.accept(socket, { ip: request.ip, auth: request.auth, search })
  })
}
