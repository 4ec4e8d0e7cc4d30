import {
  CollectionId,
  ErrorType,
  MacroAssignee,
  MacroLimits,
  MacroMessages,
  type TMacroActions,
  ZMacroAttributes,
  ZMacroCreate,
  ZMacroUpdate,
} from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { deleteDocument, insertDocument, updateDocument } from '../documents/document-repository'
import type { TPermission } from '../documents/permissions'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'
import { isManager, WorkspacePermissions, workspaceOfCall } from '../teams/workspace-access'

/** Every member reads (and applies) a macro; its owners and admins change and delete it. */
export function macroPermissions(teamId: string): TPermission[] {
  return [
    ...WorkspacePermissions.members(teamId),
    ...WorkspacePermissions.managers(teamId, ['update', 'delete']),
  ]
}

function assertGrantableOnMacro(permissions: TPermission[] | undefined, userId: string, teamId: string) {
  const allowed = new Set([`user:${userId}`, ...macroPermissions(teamId).map((p) => p.role)])
  const foreign = permissions?.find((p) => !allowed.has(p.role))
  if (foreign) throw AppError.forbidden(`Macros are shared with their workspace only (got "${foreign.role}")`)
}

function requireManager(auth: TAuth, teamId: string): Extract<TAuth, { kind: 'user' }> {
  if (auth.kind !== 'user' || !isManager(auth, teamId)) throw AppError.forbidden(MacroMessages.managersOnly)
  return auth
}

/** A macro that hands tickets to one member names a confirmed member of its workspace. */
async function assertAssignable(tx: TQueryable, teamId: string, actions: TMacroActions | undefined) {
  if (actions?.assignee.kind !== MacroAssignee.member) return
  const { rows } = await tx.query(
    'select 1 from memberships where team_id = $1 and user_id = $2 and confirm',
    [teamId, actions.assignee.userId],
  )
  if (rows.length === 0) {
    throw AppError.invalidStructure(`Attribute "actions.assignee.userId" ${MacroMessages.assigneeNotMember}`)
  }
}

async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new AppError(ErrorType.documentAlreadyExists, MacroMessages.nameTaken)
    }
    throw error
  }
}

/**
 * Canned replies of a workspace (decision 017): a text with placeholders and the ticket changes applying
 * it makes. Owners and admins manage them; every member reads them, and the composer renders one with
 * `renderMacro` and sends its changes as an ordinary ticket update, checked and logged as any other.
 */
export function createMacrosCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  const { db, bus } = deps
  const collection: TCollectionDefinition = {
    id: CollectionId.macros,
    table: 'macros',
    attributes: attributeColumns(ZMacroAttributes),
    createSchema: ZMacroCreate.strict(),
    updateSchema: ZMacroUpdate.strict(),
    workspaceAttribute: 'teamId',
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    writer: {
      async create({ auth, id, data, permissions }) {
        if (auth.kind !== 'user') throw AppError.forbidden()
        const { teamId: named, ...fields } = ZMacroCreate.parse(data)
        const row = await nameChecked(() =>
          db.transaction(async (tx) => {
            const teamId = await workspaceOfCall(tx, auth, named)
            const manager = requireManager(auth, teamId)
            assertGrantableOnMacro(permissions, manager.user.id, teamId)
            const { rows } = await tx.query<{ count: number }>(
              'select count(*)::int as count from macros where "teamId" = $1',
              [teamId],
            )
            if ((rows[0]?.count ?? 0) >= MacroLimits.macrosPerWorkspace) {
              throw AppError.invalid(MacroMessages.tooManyMacros)
            }
            await assertAssignable(tx, teamId, fields.actions)
            return insertDocument(tx, collection, {
              id,
              data: { ...fields, teamId },
              permissions: macroPermissions(teamId),
            })
          }),
        )
        await publishDocumentEvent({ bus, def: collection, action: 'create', row })
        return row
      },
      async update({ auth, existing, data, permissions }) {
        const teamId = String(existing.teamId)
        const manager = requireManager(auth, teamId)
        assertGrantableOnMacro(permissions, manager.user.id, teamId)
        const row = await nameChecked(() =>
          db.transaction(async (tx) => {
            await assertAssignable(tx, teamId, data.actions as TMacroActions | undefined)
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
