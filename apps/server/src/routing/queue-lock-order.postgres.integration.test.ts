import type { TTicketRow } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TDatabase, TTransaction } from '../db/database'
import { pendingWork } from '../testing/pending-work'
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { findTicket } from '../tickets/ticket-repository'
import { drainQueuesOf, routeTickets } from './route-tickets'
import { insertWaitingTicket, routingLocks, seedRoutingWorkspace } from './routing-workspace.test-kit'

// Two transactions at once need two connections: PGlite has one, so this runs on PostgreSQL only.
describe.skipIf(!TEST_DATABASE_URL)(
  'serving a queue while another transaction holds one of its tickets',
  () => {
    let db: TDatabase
    let close: () => Promise<void>

    beforeAll(async () => {
      ;({ db, close } = await openTestDatabase('postgres'))
      await seedRoutingWorkspace(db, { members: ['ada'], cap: 5, tickets: ['t2', 't3'] })
    })
    afterAll(() => close?.())

    /**
     * A transaction that takes `lock` on ticket `id`, waits for `release`, then does `then`: returned once
     * the lock is taken.
     */
    async function holding<T>(
      id: string,
      lock: string,
      then: (tx: TTransaction, rows: TTicketRow[]) => Promise<T>,
    ) {
      const { work: released, finish: release } = pendingWork()
      const { work: taken, finish: take } = pendingWork()
      const running = db.transaction(async (tx) => {
        const { rows } = await tx.query<TTicketRow>(`select * from tickets where id = $1 ${lock}`, [id])
        take()
        await released()
        return then(tx, rows)
      })
      await taken()
      return { running, release }
    }

    /** Ada frees up: her queues are served. Returned once served, or once `busy` says it is under way. */
    async function serveAdasQueues(busy: () => Promise<boolean>) {
      let ended = false
      const serving = db.transaction((tx) => drainQueuesOf(tx, 'ws', 'ada'))
      void serving.finally(() => {
        ended = true
      })
      await vi.waitFor(async () => expect(ended || (await busy())).toBe(true))
      // In an object: returned bare from an async function, the promise would be waited for.
      return { serving }
    }

    const servedOf = async (serving: Promise<TTicketRow[]>) =>
      (await serving).map((ticket) => [ticket.id, ticket.assigneeId])

    it('neither waits on the other: the queue passes the held ticket over to the next, and its holder routes it', async () => {
      // A member's change of the waiting ticket, as the ticket service makes it: the row first, routing after.
      const change = await holding('t2', 'for update', (tx, rows) => routeTickets(tx, rows))
      // Its queues are served under routing's lock, taken before any queued ticket.
      const { serving } = await serveAdasQueues(async () => (await routingLocks(db, true)) > 0)
      change.release()
      // Before, the serving waited for the ticket and the change for routing: PostgreSQL ended one of them.
      const [served, changed] = await Promise.all([servedOf(serving), change.running])
      expect(served).toEqual([['t3', 'ada']])
      expect(changed[0]?.assigneeId).toBe('ada')
      expect((await findTicket(db, 't2'))?.assigneeId).toBe('ada')
    })

    it('still serves a ticket a row pointing at it is being written for (a message, an event)', async () => {
      await insertWaitingTicket(db, 't4', 'ada')
      // What inserting a row with a foreign key to the ticket takes on it.
      const pointing = await holding('t4', 'for key share', async () => undefined)
      // The serving takes the ticket, then waits to write its decision (the log's insert locks the ticket
      // wholly) until the row pointing at it is written: no cycle, as that writer takes no routing.
      const { serving } = await serveAdasQueues(async () => {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
        )
        return (rows[0]?.n ?? 0) > 0
      })
      pointing.release()
      await pointing.running
      expect(await servedOf(serving)).toEqual([['t4', 'ada']])
    })
  },
)
