import { CollectionId, ViewLimits, ZViewAttributes, ZViewCreate } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition } from '../documents/collection'
import type { TPermission } from '../documents/permissions'
import { requireMember, WorkspacePermissions } from '../teams/workspace-access'

export const VIEW_ATTRIBUTES = attributeColumns(ZViewAttributes)

export const ViewMessages = {
  tooMany: `A member saves at most ${ViewLimits.perMember} views in a workspace`,
} as const

/**
 * The member who saved a view reads, changes and deletes it; a shared view is read by every member of
 * its workspace too, and still changed only by the member who saved it. Whatever a client asks, these.
 */
export function viewPermissions({
  userId,
  teamId,
  shared,
}: {
  userId: string
  teamId: string
  shared: boolean
}): TPermission[] {
  const owner = `user:${userId}`
  return [
    { action: 'read', role: owner },
    { action: 'update', role: owner },
    { action: 'delete', role: owner },
    ...(shared ? WorkspacePermissions.members(teamId) : []),
  ]
}

/** Saved ticket views (decision 019): a member's own, or shared with the workspace. */
export function createViewsCollection(): TCollectionDefinition {
  return {
    id: CollectionId.views,
    table: 'views',
    attributes: VIEW_ATTRIBUTES,
    createSchema: ZViewCreate.strict(),
    // A view stays in the workspace it was saved in.
    updateSchema: ZViewCreate.omit({ teamId: true }).partial().strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    async prepareCreate({ auth, data, tx }) {
      const teamId = String(data.teamId)
      const { user } = requireMember(auth, teamId)
      const { rows } = await tx.query<{ count: number }>(
        `select count(*)::int as count from views where "teamId" = $1 and "userId" = $2`,
        [teamId, user.id],
      )
      if ((rows[0]?.count ?? 0) >= ViewLimits.perMember) throw AppError.invalid(ViewMessages.tooMany)
      return {
        data: { ...data, userId: user.id },
        permissions: viewPermissions({ userId: user.id, teamId, shared: data.shared === true }),
      }
    },
    prepareUpdate({ existing, data }) {
      const shared = typeof data.shared === 'boolean' ? data.shared : existing.shared === true
      return {
        data,
        permissions: viewPermissions({
          userId: String(existing.userId),
          teamId: String(existing.teamId),
          shared,
        }),
      }
    },
  }
}
