import cookie from '@fastify/cookie'
import { ErrorType } from '@parsedesk/contracts'
import Fastify, { type FastifyInstance } from 'fastify'
import qs from 'qs'
import { GUEST, type TAuth } from '../accounts/auth-context'
import { authenticate, sessionValueOf } from '../accounts/request-auth'
import type { TConfig } from '../config/config'
import { AppError } from '../core/app-error'
import { loggerOptions } from '../core/logger'
import type { TDatabase } from '../db/database'
import { registerCompression } from './compression'
import { registerCors } from './cors'
import { handleError } from './error-handler'
import { describeRequestForLog } from './request-log'
import { registerSecurityHeaders } from './security-headers'
import { registerSpa } from './spa'

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuth
  }
}

/** A domain's routes, built with what they need; the http role registers them without knowing them. */
export type TRoutePlugin = (app: FastifyInstance) => Promise<void> | void

export type TBuildAppOptions = {
  config: TConfig
  /** For the session each request carries. */
  db: TDatabase
  routes: TRoutePlugin[]
  webDistDir: string
  /** Told of every answered request, by route pattern, never the raw URL (metrics). */
  observeRequest?(sample: { method: string; route: string; statusCode: number; seconds: number }): void
}

const BODY_LIMIT = 10 * 1024 * 1024

export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const ctx = options
  const app = Fastify({
    logger: {
      ...loggerOptions(ctx.config.logLevel),
      serializers: { ...loggerOptions(ctx.config.logLevel).serializers, req: describeRequestForLog },
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
    // What the router refuses before any route runs (a malformed escape, a too long id) answers in
    // Appwrite's shape too.
    frameworkErrors: handleError,
    // The SDK flattens arrays as queries[0]=..&queries[1]=..; past qs's default of 20 they would turn into objects.
    routerOptions: {
      querystringParser: (str) => qs.parse(str, { arrayLimit: 1000, depth: 5, parameterLimit: 2000 }),
    },
  })
  app.setErrorHandler(handleError)
  const { observeRequest } = options
  if (observeRequest) {
    app.addHook('onResponse', async (request, reply) => {
      // A realtime socket's request lasts as long as the socket: not a latency.
      if (request.ws) return
      observeRequest({
        method: request.method,
        // No pattern: the SPA's pages (served by the not-found handler) and unknown paths.
        route: request.routeOptions.url ?? '(unmatched)',
        statusCode: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      })
    })
  }
  registerSecurityHeaders(app, { publicUrl: ctx.config.publicUrl })
  await registerCors(app, ctx.config)
  await app.register(cookie)
  await registerCompression(app)

  app.decorateRequest('auth', null as never)
  app.addHook('onRequest', async (request) => {
    request.auth = GUEST
    if (!request.url.startsWith('/v1/')) return
    const project = request.headers['x-appwrite-project'] ?? (request.query as { project?: unknown }).project
    // The realtime socket refuses a wrong project in its own protocol: an error frame, then close 1008.
    const isRealtime = request.routeOptions.url === '/v1/realtime'
    if (typeof project === 'string' && project !== ctx.config.projectId && !isRealtime) {
      throw new AppError(ErrorType.projectUnknown)
    }
    request.auth = await authenticate(
      ctx.db,
      sessionValueOf(request, ctx.config.projectId),
      ctx.config.sessionIdleMs,
    )
  })

  app.get('/v1/ping', async (_request, reply) => reply.type('text/plain').send('Pong!'))
  for (const routes of options.routes) await routes(app)
  await registerSpa(app, { distDir: options.webDistDir, projectId: ctx.config.projectId })
  return app
}
