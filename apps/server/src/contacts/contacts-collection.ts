import {
  CollectionId,
  ContactMessages,
  ErrorType,
  ZContactAttributes,
  ZContactCreate,
  ZContactUpdate,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { deleteDocument, insertDocument, updateDocument } from '../documents/document-repository'
import type { TPermission } from '../documents/permissions'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'
import { WorkspacePermissions, workspaceOfCall } from '../teams/workspace-access'

/** Every member reads and edits a contact (they meet the customer); only owners and admins delete one. */
export function contactPermissions(teamId: string): TPermission[] {
  return [
    ...WorkspacePermissions.members(teamId, ['read', 'update']),
    ...WorkspacePermissions.managers(teamId, ['delete']),
  ]
}

function assertGrantableOnContact(permissions: TPermission[] | undefined, userId: string, teamId: string) {
  const allowed = new Set([`user:${userId}`, ...contactPermissions(teamId).map((p) => p.role)])
  const foreign = permissions?.find((p) => !allowed.has(p.role))
  if (foreign)
    throw AppError.forbidden(`Contacts are shared with their workspace only (got "${foreign.role}")`)
}

/**
 * A workspace's requesters (decision 017): made by every new ticket from its address, or by a member by
 * hand; members change their name and organisation. The address is the contact and never changes.
 */
export function createContactsCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  const { db, bus } = deps
  const collection: TCollectionDefinition = {
    id: CollectionId.contacts,
    table: 'contacts',
    attributes: attributeColumns(ZContactAttributes),
    createSchema: ZContactCreate.strict(),
    updateSchema: ZContactUpdate.strict(),
    workspaceAttribute: 'teamId',
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    writer: {
      async create({ auth, id, data, permissions }) {
        if (auth.kind !== 'user') throw AppError.forbidden()
        const { teamId: named, ...fields } = ZContactCreate.parse(data)
        const row = await db
          .transaction(async (tx) => {
            const teamId = await workspaceOfCall(tx, auth, named)
            assertGrantableOnContact(permissions, auth.user.id, teamId)
            return insertDocument(tx, collection, {
              id,
              data: { ...fields, teamId },
              permissions: contactPermissions(teamId),
            })
          })
          .catch((error: unknown) => {
            if ((error as { code?: string }).code === '23505') {
              throw new AppError(ErrorType.documentAlreadyExists, ContactMessages.emailTaken)
            }
            throw error
          })
        await publishDocumentEvent({ bus, def: collection, action: 'create', row })
        return row
      },
      async update({ auth, existing, data, permissions }) {
        if (auth.kind !== 'user') throw AppError.forbidden()
        assertGrantableOnContact(permissions, auth.user.id, String(existing.teamId))
        const row = await updateDocument(db, collection, { id: existing.id, data })
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
