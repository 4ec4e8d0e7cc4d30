import { RoutingStrategy, type TTicketRow } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { insertTeam } from '../teams/team-repository'
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { findTicket } from '../tickets/ticket-repository'
import { drainQueuesOf, routeTickets } from './route-tickets'

// Two transactions at once need two connections: PGlite has one, so this runs on PostgreSQL only.
describe.skipIf(!TEST_DATABASE_URL)('serving a queue while another change holds one of its tickets', () => {
  let db: TDatabase
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase('postgres'))
    await insertUser(db, { id: 'ada', email: 'ada@example.com', name: 'Ada', passwordHash: null })
    await insertTeam(db, { id: 'ws', name: 'Workspace' })
    await db.query(
      `insert into groups (id, "teamId", "name", "description", "memberIds", "strategy", "cap")
       values ('g1', 'ws', 'Billing', '', '["ada"]', $1, 5)`,
      [RoutingStrategy.roundRobin],
    )
    for (const id of ['t2', 't3', 't4'])
      await db.query(
        `insert into tickets (id, "userId", "teamId", email, subject, body, status, processing_status, "groupId")
         values ($1, 'ada', 'ws', 'c@customer.example', 'Waiting', 'Body', 'open', 'completed', 'g1')`,
        [id],
      )
  })
  afterAll(() => close?.())

  const routingLockHeld = async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
       where locktype = 'advisory' and granted
         and database = (select oid from pg_database where datname = current_database())
         and objid = (hashtext('routing:ws')::bigint & 4294967295)::oid`,
    )
    return (rows[0]?.n ?? 0) > 0
  }

  it('neither waits on the other: the queue passes the held ticket over to the next, and its holder routes it', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let held = () => {}
    const isHeld = new Promise<void>((resolve) => {
      held = resolve
    })
    // A member's change of the waiting ticket, as the ticket service makes it: the row first, routing after.
    const change = db.transaction(async (tx) => {
      const { rows } = await tx.query<TTicketRow>(`select * from tickets where id = 't2' for update`)
      held()
      await released
      return routeTickets(tx, rows)
    })
    await isHeld
    // Ada frees up: her queues are served under routing's lock, taken before any queued ticket.
    let servingEnded = false
    const serving = db.transaction((tx) => drainQueuesOf(tx, 'ws', 'ada'))
    void serving.finally(() => {
      servingEnded = true
    })
    // Served already, or holding routing's lock while it serves.
    await vi.waitFor(async () => expect(servingEnded || (await routingLockHeld())).toBe(true))
    release()
    // Before, the serving waited for the ticket and the change for routing: PostgreSQL ended one of them.
    const [servedTickets, changed] = await Promise.all([serving, change])
    // The ticket behind the held one is served.
    expect(servedTickets.map((ticket) => [ticket.id, ticket.assigneeId])).toEqual([
      ['t3', 'ada'],
      ['t4', 'ada'],
    ])
    expect(changed[0]?.assigneeId).toBe('ada')
    expect((await findTicket(db, 't2'))?.assigneeId).toBe('ada')
  })

  it('still serves a ticket a row pointing at it is being written for (a message, an event)', async () => {
    await db.query(
      `insert into tickets (id, "userId", "teamId", email, subject, body, status, processing_status, "groupId")
       values ('t5', 'ada', 'ws', 'c@customer.example', 'Waiting', 'Body', 'open', 'completed', 'g1')`,
    )
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let held = () => {}
    const isHeld = new Promise<void>((resolve) => {
      held = resolve
    })
    // What inserting a row with a foreign key to the ticket takes on it.
    const pointing = db.transaction(async (tx) => {
      await tx.query(`select 1 from tickets where id = 't5' for key share`)
      held()
      await released
    })
    await isHeld
    let servingEnded = false
    const serving = db.transaction((tx) => drainQueuesOf(tx, 'ws', 'ada'))
    void serving.finally(() => {
      servingEnded = true
    })
    // The serving takes the ticket, then waits to write its decision (the log's insert locks the ticket
    // wholly) until the row pointing at it is written: no cycle, as that writer takes no routing.
    await vi.waitFor(async () => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      )
      expect(servingEnded || (rows[0]?.n ?? 0) > 0).toBe(true)
    })
    release()
    await pointing
    expect((await serving).map((ticket) => [ticket.id, ticket.assigneeId])).toEqual([['t5', 'ada']])
  })
})
