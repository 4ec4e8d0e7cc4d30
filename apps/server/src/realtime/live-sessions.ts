import { sessionLifetimeStart } from '../accounts/sessions'
import type { TUserRow } from '../accounts/users-repository'
import type { TQueryable } from '../db/database'

/**
 * The users behind those sessions that are still live (not signed out, not expired, user not blocked),
 * in one query, so every delivery can re-check who is listening without a query per socket.
 */
export async function findLiveSessionUsers(
  db: TQueryable,
  sessionIds: string[],
): Promise<Map<string, TUserRow>> {
  if (sessionIds.length === 0) return new Map()
  const { rows } = await db.query<TUserRow & { session_id: string }>(
    `select s.id as session_id, u.* from sessions s join users u on u.id = s.user_id
     where s.id = any($1) and s.expire > now() and s.created_at > $2 and u.status`,
    [sessionIds, sessionLifetimeStart()],
  )
  return new Map(rows.map(({ session_id, ...user }) => [session_id, user]))
}
