import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase } from '../db/database'
import { DATABASE_KINDS, openTestDatabase } from '../testing/test-database'
import { deferDerivations } from '../tickets/ticket-events'
import { lockTickets } from '../tickets/ticket-repository'
import { routeTickets } from './route-tickets'
import { seedRoutingWorkspace } from './routing-workspace.test-kit'

describe.each(DATABASE_KINDS)('members’ last routed times, kept by the decisions’ insert, on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
    await seedRoutingWorkspace(db, {
      members: ['ada', 'hal'],
      cap: 20,
      tickets: ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'],
    })
  })
  afterAll(() => close?.())

  const route = async (ids: string[]) => {
    const routed = await db.transaction(async (tx) => routeTickets(tx, await lockTickets(tx, ids)))
    return routed.map((ticket) => ticket.assigneeId)
  }

  it('takes turns across transactions, a batch and two passes of one run whose decisions wait unwritten', async () => {
    expect([...(await route(['t1'])), ...(await route(['t2'])), ...(await route(['t3']))]).toEqual([
      'ada',
      'hal',
      'ada',
    ])
    // One pass of two: both marked by one statement, Hal before Ada, so Hal is next.
    expect(await route(['t4', 't5'])).toEqual(['hal', 'ada'])
    expect(await route(['t6'])).toEqual(['hal'])
    // One run (an ingest batch, a rule's "route" and then routing's step): the first pass's decisions wait for
    // the end of the run, and the second pass still weighs the first's assignment.
    const both = await db.transaction((tx) =>
      deferDerivations(tx, async () => {
        const first = await routeTickets(tx, await lockTickets(tx, ['t7']))
        const second = await routeTickets(tx, await lockTickets(tx, ['t8']))
        return [first[0]?.assigneeId, second[0]?.assigneeId]
      }),
    )
    expect(both).toEqual(['ada', 'hal'])
    expect(await route(['t9'])).toEqual(['ada'])
    const { rows } = await db.query<{ userId: string }>(
      `select "userId" from routing_members where "teamId" = 'ws' order by "lastAssignedAt"`,
    )
    expect(rows.map((row) => row.userId)).toEqual(['hal', 'ada'])
  })
})
