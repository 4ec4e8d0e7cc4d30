import { ZDocumentColumns, ZRuleAttributes } from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TQueryable } from '../db/database'

/** A rule as the `rules` table holds it: parsed on read, since its conditions drive what rules do. */
export const ZRuleRow = ZDocumentColumns.extend(ZRuleAttributes.shape)
export type TRuleRow = z.infer<typeof ZRuleRow>

/** The enabled rules of these workspaces, each workspace's in their order (position, then age). */
export async function listEnabledRules(tx: TQueryable, teamIds: readonly string[]): Promise<TRuleRow[]> {
  if (teamIds.length === 0) return []
  const { rows } = await tx.query(
    `select * from rules where "teamId" = any($1) and "enabled" order by "teamId", "position", seq`,
    [[...new Set(teamIds)]],
  )
  return rows.map((row) => ZRuleRow.parse(row))
}
