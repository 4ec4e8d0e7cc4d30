import { GroupMessages } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'

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
