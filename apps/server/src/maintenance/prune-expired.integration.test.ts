import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { DATABASE_KINDS, openTestDatabase } from '../testing/test-database'
import { pruneExpired } from './prune-expired'

describe.each(DATABASE_KINDS)('pruning on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
  })
  afterAll(() => close?.())

  it('removes expired sessions, day-old rate-limit hits and stale sign-in states, and keeps live ones', async () => {
    await insertUser(db, { id: 'prune-u1', email: 'prune@example.com', name: 'P', passwordHash: null })
    for (const [id, expire] of [
      ['old', '2020-01-01'],
      ['live', '2999-01-01'],
    ]) {
      await db.query(
        `insert into sessions (id, user_id, secret_hash, provider, expire) values ($1, 'prune-u1', $1, 'email', $2)`,
        [id, expire],
      )
    }
    await db.query(
      `insert into rate_limit_hits (bucket, key, at) values ('b', 'old', now() - interval '2 days'), ('b', 'new', now())`,
    )
    await db.query(
      `insert into oauth_states (state, code_verifier, nonce, success_url, failure_url, expires_at)
       values ('stale', 'v', 'n', 's', 'f', now() - interval '1 minute'), ('fresh', 'v', 'n', 's', 'f', now() + interval '1 minute')`,
    )
    await pruneExpired(db)
    const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((row) => row.id)
    expect(await ids('select id from sessions')).toEqual(['live'])
    expect(await ids('select key as id from rate_limit_hits')).toEqual(['new'])
    expect(await ids('select state as id from oauth_states')).toEqual(['fresh'])
  })
})
