import crypto from 'node:crypto'
import { SessionLimits, uniqueId } from '@parsedesk/contracts'
import { isoDate } from '../core/iso-date'
import { hashSecret } from '../core/secret-hash'
import type { TQueryable } from '../db/database'
import { sessionDeviceOf } from './session-device'

export type TSessionRow = {
  id: string
  user_id: string
  secret_hash: string
  provider: string
  provider_uid: string
  ip: string
  user_agent: string
  created_at: Date
  updated_at: Date
  expire: Date
}

export type TSessionProvider = 'email' | 'google'

// A stolen cookie cannot be kept alive by using it: the session ends this long after its sign-in.
export const SESSION_LIFETIME_MS = SessionLimits.lifetimeDays * 86_400_000

/** When a session used now expires: after `idleMs` unused, and never past its lifetime. */
function expiryOf(createdAt: Date, idleMs: number): Date {
  return new Date(Math.min(Date.now() + idleMs, createdAt.getTime() + SESSION_LIFETIME_MS))
}

/** Sessions signed in before this are over, whatever their stored expiry (one written before the lifetime). */
export function sessionLifetimeStart(): Date {
  return new Date(Date.now() - SESSION_LIFETIME_MS)
}

export function encodeSessionCookie(userId: string, secret: string): string {
  return Buffer.from(JSON.stringify({ id: userId, secret })).toString('base64')
}

export function decodeSessionCookie(value: string): { id: string; secret: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'))
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { id?: unknown }).id === 'string' &&
      typeof (parsed as { secret?: unknown }).secret === 'string'
    ) {
      return parsed as { id: string; secret: string }
    }
  } catch {
    // Not our cookie: treated as no session at all.
  }
  return undefined
}

export type TCreateSessionOptions = {
  userId: string
  provider: TSessionProvider
  providerUid?: string
  ip: string
  userAgent: string
  idleMs: number
}

/**
 * A new session; beyond `SessionLimits.perUser` the account's oldest ones end. Given a transaction, the
 * account's sign-ins take turns, so concurrent ones cannot each keep a different newest set.
 */
export async function createSession(db: TQueryable, options: TCreateSessionOptions) {
  const secret = crypto.randomBytes(32).toString('hex')
  const createdAt = new Date()
  await db.query('select pg_advisory_xact_lock(hashtext($1))', [`sessions:${options.userId}`])
  const { rows } = await db.query<TSessionRow>(
    `insert into sessions (id, user_id, secret_hash, provider, provider_uid, ip, user_agent, created_at, expire)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [
      uniqueId(),
      options.userId,
      hashSecret(secret),
      options.provider,
      options.providerUid ?? '',
      options.ip,
      options.userAgent.slice(0, 512),
      createdAt,
      expiryOf(createdAt, options.idleMs),
    ],
  )
  await db.query(
    `delete from sessions where user_id = $1 and id not in
       (select id from sessions where user_id = $1 order by created_at desc, id desc limit $2)`,
    [options.userId, SessionLimits.perUser],
  )
  return { session: rows[0]!, cookie: encodeSessionCookie(options.userId, secret) }
}

// Sliding expiry is written at most this often, so reads do not turn into writes on every request.
const TOUCH_EVERY_MS = 60 * 60 * 1000

/** Finds the live session a cookie value names, extending its idle expiry up to its lifetime. */
export async function resolveSession(
  db: TQueryable,
  cookieValue: string,
  idleMs: number,
): Promise<TSessionRow | undefined> {
  const decoded = decodeSessionCookie(cookieValue)
  if (!decoded) return undefined
  const { rows } = await db.query<TSessionRow>(
    'select * from sessions where secret_hash = $1 and user_id = $2 and expire > now() and created_at > $3',
    [hashSecret(decoded.secret), decoded.id, sessionLifetimeStart()],
  )
  const session = rows[0]
  if (session && Date.now() - session.updated_at.getTime() > TOUCH_EVERY_MS) {
    await db.query('update sessions set updated_at = now(), expire = $2 where id = $1', [
      session.id,
      expiryOf(session.created_at, idleMs),
    ])
  }
  return session
}

export async function listSessions(db: TQueryable, userId: string): Promise<TSessionRow[]> {
  const { rows } = await db.query<TSessionRow>(
    'select * from sessions where user_id = $1 and expire > now() and created_at > $2 order by created_at desc',
    [userId, sessionLifetimeStart()],
  )
  return rows
}

export async function deleteSession(db: TQueryable, userId: string, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from sessions where user_id = $1 and id = $2', [
    userId,
    sessionId,
  ])
  return rowCount > 0
}

/** Signs the user out everywhere, or everywhere but `exceptSessionId` (the device that asked). */
export async function deleteAllSessions(
  db: TQueryable,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db.query("delete from sessions where user_id = $1 and id <> coalesce($2, '')", [
    userId,
    exceptSessionId ?? null,
  ])
}

export async function pruneExpiredSessions(db: TQueryable): Promise<void> {
  await db.query('delete from sessions where expire < now() or created_at <= $1', [sessionLifetimeStart()])
}

export function toSessionModel(session: TSessionRow, currentSessionId: string | undefined) {
  return {
    $id: session.id,
    $createdAt: isoDate(session.created_at),
    $updatedAt: isoDate(session.updated_at),
    userId: session.user_id,
    expire: isoDate(session.expire),
    provider: session.provider,
    providerUid: session.provider_uid,
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    ip: session.ip,
    // Appwrite's short codes come from its parser's own tables, and no client shows them.
    osCode: '',
    clientCode: '',
    ...sessionDeviceOf(session.user_agent),
    countryCode: '--',
    countryName: 'Unknown',
    current: session.id === currentSessionId,
    factors: [session.provider === 'google' ? 'oauth2' : 'password'],
    secret: '',
    mfaUpdatedAt: '',
  }
}
