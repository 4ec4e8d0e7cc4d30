import {
  CollectionId,
  ContactMessages,
  ZContactAttributes,
  ZContactCreate,
  ZContactUpdate,
} from '@parsedesk/contracts'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import type { TEventBus } from '../realtime/event-bus'
import { defineWorkspaceCollection } from '../teams/workspace-collection'

/**
 * A workspace's requesters (decision 017): made by every new ticket from its address, or by a member by
 * hand; members change their name and organisation (they meet the customer), owners and admins delete
 * them. The address is the contact and never changes.
 */
export function createContactsCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  return defineWorkspaceCollection(
    {
      id: CollectionId.contacts,
      table: 'contacts',
      attributes: ZContactAttributes,
      createSchema: ZContactCreate,
      updateSchema: ZContactUpdate,
      grants: { members: ['read', 'update'], managers: ['delete'] },
      writers: 'members',
      plural: 'Contacts',
      taken: ContactMessages.emailTaken,
    },
    deps,
  )
}
