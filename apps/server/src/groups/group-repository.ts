import { GroupMessages } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'

/**
 * Refuses a member list naming anyone who is not a confirmed member of the workspace. The members named
 * stay locked until the transaction ends, so one removed meanwhile leaves the group after it is written.
 */
export async function assertWorkspaceMembers(
  tx: TQueryable,
  teamId: string,
  userIds: readonly string[],
  attribute: string,
): Promise<void> {
  if (userIds.length === 0) return
  const { rows } = await tx.query<{ user_id: string }>(
    `select user_id from memberships where team_id = $1 and confirm and user_id = any($2::text[])
     order by user_id for share`,
    [teamId, userIds],
  )
  if (rows.length !== new Set(userIds).size) {
    throw AppError.invalidStructure(`Attribute "${attribute}" ${GroupMessages.memberNotMember}`)
  }
}

/**
 * Refuses a ticket's group that is not a group of the ticket's workspace, naming the attribute as the
 * assignee's check does; the group is held (not deletable) until the transaction ends.
 */
export async function assertGroupOfWorkspace(tx: TQueryable, teamId: string, groupId: string): Promise<void> {
  const { rows } = await tx.query('select 1 from groups where id = $1 and "teamId" = $2 for key share', [
    groupId,
    teamId,
  ])
  if (rows.length === 0) {
    throw AppError.invalidStructure(`Attribute "groupId" ${GroupMessages.groupNotInWorkspace}`)
  }
}

/** How many groups a workspace has, for its limit. */
export async function countGroups(tx: TQueryable, teamId: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    'select count(*)::int as count from groups where "teamId" = $1',
    [teamId],
  )
  return rows[0]?.count ?? 0
}
