import type { TQueryable, TTransaction } from './database'

/** Tables a workspace's cached resources are read from: each has `id`, `"teamId"` and Postgres's `xmin`. */
const VERSIONED_TABLES = ['templates', 'custom_fields', 'rules'] as const
export type TVersionedTable = (typeof VERSIONED_TABLES)[number]

/** Each workspace's version of each table, by workspace then table, as a transaction read them. */
type TTableVersions = Map<string, Map<TVersionedTable, string>>

const readByTransaction = new WeakMap<TTransaction, TTableVersions>()

/**
 * Each workspace's version of every versioned table: a digest of its rows' ids and `xmin` (the transaction
 * that last wrote each row), so any insert, update or delete in a table moves it; a table where the
 * workspace has no rows has no version. Read once per transaction for every cache it consults (a batch's
 * templates and rules: one statement, not one each), so within a transaction they are as they were at its
 * first read, which a batch that does not edit them cannot tell apart. The table names are this module's
 * own constants, never a caller's text.
 */
async function readTableVersions(tx: TTransaction, teamIds: readonly string[]): Promise<TTableVersions> {
  const known: TTableVersions = readByTransaction.get(tx) ?? new Map()
  readByTransaction.set(tx, known)
  const missing = [...new Set(teamIds)].filter((teamId) => !known.has(teamId))
  if (missing.length === 0) return known
  const rows = VERSIONED_TABLES.map(
    (table) =>
      `select "teamId", '${table}' as "table", id || ':' || xmin::text as version from ${table} where "teamId" = any($1)`,
  ).join(' union all ')
  const { rows: versions } = await tx.query<{ teamId: string; table: TVersionedTable; version: string }>(
    `select "teamId", "table", md5(string_agg(version, ',' order by version)) as version
     from (${rows}) as row_versions group by "teamId", "table"`,
    [missing],
  )
  for (const teamId of missing) known.set(teamId, new Map())
  for (const { teamId, table, version } of versions) known.get(teamId)?.set(table, version)
  return known
}

/** A workspace's version of these tables together; undefined when it has rows in none of them. */
function versionOver(
  byTable: ReadonlyMap<TVersionedTable, string> | undefined,
  tables: readonly TVersionedTable[],
) {
  const parts = tables.flatMap((table) => {
    const version = byTable?.get(table)
    return version === undefined ? [] : [`${table}:${version}`]
  })
  return parts.length === 0 ? undefined : parts.join(',')
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
  async function read(tx: TTransaction, teamIds: readonly string[]): Promise<Map<string, T>> {
    const byTeam = await readTableVersions(tx, teamIds)
    const versions = new Map<string, string>()
    for (const teamId of new Set(teamIds)) {
      const version = versionOver(byTeam.get(teamId), options.tables)
      if (version !== undefined) versions.set(teamId, version)
    }
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
