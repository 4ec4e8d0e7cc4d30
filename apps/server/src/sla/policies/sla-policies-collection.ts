import {
  CollectionId,
  SlaPolicyLimits,
  SlaPolicyMessages,
  ZSlaPolicyAttributes,
  ZSlaPolicyCreate,
  ZSlaPolicyUpdate,
} from '@parsedesk/contracts'
import type { TDatabase } from '../../db/database'
import type { TCollectionDefinition } from '../../documents/collection'
import type { TEventBus } from '../../realtime/event-bus'
import { defineWorkspaceCollection } from '../../teams/workspace-collection'

/**
 * A workspace's SLA policies (decision 054), read by the clocks in `position` order. Owners and admins
 * manage them; every member reads them (the badges say which applies). Conditions name groups and the
 * like by id: a condition naming one that is gone matches no ticket, so it needs no check here.
 */
export function createSlaPoliciesCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  return defineWorkspaceCollection(
    {
      id: CollectionId.slaPolicies,
      table: 'sla_policies',
      attributes: ZSlaPolicyAttributes,
      createSchema: ZSlaPolicyCreate,
      updateSchema: ZSlaPolicyUpdate,
      grants: { members: ['read'], managers: ['update', 'delete'] },
      writers: { managersOnly: SlaPolicyMessages.managersOnly },
      plural: 'SLA policies',
      limit: { perWorkspace: SlaPolicyLimits.perWorkspace, message: SlaPolicyMessages.tooMany },
      taken: SlaPolicyMessages.nameTaken,
    },
    deps,
  )
}
