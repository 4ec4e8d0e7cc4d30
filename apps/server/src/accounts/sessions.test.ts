import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase } from '../db/database'
import { openDatabase } from '../db/open-database'
import {
  createSession,
  decodeSessionCookie,
  deleteSession,
  listSessions,
  resolveSession,
  SESSION_LIFETIME_MS,
} from './sessions'
import { insertUser } from './users-repository'

describe('sessions', () => {
  let db: TDatabase
  beforeAll(async () => {
    db = await openDatabase({})
    await insertUser(db, { id: 'u1', email: 'u1@example.com', name: 'U', passwordHash: null })
  })
  afterAll(() => db?.close())

  const client = { ip: '127.0.0.1', userAgent: 'test' }

  it('keeps only a hash of the secret, so the stored row cannot be replayed as a cookie', async () => {
    const { session, cookie } = await createSession(db, {
      userId: 'u1',
      provider: 'email',
      idleMs: 60_000,
      ...client,
    })
    const secret = decodeSessionCookie(cookie)!.secret
    expect(session.secret_hash).not.toContain(secret)
    expect((await resolveSession(db, cookie, 60_000))?.id).toBe(session.id)
    const forged = Buffer.from(JSON.stringify({ id: 'u1', secret: session.secret_hash })).toString('base64')
    expect(await resolveSession(db, forged, 60_000)).toBeUndefined()
  })

  it('expires a session left idle past its limit', async () => {
    const idleMs = 60_000
    const { session, cookie } = await createSession(db, {
      userId: 'u1',
      provider: 'email',
      idleMs,
      ...client,
    })
    expect(await resolveSession(db, cookie, idleMs)).toBeDefined()
    const { rows } = await db.query<{ created_at: Date; expire: Date }>(
      'select created_at, expire from sessions where id = $1',
      [session.id],
    )
    // The idle expiry counts from the moment it is written, a millisecond or so after the sign-in's.
    const idleFor = rows[0]!.expire.getTime() - rows[0]!.created_at.getTime()
    expect(idleFor).toBeGreaterThanOrEqual(idleMs)
    expect(idleFor).toBeLessThan(idleMs + 1000)
    // Left unused for two minutes: moved back in time rather than waited for, so a busy machine changes nothing.
    await db.query(
      "update sessions set created_at = created_at - interval '2 minutes', updated_at = updated_at - interval '2 minutes', expire = expire - interval '2 minutes' where id = $1",
      [session.id],
    )
    expect(await resolveSession(db, cookie, idleMs)).toBeUndefined()
  })

  it('slides the idle expiry forward with use, but never past the lifetime', async () => {
    const idleMs = 30 * 86_400_000
    const { session, cookie } = await createSession(db, {
      userId: 'u1',
      provider: 'email',
      idleMs,
      ...client,
    })
    const signedIn = new Date(Date.now() - SESSION_LIFETIME_MS + 86_400_000)
    await db.query(
      "update sessions set created_at = $2, updated_at = now() - interval '2 hours' where id = $1",
      [session.id, signedIn],
    )
    expect(await resolveSession(db, cookie, idleMs)).toBeDefined()
    const { rows } = await db.query<{ expire: Date }>('select expire from sessions where id = $1', [
      session.id,
    ])
    expect(rows[0]?.expire.getTime()).toBe(signedIn.getTime() + SESSION_LIFETIME_MS)
  })

  it('lists and deletes one user’s sessions', async () => {
    const { session, cookie } = await createSession(db, {
      userId: 'u1',
      provider: 'email',
      idleMs: 60_000,
      ...client,
    })
    expect((await listSessions(db, 'u1')).map((s) => s.id)).toContain(session.id)
    expect(await deleteSession(db, 'someone-else', session.id)).toBe(false)
    expect(await deleteSession(db, 'u1', session.id)).toBe(true)
    expect(await resolveSession(db, cookie, 60_000)).toBeUndefined()
  })

  it('ignores cookies that are not ours', async () => {
    expect(await resolveSession(db, 'not base64 json', 60_000)).toBeUndefined()
    expect(decodeSessionCookie(Buffer.from('{"id":1}').toString('base64'))).toBeUndefined()
  })
})
