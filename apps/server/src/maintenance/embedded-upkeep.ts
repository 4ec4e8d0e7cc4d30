import type { TDatabase } from '../db/database'

/**
 * Vacuums and analyzes the embedded database's tables. PGlite runs in this process with no autovacuum, so
 * without this its tables would keep every dead row version an update or a delete leaves, and its planner
 * would never learn how large they grew (a report's plan chosen as for an empty table can run into the
 * statement limit at 50,000 tickets). Table by table, largest first, so a request waits at most for one
 * table's turn: with 50,000 tickets and 500,000 events the largest took about 150 ms on the development
 * machine, a second run half that. On PostgreSQL autovacuum does this, so nothing is done there. Returns how
 * many tables it went through.
 */
export async function vacuumEmbedded(db: TDatabase): Promise<number> {
  if (db.kind !== 'pglite') return 0
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'pgboss')
     order by c.relpages desc, 1`,
  )
  for (const { name } of rows) await db.exec(`vacuum (analyze) ${name}`)
  return rows.length
}
