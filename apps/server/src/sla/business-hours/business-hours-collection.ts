import {
  BusinessHoursLimits,
  BusinessHoursMessages,
  CollectionId,
  ZBusinessHoursAttributes,
  ZBusinessHoursCreate,
  ZBusinessHoursUpdate,
} from '@parsedesk/contracts'
import type { TDatabase } from '../../db/database'
import type { TCollectionDefinition } from '../../documents/collection'
import { assertGroupOfWorkspace } from '../../groups/group-repository'
import type { TEventBus } from '../../realtime/event-bus'
import { defineWorkspaceCollection } from '../../teams/workspace-collection'

/**
 * A workspace's business-hours schedules (decision 054): its default and one per group. Owners and admins
 * manage them; every member reads them (badges and rules count time on them).
 */
export function createBusinessHoursCollection(deps: {
  db: TDatabase
  bus: TEventBus
}): TCollectionDefinition {
  return defineWorkspaceCollection(
    {
      id: CollectionId.businessHours,
      table: 'business_hours',
      attributes: ZBusinessHoursAttributes,
      createSchema: ZBusinessHoursCreate,
      updateSchema: ZBusinessHoursUpdate,
      grants: { members: ['read'], managers: ['update', 'delete'] },
      writers: { managersOnly: BusinessHoursMessages.managersOnly },
      plural: 'Business hours',
      limit: { perWorkspace: BusinessHoursLimits.perWorkspace, message: BusinessHoursMessages.tooMany },
      taken: BusinessHoursMessages.taken,
      async check(tx, teamId, { groupId }) {
        if (groupId) await assertGroupOfWorkspace(tx, teamId, groupId)
      },
    },
    deps,
  )
}
