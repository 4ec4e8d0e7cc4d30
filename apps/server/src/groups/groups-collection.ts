import {
  CollectionId,
  ErrorType,
  GroupLimits,
  GroupMessages,
  ZGroupAttributes,
  ZGroupCreate,
  ZGroupUpdate,
} from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { deleteDocument, insertDocument, updateDocument } from '../documents/document-repository'
import type { TPermission } from '../documents/permissions'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'
import { isManager, WorkspacePermissions, workspaceOfCall } from '../teams/workspace-access'
import { assertWorkspaceMembers, countGroups } from './group-repository'

/** Every member reads a group (to route and filter by it); its owners and admins change and delete it. */
export function groupPermissions(teamId: string): TPermission[] {
  return [
    ...WorkspacePermissions.members(teamId),
    ...WorkspacePermissions.managers(teamId, ['update', 'delete']),
  ]
}

/** A client may ask for itself or for what a group grants anyway; anything else is refused, not dropped. */
function assertGrantableOnGroup(permissions: TPermission[] | undefined, userId: string, teamId: string) {
  const allowed = new Set([`user:${userId}`, ...groupPermissions(teamId).map((p) => p.role)])
  const foreign = permissions?.find((p) => !allowed.has(p.role))
  if (foreign) throw AppError.forbidden(`Groups are shared with their workspace only (got "${foreign.role}")`)
}

function requireManager(auth: TAuth, teamId: string): Extract<TAuth, { kind: 'user' }> {
  if (auth.kind !== 'user' || !isManager(auth, teamId)) throw AppError.forbidden(GroupMessages.managersOnly)
  return auth
}

/** A second group of one name in a workspace is refused by its unique index: said so, not a 500. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new AppError(ErrorType.documentAlreadyExists, GroupMessages.nameTaken)
    }
    throw error
  }
}

/**
 * Groups of a workspace's members (decision 017). Owners and admins create, rename, change the members of
 * and delete them; every member reads them. Members are checked against the workspace on every write, and
 * the database takes a member who leaves the workspace out of its groups.
 */
export function createGroupsCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  const { db, bus } = deps
  const collection: TCollectionDefinition = {
    id: CollectionId.groups,
    table: 'groups',
    attributes: attributeColumns(ZGroupAttributes),
    createSchema: ZGroupCreate.strict(),
    updateSchema: ZGroupUpdate.strict(),
    workspaceAttribute: 'teamId',
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    writer: {
      async create({ auth, id, data, permissions }) {
        if (auth.kind !== 'user') throw AppError.forbidden()
        const { teamId: named, ...fields } = ZGroupCreate.parse(data)
        const row = await nameChecked(() =>
          db.transaction(async (tx) => {
            const teamId = await workspaceOfCall(tx, auth, named)
            const manager = requireManager(auth, teamId)
            assertGrantableOnGroup(permissions, manager.user.id, teamId)
            if ((await countGroups(tx, teamId)) >= GroupLimits.groupsPerWorkspace) {
              throw AppError.invalid(GroupMessages.tooManyGroups)
            }
            await assertWorkspaceMembers(tx, teamId, fields.memberIds, 'memberIds')
            return insertDocument(tx, collection, {
              id,
              data: { ...fields, teamId },
              permissions: groupPermissions(teamId),
            })
          }),
        )
        await publishDocumentEvent({ bus, def: collection, action: 'create', row })
        return row
      },
      async update({ auth, existing, data, permissions }) {
        const teamId = String(existing.teamId)
        const manager = requireManager(auth, teamId)
        assertGrantableOnGroup(permissions, manager.user.id, teamId)
        const row = await nameChecked(() =>
          db.transaction(async (tx) => {
            if (Array.isArray(data.memberIds)) {
              await assertWorkspaceMembers(tx, teamId, data.memberIds as string[], 'memberIds')
            }
            return updateDocument(tx, collection, { id: existing.id, data })
          }),
        )
        if (!row) throw AppError.documentNotFound()
        await publishDocumentEvent({ bus, def: collection, action: 'update', row })
        return row
      },
      async remove(existing: TDocumentRow) {
        const row = await deleteDocument(db, collection, existing.id)
        if (row) await publishDocumentEvent({ bus, def: collection, action: 'delete', row })
        return row
      },
    },
  }
  return collection
}
