import { CollectionId, ZNotificationAttributes, ZNotificationUpdate } from '@parsedesk/contracts'
import { z } from 'zod'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition } from '../documents/collection'

export const NOTIFICATION_ATTRIBUTES = attributeColumns(ZNotificationAttributes)

/**
 * A member's notifications (decision 048): the database makes them (migration 045) with `read` and
 * `update` for that member alone, so anyone else is answered 404 as for a document that does not exist.
 * The member lists them, and marks one read or unread again; nobody creates or deletes one through the API.
 */
export function createNotificationsCollection(): TCollectionDefinition {
  return {
    id: CollectionId.notifications,
    table: 'notifications',
    attributes: NOTIFICATION_ATTRIBUTES,
    createSchema: z.object({}).strict(),
    updateSchema: ZNotificationUpdate,
    canRead: (auth) => auth.kind === 'user',
    canCreate: () => false,
    // Whatever a client sends as permissions, a notification stays its member's alone.
    prepareUpdate: ({ data }) => ({
      data: data.read === undefined ? {} : { readAt: data.read ? new Date().toISOString() : null },
      permissions: undefined,
    }),
  }
}
