import {
  CollectionId,
  TemplateLimits,
  TemplateMessages,
  ZCustomFieldAttributes,
  ZCustomFieldCreate,
  ZCustomFieldUpdate,
} from '@parsedesk/contracts'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import type { TEventBus } from '../realtime/event-bus'
import { defineWorkspaceCollection } from '../teams/workspace-collection'

/**
 * A workspace's custom ticket fields (issue 26, decision 062): owners and admins declare them, every member
 * reads them. Their key and type are fixed once made, so the values tickets hold never change kind.
 */
export function createCustomFieldsCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  return defineWorkspaceCollection(
    {
      id: CollectionId.customFields,
      table: 'custom_fields',
      attributes: ZCustomFieldAttributes,
      createSchema: ZCustomFieldCreate,
      updateSchema: ZCustomFieldUpdate,
      grants: { members: ['read'], managers: ['update', 'delete'] },
      writers: { managersOnly: TemplateMessages.managersOnly },
      plural: 'Custom fields',
      limit: {
        perWorkspace: TemplateLimits.customFieldsPerWorkspace,
        message: TemplateMessages.tooManyCustomFields,
      },
      taken: TemplateMessages.fieldKeyTaken,
    },
    deps,
  )
}
