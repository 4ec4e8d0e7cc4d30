import type { FastifyRequest } from 'fastify'
import type { TDatabase } from '../db/database'
import { GUEST, type TAuth, userAuth } from './auth-context'
import { findMembershipGrants } from './membership-grants'
import { resolveSession } from './sessions'
import { findUserById } from './users-repository'

export function sessionCookieName(projectId: string): string {
  return `a_session_${projectId}`
}

/** The session value a request carries: the cookie, then X-Appwrite-Session, then X-Fallback-Cookies. */
export function sessionValueOf(request: FastifyRequest, projectId: string): string | undefined {
  const name = sessionCookieName(projectId)
  const cookie = request.cookies[name]
  if (cookie) return cookie
  const header = request.headers['x-appwrite-session']
  if (typeof header === 'string' && header) return header
  const fallback = request.headers['x-fallback-cookies']
  if (typeof fallback === 'string' && fallback) {
    try {
      const value = (JSON.parse(fallback) as Record<string, unknown>)[name]
      if (typeof value === 'string' && value) return value
    } catch {
      // A malformed fallback header is no session, not an error.
    }
  }
  return undefined
}

export async function authenticate(
  db: TDatabase,
  sessionValue: string | undefined,
  sessionIdleMs: number,
): Promise<TAuth> {
  if (!sessionValue) return GUEST
  const session = await resolveSession(db, sessionValue, sessionIdleMs)
  if (!session) return GUEST
  const user = await findUserById(db, session.user_id)
  if (!user?.status) return GUEST
  const grants = await findMembershipGrants(db, [user.id])
  return userAuth(user, session, grants.get(user.id) ?? [])
}
