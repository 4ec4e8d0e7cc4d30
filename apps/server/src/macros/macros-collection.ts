import {
  CollectionId,
  MacroAssignee,
  MacroLimits,
  MacroMessages,
  ZMacroAttributes,
  ZMacroCreate,
  ZMacroUpdate,
} from '@parsedesk/contracts'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import type { TEventBus } from '../realtime/event-bus'
import { assertConfirmedMembers } from '../teams/workspace-access'
import { defineWorkspaceCollection } from '../teams/workspace-collection'

/**
 * Canned replies of a workspace (decision 017): a text with placeholders and the ticket changes applying
 * it makes. Owners and admins manage them; every member reads them, and the composer renders one with
 * `renderMacro` and sends its changes as an ordinary ticket update, checked and logged as any other.
 */
export function createMacrosCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  return defineWorkspaceCollection(
    {
      id: CollectionId.macros,
      table: 'macros',
      attributes: ZMacroAttributes,
      createSchema: ZMacroCreate,
      updateSchema: ZMacroUpdate,
      grants: { members: ['read'], managers: ['update', 'delete'] },
      writers: { managersOnly: MacroMessages.managersOnly },
      plural: 'Macros',
      limit: { perWorkspace: MacroLimits.macrosPerWorkspace, message: MacroMessages.tooManyMacros },
      taken: MacroMessages.nameTaken,
      /** A macro that hands tickets to one member names a confirmed member of its workspace. */
      async check(tx, teamId, { actions }) {
        if (actions?.assignee.kind !== MacroAssignee.member) return
        await assertConfirmedMembers(tx, {
          teamId,
          userIds: [actions.assignee.userId],
          attribute: 'actions.assignee.userId',
          message: MacroMessages.assigneeNotMember,
        })
      },
    },
    deps,
  )
}
