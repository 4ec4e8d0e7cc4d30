import { pruneExpiredSessions } from '../accounts/sessions'
import type { TDatabase } from '../db/database'
import { pruneHits } from '../http/rate-limit'

/** Removes rows that only matter for a while: expired sessions, old rate-limit hits, stale OAuth states. */
export async function pruneExpired(db: TDatabase): Promise<void> {
  await pruneExpiredSessions(db)
  await pruneHits(db)
  await db.query('delete from oauth_states where expires_at < now()')
}

const EVERY_MS = 60 * 60_000

/** Runs pruneExpired hourly; the timer never keeps the process alive on its own. */
export function schedulePruning(db: TDatabase, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => pruneExpired(db).catch(onError), EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
