import { RoutingStrategy } from '@parsedesk/contracts'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { insertTeam } from '../teams/team-repository'

/**
 * Workspace `ws` with users of `members`' ids (lower-case names) in round robin group `g1` under `cap`, and
 * `tickets` waiting in it: for the routing suites that call the routing functions on a database directly.
 */
export async function seedRoutingWorkspace(
  db: TDatabase,
  options: { members: readonly string[]; cap: number; tickets: readonly string[] },
): Promise<void> {
  for (const id of options.members)
    await insertUser(db, { id, email: `${id}@example.com`, name: id, passwordHash: null })
  await insertTeam(db, { id: 'ws', name: 'Workspace' })
  await db.query(
    `insert into groups (id, "teamId", "name", "description", "memberIds", "strategy", "cap")
     values ('g1', 'ws', 'Billing', '', $1, $2, $3)`,
    [JSON.stringify(options.members), RoutingStrategy.roundRobin, options.cap],
  )
  for (const id of options.tickets) await insertWaitingTicket(db, id, options.members[0] ?? '')
}

/** A ticket of `userId`'s waiting in group `g1`'s queue. */
export async function insertWaitingTicket(db: TDatabase, id: string, userId: string): Promise<void> {
  await db.query(
    `insert into tickets (id, "userId", "teamId", email, subject, body, status, processing_status, "groupId")
     values ($1, $2, 'ws', 'c@customer.example', 'Waiting', 'Body', 'open', 'completed', 'g1')`,
    [id, userId],
  )
}

/**
 * How many of workspace `ws`'s routing locks in this database are held (`granted`) or waited for: other
 * suites hold advisory locks on the same server.
 */
export async function routingLocks(db: TDatabase, granted: boolean): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_locks
     where locktype = 'advisory' and granted = $1
       and database = (select oid from pg_database where datname = current_database())
       and objid = (hashtext('routing:ws')::bigint & 4294967295)::oid`,
    [granted],
  )
  return rows[0]?.n ?? 0
}
