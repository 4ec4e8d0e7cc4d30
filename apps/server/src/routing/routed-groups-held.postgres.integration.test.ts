import { RoutingStrategy } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { insertTeam } from '../teams/team-repository'
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { holdRoutedGroups } from './routing-repository'

// Two transactions at once need two connections: PGlite has one, so this runs on PostgreSQL only.
describe.skipIf(!TEST_DATABASE_URL)('routing’s lock and its read of the groups, in one call', () => {
  let db: TDatabase
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase('postgres'))
    await insertUser(db, { id: 'ada', email: 'ada@example.com', name: 'Ada', passwordHash: null })
    await insertTeam(db, { id: 'ws', name: 'Workspace' })
    await db.query(
      `insert into groups (id, "teamId", "name", "description", "memberIds", "strategy", "cap")
       values ('g1', 'ws', 'Billing', '', '["ada"]', $1, 1)`,
      [RoutingStrategy.roundRobin],
    )
    await db.query(
      `insert into tickets (id, "userId", "teamId", email, subject, body, status, processing_status, "groupId")
       values ('t1', 'ada', 'ws', 'c@customer.example', 'Help', 'Body', 'open', 'completed', 'g1')`,
    )
  })
  afterAll(() => close?.())

  // This database's routing lock of the workspace only: other suites hold advisory locks on the same server.
  const routingLocks = async (granted: boolean) => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
       where locktype = 'advisory' and granted = $1
         and database = (select oid from pg_database where datname = current_database())
         and objid = (hashtext('routing:ws')::bigint & 4294967295)::oid`,
      [granted],
    )
    return rows[0]?.n ?? 0
  }

  it('reads the load an assignment committed while it waited for the lock: no agent goes past a cap', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const first = db.transaction(async (tx) => {
      const [group] = (await holdRoutedGroups(tx, ['g1'])).values()
      expect(group?.members).toMatchObject([{ userId: 'ada', load: 0 }])
      await tx.query(`update tickets set "assigneeId" = 'ada' where id = 't1'`)
      await released
    })
    await vi.waitFor(async () => expect(await routingLocks(true)).toBe(1))
    const second = db.transaction((tx) => holdRoutedGroups(tx, ['g1']))
    // The second call waits for the first transaction's lock, its statement already begun.
    await vi.waitFor(async () => expect(await routingLocks(false)).toBe(1))
    release()
    await first
    const [group] = (await second).values()
    expect(group?.members).toMatchObject([{ userId: 'ada', load: 1, available: true }])
  })
})
