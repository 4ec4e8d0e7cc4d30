import {
  CollectionId,
  CustomFieldType,
  TemplateMessages,
  type TViewCustomFieldFilter,
  type TViewFilters,
  ViewFieldMessages,
  ViewFieldOp,
  ViewLimits,
  ZViewAttributes,
  ZViewCreate,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition } from '../documents/collection'
import type { TPermission } from '../documents/permissions'
import { requireMember, WorkspacePermissions } from '../teams/workspace-access'
import {
  fitsCustomField,
  readCustomFieldDefinitions,
  type TCustomFieldDefinition,
} from '../tickets/ticket-custom-fields'

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

/** Why one custom field filter cannot hold for the workspace's field of its key, or undefined when it can. */
function customFilterProblem(
  filter: TViewCustomFieldFilter,
  field: TCustomFieldDefinition | undefined,
): string | undefined {
  if (!field) return TemplateMessages.unknownCustomField(filter.key)
  if (filter.op === ViewFieldOp.equals) {
    const fits = filter.values.every((value) => fitsCustomField(field, value))
    return fits ? undefined : TemplateMessages.customFieldValue(filter.key)
  }
  if (field.type !== CustomFieldType.number && field.type !== CustomFieldType.date)
    return ViewFieldMessages.rangeType(filter.key)
  const bounds = [filter.from, filter.to].filter((bound) => bound !== undefined)
  return bounds.every((bound) => fitsCustomField(field, bound))
    ? undefined
    : ViewFieldMessages.boundType(filter.key, field.type)
}

/**
 * A view's custom field filters name fields of its workspace and compare them with values of their type,
 * so a typo or a range on a text is refused when saved rather than listing nothing ever after.
 */
async function assertCustomFieldFilters(
  db: TQueryable,
  teamId: string,
  filters: TViewFilters | undefined,
): Promise<void> {
  const customFilters = filters?.customFields ?? []
  if (customFilters.length === 0) return
  const fields = new Map(
    (await readCustomFieldDefinitions(db, teamId)).map((field) => [field.key, field] as const),
  )
  customFilters.forEach((filter, index) => {
    const problem = customFilterProblem(filter, fields.get(filter.key))
    if (problem) throw AppError.invalidStructure(`Attribute "filters.customFields[${index}]": ${problem}`)
  })
}

/**
 * Saved ticket views (decision 019): a member's own, or shared with the workspace. `db` checks an update's
 * custom field filters against the workspace's fields (a create checks them in its own transaction).
 */
export function createViewsCollection(deps: { db: TQueryable }): TCollectionDefinition {
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
      await assertCustomFieldFilters(tx, teamId, data.filters as TViewFilters)
      return {
        data: { ...data, userId: user.id },
        permissions: viewPermissions({ userId: user.id, teamId, shared: data.shared === true }),
      }
    },
    async prepareUpdate({ existing, data }) {
      await assertCustomFieldFilters(deps.db, String(existing.teamId), data.filters as TViewFilters)
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
