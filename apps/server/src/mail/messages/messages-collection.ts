import { CollectionId, ZMessageAttributes } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../../core/app-error'
import { attributeColumns } from '../../documents/attribute-columns'
import type { TCollectionDefinition } from '../../documents/collection'
import type { TPermission } from '../../documents/permissions'
import { WorkspacePermissions } from '../../teams/workspace-access'

export const MESSAGE_ATTRIBUTES = attributeColumns(ZMessageAttributes)

/** Its workspace's members read a conversation's messages; the server removes them with the ticket. */
export function messagePermissions(teamId: string): TPermission[] {
  return WorkspacePermissions.members(teamId, ['read', 'delete'])
}

/**
 * A ticket's conversation after its first email: answers that arrived by mail (`direction` inbound),
 * listed with Query.equal('ticketId', id). The ticket's workspace reads them; the server writes them.
 */
export function createMessagesCollection(): TCollectionDefinition {
  return {
    id: CollectionId.messages,
    table: 'messages',
    attributes: MESSAGE_ATTRIBUTES,
    createSchema: z.object({}).strict(),
    updateSchema: z.object({}).strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: () => false,
    async prepareCreate() {
      throw AppError.forbidden()
    },
  }
}
