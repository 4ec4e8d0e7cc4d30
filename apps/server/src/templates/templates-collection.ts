import {
  CollectionId,
  FieldTargetKind,
  TemplateLimits,
  TemplateMessages,
  type TTemplateField,
  ZTemplateAttributes,
  ZTemplateCreate,
  ZTemplateUpdate,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import type { TEventBus } from '../realtime/event-bus'
import { defineWorkspaceCollection } from '../teams/workspace-collection'
import { readCustomFieldDefinitions } from '../tickets/ticket-custom-fields'
import { createTemplateHealthChecker, type TTemplateHealthChecker } from './template-health-check'

/**
 * A workspace's extraction templates (issue 26, decision 062): owners and admins write them, every member
 * reads them; `health` is the server's own (no schema a client writes has it). Every pattern was checked by
 * RE2 in the contract's schemas; a field filling a custom field must be of that field's type.
 */
export function createTemplatesCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  const collection = defineWorkspaceCollection(
    {
      id: CollectionId.templates,
      table: 'templates',
      attributes: ZTemplateAttributes,
      createSchema: ZTemplateCreate,
      updateSchema: ZTemplateUpdate,
      grants: { members: ['read'], managers: ['update', 'delete'] },
      writers: { managersOnly: TemplateMessages.managersOnly },
      plural: 'Templates',
      limit: {
        perWorkspace: TemplateLimits.templatesPerWorkspace,
        message: TemplateMessages.tooManyTemplates,
      },
      taken: TemplateMessages.nameTaken,
      async check(tx, teamId, { fields }) {
        if (fields) await assertCustomFieldTargets(tx, teamId, fields)
      },
    },
    deps,
  )
  return withHealthOnWrite(collection, createTemplateHealthChecker({ ...deps, collection }))
}

/**
 * The collection's writes, each followed by the template's health check once committed, so the editor's
 * save answers with the template's health. A check that fails leaves the save as it is, unchecked until the
 * hourly job checks it.
 */
function withHealthOnWrite(
  collection: TCollectionDefinition,
  checker: TTemplateHealthChecker,
): TCollectionDefinition {
  const { writer } = collection
  if (!writer) return collection
  const checked = async (row: TDocumentRow) => (await checker.check(row.id).catch(() => undefined)) ?? row
  return {
    ...collection,
    writer: {
      ...writer,
      create: async (options) => checked(await writer.create(options)),
      update: async (options) => checked(await writer.update(options)),
    },
  }
}

/** Each field that fills a custom field names one of the workspace's, of the same type. */
async function assertCustomFieldTargets(
  tx: TQueryable,
  teamId: string,
  fields: readonly TTemplateField[],
): Promise<void> {
  const targeting = fields.flatMap((field, index) =>
    field.target.kind === FieldTargetKind.customField ? [{ field, index, key: field.target.key }] : [],
  )
  if (targeting.length === 0) return
  const definitions = new Map(
    (await readCustomFieldDefinitions(tx, teamId)).map((definition) => [definition.key, definition]),
  )
  for (const { field, index, key } of targeting) {
    const definition = definitions.get(key)
    const attribute = `Attribute "fields[${index}].target.key"`
    if (!definition)
      throw AppError.invalidStructure(`${attribute}: ${TemplateMessages.unknownCustomField(key)}`)
    if (definition.type !== field.type) {
      throw AppError.invalidStructure(
        `${attribute}: ${TemplateMessages.customFieldTypeMismatch(key, definition.type)}`,
      )
    }
  }
}
