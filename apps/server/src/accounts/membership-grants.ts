import type { TQueryable } from '../db/database'

/** A confirmed membership, as far as permissions care: which workspace, which membership, which roles. */
export type TMembershipGrant = { membershipId: string; teamId: string; roles: string[] }

/**
 * The confirmed memberships of several users in one statement. Read on every request and before every
 * realtime delivery, so a member removed from a workspace loses its documents at once.
 */
export async function findMembershipGrants(
  db: TQueryable,
  userIds: string[],
): Promise<Map<string, TMembershipGrant[]>> {
  const grants = new Map<string, TMembershipGrant[]>(userIds.map((id) => [id, []]))
  if (userIds.length === 0) return grants
  const { rows } = await db.query<{ user_id: string; id: string; team_id: string; roles: string[] }>(
    'select user_id, id, team_id, roles from memberships where user_id = any($1::text[]) and confirm',
    [userIds],
  )
  for (const row of rows) {
    grants.get(row.user_id)?.push({ membershipId: row.id, teamId: row.team_id, roles: row.roles })
  }
  return grants
}

/** Appwrite's permission roles of memberships: `team:ID`, `team:ID/ROLE` for each role, `member:ID`. */
export function rolesOfGrants(grants: TMembershipGrant[]): string[] {
  return grants.flatMap((grant) => [
    `team:${grant.teamId}`,
    ...grant.roles.map((role) => `team:${grant.teamId}/${role}`),
    `member:${grant.membershipId}`,
  ])
}
