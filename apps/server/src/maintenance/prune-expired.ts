import { pruneAccountTokens } from '../accounts/account-tokens-repository'
import { pruneHits } from '../accounts/rate-limit'
import { pruneExpiredSessions } from '../accounts/sessions'
import type { TDatabase } from '../db/database'

/**
 * Removes rows that only matter for a while: expired sessions, old rate-limit hits, stale OAuth states,
 * recovery and verification tokens a day past their expiry.
 */
export async function pruneExpired(db: TDatabase): Promise<void> {
  await pruneExpiredSessions(db)
  await pruneAccountTokens(db)
  await pruneHits(db)
  await db.query('delete from oauth_states where expires_at < now()')
}
