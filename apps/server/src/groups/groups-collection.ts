import {
  CollectionId,
  GroupLimits,
  GroupMessages,
  ZGroupAttributes,
  ZGroupCreate,
  ZGroupUpdate,
} from '@parsedesk/contracts'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import type { TEventBus } from '../realtime/event-bus'
import { assertConfirmedMembers } from '../teams/workspace-access'
import { defineWorkspaceCollection, type TWorkspaceCollectionSpec } from '../teams/workspace-collection'

/**
 * Groups of a workspace's members (decision 017). Owners and admins create, rename, change the members of
 * and delete them; every member reads them (to route and filter by them). Members are checked against the
 * workspace on every write, and the database takes a member who leaves the workspace out of its groups.
 * `afterUpdate`: routing's reaction to a changed group (a raised cap or a new member serves its queue),
 * given by the composition root so groups never import routing.
 */
export function createGroupsCollection(deps: {
  db: TDatabase
  bus: TEventBus
  afterUpdate?: TWorkspaceCollectionSpec<typeof ZGroupCreate>['afterUpdate']
}): TCollectionDefinition {
  return defineWorkspaceCollection(
    {
      id: CollectionId.groups,
      table: 'groups',
      attributes: ZGroupAttributes,
      createSchema: ZGroupCreate,
      updateSchema: ZGroupUpdate,
      grants: { members: ['read'], managers: ['update', 'delete'] },
      writers: { managersOnly: GroupMessages.managersOnly },
      plural: 'Groups',
      limit: { perWorkspace: GroupLimits.groupsPerWorkspace, message: GroupMessages.tooManyGroups },
      taken: GroupMessages.nameTaken,
      async check(tx, teamId, { memberIds, memberSkills }) {
        if (memberIds) {
          // Held: a member removed meanwhile leaves the group once it is written.
          await assertConfirmedMembers(tx, {
            teamId,
            userIds: memberIds,
            attribute: 'memberIds',
            message: GroupMessages.memberNotMember,
            hold: true,
          })
        }
        if (memberSkills) {
          await assertConfirmedMembers(tx, {
            teamId,
            userIds: memberSkills.map((entry) => entry.userId),
            attribute: 'memberSkills',
            message: GroupMessages.memberNotMember,
          })
        }
      },
      ...(deps.afterUpdate ? { afterUpdate: deps.afterUpdate } : {}),
    },
    deps,
  )
}
