import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'
import { mapUniqueViolation } from '../db/unique-violation'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { deleteDocument, insertDocument, updateDocument } from '../documents/document-repository'
import type { TPermission, TPermissionAction } from '../documents/permissions'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'
import { requireManager, requireUser, WorkspacePermissions, workspaceOfCall } from './workspace-access'

/**
 * A resource a workspace owns (groups, macros, contacts; next rules, templates, SLA policies): documents
 * with a `teamId` attribute, a name (or address) unique in the workspace, permissions fixed by the server.
 */
export type TWorkspaceCollectionSpec<TCreate extends z.ZodObject> = {
  id: string
  table: string
  /** The stored attributes, `teamId` among them; the schemas from packages/contracts. */
  attributes: z.ZodObject
  /** What a client sends to create one: its optional `teamId` names the workspace (default: its own). */
  createSchema: TCreate
  updateSchema: z.ZodObject
  /** What every member, and what the owners and admins, may do to each document; whatever a client asks. */
  grants: { members: readonly TPermissionAction[]; managers: readonly TPermissionAction[] }
  /** Who creates and changes documents: every member, or the owners and admins (others get `managersOnly`). */
  writers: 'members' | { managersOnly: string }
  /** The collection in a sentence's subject ("Groups"), for refusing a permission it would not store. */
  plural: string
  /** At most this many per workspace, counted in the transaction that writes (`message` over it). */
  limit?: { perWorkspace: number; message: string }
  /** Said (409) when the table's unique index already holds the value: a name taken in the workspace. */
  taken: string
  /** The domain's checks in the write's transaction, on a create's fields and on an update's change. */
  check?(tx: TQueryable, teamId: string, data: Partial<z.output<TCreate>>): Promise<void>
  /**
   * Reacts to an update in its transaction, once the row is written (a group whose cap was raised serves
   * its queue); what it returns runs after the commit (announcing what the reaction changed).
   */
  afterUpdate?(tx: TQueryable, change: TWorkspaceChange): Promise<TAfterCommit>
}

/** A document before and after an update, as the table holds them. */
export type TWorkspaceChange = { before: TDocumentRow; after: TDocumentRow }
/** Work for after a write's commit. */
export type TAfterCommit = () => Promise<void>

/**
 * The collection definition of a workspace resource: members read it (reads filter on `teamId`), writes
 * are checked for the caller's role, the permissions asked, the workspace's count and the domain's rules
 * in one transaction, a unique violation becomes the resource's own 409, and every committed create,
 * update and delete is published on the bus (realtime) after its commit.
 */
export function defineWorkspaceCollection<TCreate extends z.ZodObject>(
  spec: TWorkspaceCollectionSpec<TCreate>,
  deps: { db: TDatabase; bus: TEventBus },
): TCollectionDefinition {
  const { db, bus } = deps
  const permissionsOf = (teamId: string): TPermission[] => [
    ...WorkspacePermissions.members(teamId, spec.grants.members),
    ...WorkspacePermissions.managers(teamId, spec.grants.managers),
  ]
  const requireWriter = (auth: TAuth, teamId: string) =>
    spec.writers === 'members' ? requireUser(auth) : requireManager(auth, teamId, spec.writers.managersOnly)
  /** A client may ask for itself or for what the resource grants anyway; anything else is refused, not dropped. */
  const assertGrantable = (permissions: TPermission[] | undefined, userId: string, teamId: string) => {
    const allowed = new Set([`user:${userId}`, ...permissionsOf(teamId).map((p) => p.role)])
    const foreign = permissions?.find((p) => !allowed.has(p.role))
    if (foreign) {
      throw AppError.forbidden(`${spec.plural} are shared with their workspace only (got "${foreign.role}")`)
    }
  }
  const nameChecked = <T>(write: Promise<T>): Promise<T> =>
    write.catch((error: unknown) => {
      throw mapUniqueViolation(error, spec.taken)
    })
  const assertUnderLimit = async (tx: TQueryable, teamId: string) => {
    if (!spec.limit) return
    const { rows } = await tx.query<{ count: number }>(
      `select count(*)::int as count from "${spec.table}" where "teamId" = $1`,
      [teamId],
    )
    if ((rows[0]?.count ?? 0) >= spec.limit.perWorkspace) throw AppError.invalid(spec.limit.message)
  }

  const collection: TCollectionDefinition = {
    id: spec.id,
    table: spec.table,
    attributes: attributeColumns(spec.attributes),
    createSchema: spec.createSchema.strict(),
    updateSchema: spec.updateSchema.strict(),
    ...(spec.grants.members.includes('read') ? { workspaceAttribute: 'teamId' } : {}),
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    writer: {
      async create({ auth, id, data, permissions }) {
        const caller = requireUser(auth)
        const { teamId: named, ...fields } = spec.createSchema.parse(data) as z.output<TCreate> & {
          teamId?: string
        }
        const row = await nameChecked(
          db.transaction(async (tx) => {
            const teamId = await workspaceOfCall(tx, caller, named)
            requireWriter(caller, teamId)
            assertGrantable(permissions, caller.user.id, teamId)
            await assertUnderLimit(tx, teamId)
            await spec.check?.(tx, teamId, fields as Partial<z.output<TCreate>>)
            return insertDocument(tx, collection, {
              id,
              data: { ...fields, teamId },
              permissions: permissionsOf(teamId),
            })
          }),
        )
        await publishDocumentEvent({ bus, def: collection, action: 'create', row })
        return row
      },
      async update({ auth, existing, data, permissions }) {
        const teamId = String(existing.teamId)
        const writer = requireWriter(auth, teamId)
        assertGrantable(permissions, writer.user.id, teamId)
        const { row, afterCommit } = await nameChecked(
          db.transaction(async (tx) => {
            await spec.check?.(tx, teamId, data as Partial<z.output<TCreate>>)
            const updated = await updateDocument(tx, collection, { id: existing.id, data })
            const after = updated && (await spec.afterUpdate?.(tx, { before: existing, after: updated }))
            return { row: updated, afterCommit: after }
          }),
        )
        if (!row) throw AppError.documentNotFound()
        await publishDocumentEvent({ bus, def: collection, action: 'update', row })
        await afterCommit?.()
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
