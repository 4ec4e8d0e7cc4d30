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

export type TUserAuth = Extract<TAuth, { kind: 'user' }>

/** A signed-in user; anyone else (a guest, an API key) is refused without a reason. */
export function requireUser(auth: TAuth): TUserAuth {
  if (auth.kind !== 'user') throw AppError.forbidden()
  return auth
}

/** A signed-in member of the workspace, from the roles the request holds. */
export function requireMember(auth: TAuth, teamId: string): TUserAuth {
  const user = requireUser(auth)
  if (!isMember(user, teamId)) throw AppError.forbidden(`You are not a member of workspace "${teamId}"`)
  return user
}

/** One of the workspace's owners and admins; anyone else gets `refusal` (each resource says what it is). */
export function requireManager(auth: TAuth, teamId: string, refusal: string): TUserAuth {
  if (auth.kind !== 'user' || !isManager(auth, teamId)) throw AppError.forbidden(refusal)
  return auth
}

/**
 * Refuses users who are not confirmed members of the workspace (an assignee, a group's members), naming
 * the attribute: `Attribute "memberIds" must list confirmed members...`. With `hold`, the memberships
 * named stay locked until the transaction ends, so one removed meanwhile is removed after the write and
 * takes what the database ties to it along (a group's member list).
 */
export async function assertConfirmedMembers(
  tx: TQueryable,
  options: { teamId: string; userIds: readonly string[]; attribute: string; message: string; hold?: boolean },
): Promise<void> {
  const { teamId, userIds } = options
  if (userIds.length === 0) return
  const { rows } = await tx.query(
    `select user_id from memberships where team_id = $1 and confirm and user_id = any($2::text[])
     order by user_id${options.hold ? ' for share' : ''}`,
    [teamId, userIds],
  )
  if (rows.length !== new Set(userIds).size) {
    throw AppError.invalidStructure(`Attribute "${options.attribute}" ${options.message}`)
  }
}

/**
 * The workspace a signed-in user's call acts in: the one it names, which the caller must belong to, or
 * else the caller's own (the earliest it owns, else the earliest it joined), as for a client that knows
 * nothing of workspaces, such as the seed's ticket form.
 */
export async function workspaceOfCall(
  db: TQueryable,
  auth: TUserAuth,
  named: string | undefined,
): Promise<string> {
  if (named !== undefined) {
    requireMember(auth, named)
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
