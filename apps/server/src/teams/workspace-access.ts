import { TeamRole } from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import type { TPermission, TPermissionAction } from '../documents/permissions'

/**
 * What a workspace's documents grant, in Appwrite's roles: its members (`team:ID`) work the mail that
 * arrives (tickets, their messages and files), its owners and admins (`team:ID/owner`, `team:ID/admin`)
 * manage where mail comes from (the parsing mailbox, IMAP accounts). Decision 010.
 */
export const WorkspacePermissions = {
  /** Read by every member; the given actions too. */
  members(teamId: string, actions: readonly TPermissionAction[] = ['read']): TPermission[] {
    return actions.map((action) => ({ action, role: `team:${teamId}` }))
  },
  /** `actions` for the owners and admins only. */
  managers(teamId: string, actions: readonly TPermissionAction[]): TPermission[] {
    return actions.flatMap((action) =>
      MANAGER_ROLES.map((role) => ({ action, role: `team:${teamId}/${role}` })),
    )
  },
}

const MANAGER_ROLES = [TeamRole.owner, TeamRole.admin] as const

export function isMember(auth: TAuth, teamId: string): boolean {
  return auth.roles.includes(`team:${teamId}`)
}

export function isManager(auth: TAuth, teamId: string): boolean {
  return MANAGER_ROLES.some((role) => auth.roles.includes(`team:${teamId}/${role}`))
}

/**
 * The workspace a signed-in user's call acts in: the one it names, which the caller must belong to, or
 * else the caller's own (the earliest it owns, else the earliest it joined), as for a client that knows
 * nothing of workspaces, such as the seed's ticket form.
 */
export async function workspaceOfCall(
  db: TQueryable,
  auth: Extract<TAuth, { kind: 'user' }>,
  named: string | undefined,
): Promise<string> {
  if (named !== undefined) {
    if (!isMember(auth, named)) throw AppError.forbidden(`You are not a member of workspace "${named}"`)
    return named
  }
  const { rows } = await db.query<{ team_id: string }>(
    `select team_id from memberships where user_id = $1 and confirm
     order by 'owner' = any(roles) desc, joined_at nulls last, created_at limit 1`,
    [auth.user.id],
  )
  const home = rows[0]?.team_id
  if (!home) throw AppError.forbidden('You belong to no workspace: create one or accept an invitation first')
  return home
}
