import {
  ErrorType,
  type TMessageAttributes,
  type TMessageRow,
  ZMessageAttributes,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import { toStorableJson } from '../db/storable-text'
import { attributeColumns } from '../documents/attribute-columns'
import { formatPermissions, rolesFor, type TPermission } from '../documents/permissions'

/** A new message of a conversation: every attribute, and who may read and delete it. */
export type TMessageInsert = { id: string; permissions: TPermission[] } & TMessageAttributes

const COLUMNS = Object.keys(ZMessageAttributes.shape) as (keyof TMessageAttributes)[]
const JSON_COLUMNS = new Set(
  Object.entries(attributeColumns(ZMessageAttributes))
    .filter(([, column]) => column.type === 'json')
    .map(([name]) => name),
)

function columnValue(name: string, value: unknown): unknown {
  if (value === undefined || value === null) return null
  return JSON_COLUMNS.has(name) ? toStorableJson(value) : value
}

/** The message as stored; refused (409) when its id is taken, as a document's is. */
export async function insertMessage(tx: TQueryable, message: TMessageInsert): Promise<TMessageRow> {
  const columns = ['id', 'permissions', 'read_roles', ...COLUMNS.map((name) => `"${name}"`)]
  const { rows } = await tx.query<TMessageRow>(
    `insert into messages (${columns.join(', ')})
     values (${columns.map((_, index) => `$${index + 1}`).join(', ')})
     on conflict (id) do nothing returning *`,
    [
      message.id,
      formatPermissions(message.permissions),
      rolesFor(message.permissions, 'read'),
      ...COLUMNS.map((name) => columnValue(name, message[name])),
    ],
  )
  if (!rows[0]) throw new AppError(ErrorType.documentAlreadyExists)
  return rows[0]
}

export async function findMessage(db: TQueryable, id: string): Promise<TMessageRow | undefined> {
  const { rows } = await db.query<TMessageRow>('select * from messages where id = $1', [id])
  return rows[0]
}

export async function deleteMessage(db: TQueryable, id: string): Promise<TMessageRow | undefined> {
  const { rows } = await db.query<TMessageRow>('delete from messages where id = $1 returning *', [id])
  return rows[0]
}
