import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TDatabase } from '../db/database'
import { pendingWork } from '../testing/pending-work'
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { holdRoutedGroups } from './routing-repository'
import { routingLocks, seedRoutingWorkspace } from './routing-workspace.test-kit'

// Two transactions at once need two connections: PGlite has one, so this runs on PostgreSQL only.
describe.skipIf(!TEST_DATABASE_URL)('routing’s lock and its read of the groups, in one call', () => {
  let db: TDatabase
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase('postgres'))
    await seedRoutingWorkspace(db, { members: ['ada'], cap: 1, tickets: ['t1'] })
  })
  afterAll(() => close?.())

  it('reads the load an assignment committed while it waited for the lock: no agent goes past a cap', async () => {
    const { work: released, finish: release } = pendingWork()
    const first = db.transaction(async (tx) => {
      const [group] = (await holdRoutedGroups(tx, ['g1'])).values()
      expect(group?.members).toMatchObject([{ userId: 'ada', load: 0 }])
      await tx.query(`update tickets set "assigneeId" = 'ada' where id = 't1'`)
      await released()
    })
    await vi.waitFor(async () => expect(await routingLocks(db, true)).toBe(1))
    const second = db.transaction((tx) => holdRoutedGroups(tx, ['g1']))
    // The second call waits for the first transaction's lock, its statement already begun.
    await vi.waitFor(async () => expect(await routingLocks(db, false)).toBe(1))
    release()
    await first
    const [group] = (await second).values()
    expect(group?.members).toMatchObject([{ userId: 'ada', load: 1, available: true }])
  })
})
