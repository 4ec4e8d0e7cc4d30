import { DATABASE_ID } from '@parsedesk/contracts'
import { isoDate } from '../core/iso-date'
import type { TCollectionDefinition, TDocumentRow } from './collection'

export type TDocumentModel = Record<string, unknown> & { $id: string }

/** The Document model of the Appwrite API: system fields, then the collection's attributes. */
export function toDocumentModel(
  def: TCollectionDefinition,
  row: TDocumentRow,
  select?: string[] | undefined,
): TDocumentModel {
  const model: TDocumentModel = {
    $id: row.id,
    $sequence: String(row.scoped_seq),
    $collectionId: def.id,
    $databaseId: DATABASE_ID,
    $createdAt: isoDate(row.created_at),
    $updatedAt: isoDate(row.updated_at),
    $permissions: row.permissions,
  }
  const wanted = select && !select.includes('*') ? new Set(select) : undefined
  for (const name of Object.keys(def.attributes)) {
    if (wanted && !wanted.has(name)) continue
    model[name] = def.writeOnlyAttributes?.includes(name) ? '' : attributeValue(def, name, row[name])
  }
  return model
}

function attributeValue(def: TCollectionDefinition, name: string, value: unknown): unknown {
  if (value === undefined || value === null) return null
  return def.attributes[name]?.type === 'datetime' ? isoDate(value as Date | string) : value
}
