import type { TCustomFieldValues } from '@parsedesk/contracts'
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

/**
 * The custom values of the tickets a drill-down or a CSV lists, read for those tickets only: the report's
 * measuring reads every ticket of the period and has no use for them.
 */
export async function findCustomValues(
  db: TQueryable,
  teamId: string,
  ticketIds: readonly string[],
): Promise<Map<string, TCustomFieldValues>> {
  if (ticketIds.length === 0) return new Map()
  const { rows } = await db.query<{ id: string; customFields: TCustomFieldValues }>(
    'select id, "customFields" from tickets where "teamId" = $1 and id = any($2::text[])',
    [teamId, ticketIds],
  )
  return new Map(rows.map((row) => [row.id, row.customFields]))
}
