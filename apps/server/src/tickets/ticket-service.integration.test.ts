import { TicketEventActor, uniqueId } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDocumentEvent } from '../realtime/event-bus'
import { signUpUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import { analyzeTicketJob } from './analyze-ticket.job'

describe.each(DATABASE_KINDS)('the ticket service on %s', (database) => {
  let server: TTestServer
  let ownerId: string
  let teamId: string
  const events: TDocumentEvent[] = []

  beforeAll(async () => {
    // No worker: the analysis jobs it enqueues stay where the test can see them.
    server = await startTestServer({ database, roles: ['http'] })
    ownerId = (await signUpUser(server.url)).userId
    teamId = (
      await server.db.query<{ team_id: string }>('select team_id from memberships where user_id = $1', [
        ownerId,
      ])
    ).rows[0]!.team_id
    server.bus.subscribe((event) => events.push(event))
  })
  afterAll(() => server?.stop())

  const newTicket = (subject: string) => ({
    id: uniqueId(),
    ownerId,
    teamId,
    createdBy: { actorType: TicketEventActor.customer, actorId: null },
    email: 'c@example.com',
    subject,
    body: 'b',
  })

  it("writes in the caller's transaction: a rolled-back create leaves no ticket and announces nothing", async () => {
    const ticket = newTicket('never committed')
    await expect(
      server.db.transaction(async (tx) => {
        await server.tickets.insertTickets(tx, [ticket])
        throw new Error('the caller changed its mind')
      }),
    ).rejects.toThrow('the caller changed its mind')
    expect(await server.tickets.find(server.db, ticket.id)).toBeUndefined()
    expect(events.some((event) => event.documentId === ticket.id)).toBe(false)
  })

  it('makes many tickets with the defaults, then announces each and starts its analysis, in order', async () => {
    const tickets = [newTicket('first'), newTicket('second'), newTicket('third')]
    const rows = await server.db.transaction((tx) => server.tickets.insertTickets(tx, tickets))
    expect(rows.map((row) => [row.subject, row.status, row.processing_status, row.userId])).toEqual(
      tickets.map((ticket) => [ticket.subject, 'open', 'waiting', ownerId]),
    )
    await server.tickets.announceCreated(rows)
    const created = events.filter(
      (event) => event.action === 'create' && rows.some((row) => row.id === event.documentId),
    )
    expect(created.map((event) => event.documentId)).toEqual(rows.map((row) => row.id))
    const jobs = await waitForValue(
      async () => {
        const { rows: found } = await server.db.query<{ singleton_key: string }>(
          'select singleton_key from pgboss.job where name = $1 and singleton_key = any($2::text[])',
          [analyzeTicketJob.id, rows.map((row) => row.id)],
        )
        return found.length === rows.length ? found : undefined
      },
      { what: 'an analysis job for each ticket' },
    )
    expect(jobs.map((job) => job.singleton_key).sort()).toEqual(rows.map((row) => row.id).sort())
  })
})
