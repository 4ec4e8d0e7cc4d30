import {
  ErrorType,
  SignInRoutes,
  type TSignInProviders,
  ZAccountCreate,
  ZEmailSession,
} from '@parsedesk/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TConfig } from '../config/config'
import { AppError } from '../core/app-error'
import { validated, withZodSchemas } from '../core/route-schemas'
import type { TDatabase } from '../db/database'
import { toAccountModel } from './account-model'
import type { TAccountService } from './account-service'
import { clientInfoOf, isBrowserRequest } from './client-info'
import { sessionCookieName } from './request-auth'
import { deleteAllSessions, deleteSession, listSessions, type TSessionRow, toSessionModel } from './sessions'

function requireUser(request: FastifyRequest) {
  const auth = request.auth
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  return auth
}

type TCookieConfig = Pick<TConfig, 'projectId' | 'publicUrl'>

export function setSessionCookie(
  config: TCookieConfig,
  reply: FastifyReply,
  cookie: string,
  session: TSessionRow,
) {
  reply.setCookie(sessionCookieName(config.projectId), cookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    expires: session.expire,
  })
}

function expireSessionCookie(config: TCookieConfig, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(config.projectId), { path: '/' })
}

export type TAccountRoutesDeps = { accounts: TAccountService; db: TDatabase; config: TConfig }

/** The account and session routes of Appwrite's API. */
export const accountRoutes = (deps: TAccountRoutesDeps) => (instance: FastifyInstance) => {
  const ctx = deps
  const app = withZodSchemas(instance)
  app.get('/v1/account', async (request) => toAccountModel(requireUser(request).user))

  // The web app's session check: a guest is an answer, not a failure, so a signed-out visit fails no request.
  app.get(`/v1${SignInRoutes.session}`, async (request) => ({
    user: request.auth.kind === 'user' ? toAccountModel(request.auth.user) : null,
  }))

  app.get(
    `/v1${SignInRoutes.providers}`,
    async (): Promise<TSignInProviders> => ({ google: ctx.config.google !== undefined }),
  )

  app.post('/v1/account', validated({ body: ZAccountCreate }), async (request, reply) => {
    const user = await ctx.accounts.createAccount(request.body, clientInfoOf(request))
    return reply.code(201).send(toAccountModel(user))
  })

  const signedOut = (request: FastifyRequest) => {
    if (request.auth.kind === 'user') throw new AppError(ErrorType.userSessionAlreadyExists)
  }
  app.post(
    '/v1/account/sessions/email',
    validated({ body: ZEmailSession }, signedOut),
    async (request, reply) => {
      const { session, cookie } = await ctx.accounts.signInWithPassword(request.body, clientInfoOf(request))
      setSessionCookie(ctx.config, reply, cookie, session)
      const model = toSessionModel(session, session.id)
      return reply.code(201).send(isBrowserRequest(request) ? model : { ...model, secret: cookie })
    },
  )

  app.get('/v1/account/sessions', async (request) => {
    const auth = requireUser(request)
    const sessions = await listSessions(ctx.db, auth.user.id)
    return { total: sessions.length, sessions: sessions.map((s) => toSessionModel(s, auth.session.id)) }
  })

  app.get<{ Params: { sessionId: string } }>('/v1/account/sessions/:sessionId', async (request) => {
    const auth = requireUser(request)
    const id = request.params.sessionId === 'current' ? auth.session.id : request.params.sessionId
    const session = (await listSessions(ctx.db, auth.user.id)).find((s) => s.id === id)
    if (!session) throw new AppError(ErrorType.userSessionNotFound)
    return toSessionModel(session, auth.session.id)
  })

  app.delete<{ Params: { sessionId: string } }>('/v1/account/sessions/:sessionId', async (request, reply) => {
    const auth = requireUser(request)
    const id = request.params.sessionId === 'current' ? auth.session.id : request.params.sessionId
    if (!(await deleteSession(ctx.db, auth.user.id, id))) throw new AppError(ErrorType.userSessionNotFound)
    if (id === auth.session.id) expireSessionCookie(ctx.config, reply)
    return reply.code(204).send()
  })

  app.delete('/v1/account/sessions', async (request, reply) => {
    const auth = requireUser(request)
    await deleteAllSessions(ctx.db, auth.user.id)
    expireSessionCookie(ctx.config, reply)
    return reply.code(204).send()
  })
}
