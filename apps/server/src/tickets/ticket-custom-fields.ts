import {
  CustomFieldType,
  type TCustomFieldAttributes,
  type TCustomFieldValue,
  type TCustomFieldValues,
  TemplateMessages,
} from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'

/** What a value is checked against: a custom field's key, type and options. */
export type TCustomFieldDefinition = Pick<TCustomFieldAttributes, 'key' | 'type' | 'options'>

/** The workspace's custom field definitions (table `custom_fields`, migration 048). */
export async function readCustomFieldDefinitions(
  db: TQueryable,
  teamId: string,
): Promise<TCustomFieldDefinition[]> {
  const { rows } = await db.query<TCustomFieldDefinition>(
    'select "key", "type", "options" from custom_fields where "teamId" = $1',
    [teamId],
  )
  return rows
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function isIsoDate(value: string): boolean {
  const parts = ISO_DATE.exec(value)
  if (!parts) return false
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])))
  return date.toISOString().slice(0, 10) === value
}

const isEmail = (value: string) => z.email().safeParse(value).success
const isWebAddress = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** Whether a value fits its field: a date as YYYY-MM-DD, a choice as one of its options' values. */
export function fitsCustomField(definition: TCustomFieldDefinition, value: TCustomFieldValue): boolean {
  if (value === null) return true
  if (definition.type === CustomFieldType.number) return typeof value === 'number'
  if (typeof value !== 'string') return false
  switch (definition.type) {
    case CustomFieldType.date:
      return isIsoDate(value)
    case CustomFieldType.email:
      return isEmail(value)
    case CustomFieldType.url:
      return isWebAddress(value)
    case CustomFieldType.choice:
      return definition.options.some((option) => option.value === value)
    default:
      return true
  }
}

/**
 * A member's custom values for a ticket of `teamId`, each checked against the workspace's field of that
 * key: an unknown key or a value of the wrong kind is refused, naming the attribute.
 */
export async function assertCustomFieldValues(
  tx: TQueryable,
  teamId: string,
  values: TCustomFieldValues,
): Promise<void> {
  const entries = Object.entries(values)
  if (entries.length === 0) return
  const definitions = new Map(
    (await readCustomFieldDefinitions(tx, teamId)).map((definition) => [definition.key, definition]),
  )
  for (const [key, value] of entries) {
    const definition = definitions.get(key)
    if (!definition) {
      throw AppError.invalidStructure(
        `Attribute "customFields.${key}": ${TemplateMessages.unknownCustomField(key)}`,
      )
    }
    if (!fitsCustomField(definition, value)) {
      throw AppError.invalidStructure(
        `Attribute "customFields.${key}": ${TemplateMessages.customFieldValue(key)}`,
      )
    }
  }
}
