import {
  CategoryKey,
  DEFAULT_TICKET_CATEGORIES,
  TicketEventActor,
  TicketEventType,
  type TTicketCategory,
  type TTicketRow,
  ZTicketCategories,
} from '@parsedesk/contracts'
import type { TQueryable, TTransaction } from '../db/database'
import { recordTicketEvents } from '../tickets/ticket-events'

/** A workspace's list as stored, or null while it files under the default categories. */
export async function findWorkspaceCategories(
  db: TQueryable,
  teamId: string,
): Promise<TTicketCategory[] | null> {
  const { rows } = await db.query<{ categories: unknown }>(
    'select categories from workspace_categories where team_id = $1',
    [teamId],
  )
  return rows[0] ? ZTicketCategories.parse(rows[0].categories) : null
}

/** The lists of several workspaces at once (the default list for those without one), by workspace. */
export async function categoriesOfWorkspaces(
  db: TQueryable,
  teamIds: readonly string[],
): Promise<Map<string, readonly TTicketCategory[]>> {
  const { rows } = await db.query<{ team_id: string; categories: unknown }>(
    'select team_id, categories from workspace_categories where team_id = any($1::text[])',
    [[...new Set(teamIds)]],
  )
  const stored = new Map(rows.map((row) => [row.team_id, ZTicketCategories.parse(row.categories)]))
  return new Map(teamIds.map((teamId) => [teamId, stored.get(teamId) ?? DEFAULT_TICKET_CATEGORIES]))
}

/** Stores the workspace's list, locking its row so two owners' saves take turns; the list before. */
export async function replaceWorkspaceCategories(
  tx: TQueryable,
  options: { teamId: string; categories: TTicketCategory[]; userId: string },
): Promise<readonly TTicketCategory[]> {
  const { rows } = await tx.query<{ categories: unknown }>(
    'select categories from workspace_categories where team_id = $1 for update',
    [options.teamId],
  )
  await tx.query(
    `insert into workspace_categories (team_id, categories, updated_by) values ($1, $2, $3)
     on conflict (team_id) do update set categories = excluded.categories, updated_by = excluded.updated_by,
       updated_at = now()`,
    [options.teamId, JSON.stringify(options.categories), options.userId],
  )
  return rows[0] ? ZTicketCategories.parse(rows[0].categories) : DEFAULT_TICKET_CATEGORIES
}

/**
 * The workspace's tickets filed under a removed category go to "other", each logged as a `category`
 * event by the member who removed it: one statement for the tickets, one for their events.
 */
export async function moveTicketsToOther(
  tx: TTransaction,
  options: { teamId: string; removedKeys: string[]; userId: string },
): Promise<TTicketRow[]> {
  if (options.removedKeys.length === 0) return []
  const { rows } = await tx.query<TTicketRow & { previous_category: string }>(
    `with moved as (
       select id, "category" as previous_category from tickets
       where "teamId" = $1 and "category" = any($2::text[]) order by id for update
     )
     update tickets t set "category" = $3, updated_at = now() from moved where t.id = moved.id
     returning t.*, moved.previous_category`,
    [options.teamId, options.removedKeys, CategoryKey.other],
  )
  await recordTicketEvents(
    tx,
    rows.map((row) => ({
      ticketId: row.id,
      teamId: options.teamId,
      actorType: TicketEventActor.user,
      actorId: options.userId,
      type: TicketEventType.category,
      before: row.previous_category,
      after: CategoryKey.other,
    })),
  )
  return rows.map(({ previous_category: _previous, ...row }) => row)
}
