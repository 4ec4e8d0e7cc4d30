import type { TQueryable } from './database'

/** Tables a workspace's cached resources are read from: each has `id`, `"teamId"` and Postgres's `xmin`. */
export type TVersionedTable = 'templates' | 'custom_fields' | 'rules'

/**
 * Each workspace's version of these tables' rows: a digest of its rows' ids and `xmin` (the transaction
 * that last wrote each row), so any insert, update or delete in a table moves it. A workspace with no
 * rows has no version. The table names are this module's own constants, never a caller's text.
 */
export async function readWorkspaceVersions(
  tx: TQueryable,
  tables: readonly TVersionedTable[],
  teamIds: readonly string[],
): Promise<Map<string, string>> {
  if (teamIds.length === 0 || tables.length === 0) return new Map()
  const rows = tables
    .map(
      (table) =>
        `select "teamId", '${table}:' || id || ':' || xmin::text as version from ${table} where "teamId" = any($1)`,
    )
    .join(' union all ')
  const { rows: versions } = await tx.query<{ teamId: string; version: string }>(
    `select "teamId", md5(string_agg(version, ',' order by version)) as version from (${rows}) as row_versions
     group by "teamId"`,
    [[...new Set(teamIds)]],
  )
  return new Map(versions.map(({ teamId, version }) => [teamId, version]))
}

/** Workspaces kept at most; beyond it the least recently read is dropped (and read again when it mails). */
const MAX_CACHED_WORKSPACES = 1000

/**
 * What a batch needs of its workspaces' resources (templates, rules), kept per workspace in this process
 * and loaded again only when the workspace's version of `tables` moved, so a batch pays one small
 * statement instead of reading and parsing every row. The version is read in the batch's transaction from
 * the tables themselves: an edit made by another process (the http role, while the worker ingests) is seen
 * by the first batch that starts after its commit, with no message between the processes to lose.
 */
export function createWorkspaceVersionCache<T>(options: {
  tables: readonly TVersionedTable[]
  /** The resources of these workspaces (each one present in the map, possibly empty). */
  load: (tx: TQueryable, teamIds: readonly string[]) => Promise<Map<string, T>>
  maxWorkspaces?: number
}) {
  const maxWorkspaces = options.maxWorkspaces ?? MAX_CACHED_WORKSPACES
  const cached = new Map<string, { version: string; value: T }>()

  function keep(teamId: string, entry: { version: string; value: T }): void {
    cached.delete(teamId)
    cached.set(teamId, entry)
    if (cached.size > maxWorkspaces) {
      const oldest = cached.keys().next().value
      if (oldest !== undefined) cached.delete(oldest)
    }
  }

  /** The resources of those of these workspaces that have rows in the tables, by workspace. */
  async function read(tx: TQueryable, teamIds: readonly string[]): Promise<Map<string, T>> {
    const versions = await readWorkspaceVersions(tx, options.tables, teamIds)
    const found = new Map<string, T>()
    const stale: string[] = []
    for (const [teamId, version] of versions) {
      const entry = cached.get(teamId)
      if (entry?.version !== version) {
        stale.push(teamId)
        continue
      }
      keep(teamId, entry)
      found.set(teamId, entry.value)
    }
    if (stale.length === 0) return found
    const loaded = await options.load(tx, stale)
    for (const teamId of stale) {
      const value = loaded.get(teamId)
      if (value === undefined) continue
      keep(teamId, { version: versions.get(teamId) ?? '', value })
      found.set(teamId, value)
    }
    return found
  }

  return { read }
}
