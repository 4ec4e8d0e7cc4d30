import { type TTicketRow, ZDocumentColumns, ZTemplateAttributes } from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TQueryable } from '../db/database'
import { toStorableJson } from '../db/storable-text'
import type { TCustomFieldDefinition } from '../tickets/ticket-custom-fields'

/** A template as the `templates` table holds it: parsed on read, since its fields drive what is extracted. */
export const ZTemplateRow = ZDocumentColumns.extend(ZTemplateAttributes.shape)
export type TTemplateRow = z.infer<typeof ZTemplateRow>

/** The enabled templates of these workspaces, each workspace's in the order they are tried (position, age). */
export async function listEnabledTemplates(
  tx: TQueryable,
  teamIds: readonly string[],
): Promise<TTemplateRow[]> {
  if (teamIds.length === 0) return []
  const { rows } = await tx.query(
    `select * from templates where "teamId" = any($1) and "enabled" order by "teamId", "position", seq`,
    [[...new Set(teamIds)]],
  )
  return rows.map((row) => ZTemplateRow.parse(row))
}

/** The custom fields of these workspaces, by workspace and key: what an extracted value must fit. */
export async function listCustomFieldDefinitions(
  tx: TQueryable,
  teamIds: readonly string[],
): Promise<Map<string, Map<string, TCustomFieldDefinition>>> {
  const byTeam = new Map<string, Map<string, TCustomFieldDefinition>>()
  if (teamIds.length === 0) return byTeam
  const { rows } = await tx.query<TCustomFieldDefinition & { teamId: string }>(
    'select "teamId", "key", "type", "options" from custom_fields where "teamId" = any($1)',
    [[...new Set(teamIds)]],
  )
  for (const { teamId, ...definition } of rows) {
    const fields = byTeam.get(teamId) ?? new Map<string, TCustomFieldDefinition>()
    fields.set(definition.key, definition)
    byTeam.set(teamId, fields)
  }
  return byTeam
}

/** What extraction writes on a ticket, with the requester's contact when it named another address. */
export type TExtractedTicketWrite = Pick<
  TTicketRow,
  'id' | 'extraction' | 'customFields' | 'tags' | 'priority' | 'category' | 'email' | 'requesterId'
>

/** The batch's extracted tickets in one statement; returned as written, in no particular order. */
export async function writeExtractedTickets(
  tx: TQueryable,
  writes: readonly TExtractedTicketWrite[],
): Promise<TTicketRow[]> {
  if (writes.length === 0) return []
  const { rows } = await tx.query<TTicketRow>(
    `update tickets as t set
       "extraction" = v."extraction", "customFields" = v."customFields", "tags" = v."tags",
       "priority" = v."priority", "category" = v."category", "email" = v."email",
       "requesterId" = v."requesterId", updated_at = now()
     from jsonb_to_recordset($1::jsonb) as v (
       id text, "extraction" jsonb, "customFields" jsonb, "tags" jsonb, "priority" text, "category" text,
       "email" text, "requesterId" text
     )
     where t.id = v.id
     returning t.*`,
    [toStorableJson(writes)],
  )
  return rows
}
