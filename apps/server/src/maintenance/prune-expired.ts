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

const EVERY_MS = 60 * 60_000

/**
 * Runs pruneExpired at start and then hourly (the worker role runs it: every process may, none must);
 * the timer never keeps the process alive on its own. Stopping waits for a run under way.
 */
export function schedulePruning(db: TDatabase, onError: (error: unknown) => void): () => Promise<void> {
  let running = pruneExpired(db).catch(onError)
  const timer = setInterval(() => {
    running = running.then(() => pruneExpired(db)).catch(onError)
  }, EVERY_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
