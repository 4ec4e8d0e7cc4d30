import { CollectionId, ZMessageAttributes, ZReplyCreate } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../core/app-error'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentWriter } from '../documents/collection'
import type { TPermission } from '../documents/permissions'
import { WorkspacePermissions } from '../teams/workspace-access'

export const MESSAGE_ATTRIBUTES = attributeColumns(ZMessageAttributes)

/** Its workspace's members read a conversation's messages; the server removes them with the ticket. */
export function messagePermissions(teamId: string): TPermission[] {
  return WorkspacePermissions.members(teamId, ['read', 'delete'])
}

/**
 * A ticket's conversation after its first email: answers that arrived by mail (`direction` inbound) and
 * members' replies (`outbound`), listed with Query.equal('ticketId', id). The ticket's workspace reads
 * them. A member creates one by replying ({ticketId, body, status?}), through the reply service's writer;
 * without it (a collection declared for reading) nobody creates. Nobody updates a message.
 */
export function createMessagesCollection(options: { writer?: TDocumentWriter } = {}): TCollectionDefinition {
  const { writer } = options
  return {
    id: CollectionId.messages,
    table: 'messages',
    attributes: MESSAGE_ATTRIBUTES,
    createSchema: ZReplyCreate,
    updateSchema: z.object({}).strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => writer !== undefined && auth.kind === 'user',
    async prepareCreate() {
      throw AppError.forbidden()
    },
    writer,
  }
}
