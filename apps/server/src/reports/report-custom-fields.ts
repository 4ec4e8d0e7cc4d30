import type { TQueryable } from '../db/database'

/** A CSV column of a custom field: its key, and its label as the header. */
export type TCustomColumn = { key: string; label: string }

/** The workspace's custom fields in the order the settings list them (by label). */
export async function findCustomColumns(db: TQueryable, teamId: string): Promise<TCustomColumn[]> {
  const { rows } = await db.query<TCustomColumn>(
    'select "key", label from custom_fields where "teamId" = $1 order by label, "key"',
    [teamId],
  )
  return rows
}
