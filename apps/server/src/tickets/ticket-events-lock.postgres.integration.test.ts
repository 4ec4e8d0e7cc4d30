import { OutboundMailState, TicketEventType } from '@parsedesk/contracts'
import { Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { signUpUser } from '../testing/sdk-client'
import { TEST_DATABASE_URL } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import { recordTicketEvents, type TNewTicketEvent } from './ticket-events'
import { lockTicket } from './ticket-repository'

// Two writers of one ticket's timeline at once, as a reply's delivery report (which holds no lock on the
// ticket) and an agent's change (which does) meet in production. Only PostgreSQL runs them side by side.
describe.skipIf(!TEST_DATABASE_URL)(
  "a ticket's events written by two transactions at once, on postgres",
  () => {
    let server: TTestServer
    let ticketId: string
    let teamId: string

    beforeAll(async () => {
      server = await startUndecidingServer('postgres')
      const ada = await signUpUser(server.url, 'Ada Lovelace')
      teamId = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
      const [inboundId = ''] = await deliverMails(server, (await readMailbox(ada)).address, [
        { subject: 'Charged twice', messageId: '<charged-twice@customer.test>' },
      ])
      await createTestProcessor(server).processInboundEmail({ inboundId, isLastAttempt: false })
      const { rows } = await server.db.query<{ id: string }>('select id from tickets where "teamId" = $1', [
        teamId,
      ])
      ticketId = rows[0]?.id ?? ''
    })
    afterAll(() => server?.stop())

    const deliveryEvent = (): TNewTicketEvent => ({
      ticketId,
      teamId,
      actorType: 'system',
      actorId: null,
      type: TicketEventType.delivery,
      before: OutboundMailState.sending,
      after: { message: 'reply-1', mail: 'mail-1', state: OutboundMailState.sent },
    })

    it('both land, numbered one after the other, when one writer holds the ticket and the other does not', async () => {
      const waiting = () =>
        server.db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
        )
      let releaseAgent: () => void = () => undefined
      const agentMayWrite = new Promise<void>((resolve) => {
        releaseAgent = resolve
      })
      let agentHoldsTicket: () => void = () => undefined
      const ticketHeld = new Promise<void>((resolve) => {
        agentHoldsTicket = resolve
      })
      const agent = server.db.transaction(async (tx) => {
        await lockTicket(tx, ticketId)
        agentHoldsTicket()
        await agentMayWrite
        await recordTicketEvents(tx, [deliveryEvent()])
      })
      await ticketHeld
      const delivery = server.db.transaction((tx) => recordTicketEvents(tx, [deliveryEvent()]))
      await waitForValue(async () => ((await waiting()).rows[0]?.n ?? 0) > 0, {
        what: 'the delivery report waiting for the ticket',
        timeoutMs: 30_000,
      })
      releaseAgent()

      const outcomes = await Promise.allSettled([agent, delivery])
      expect(
        outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok')),
      ).toEqual(['ok', 'ok'])
      const { rows } = await server.db.query<{ scoped_seq: string }>(
        `select scoped_seq from ticket_events where "ticketId" = $1 and "type" = $2 order by scoped_seq`,
        [ticketId, TicketEventType.delivery],
      )
      const numbers = rows.map((row) => Number(row.scoped_seq))
      expect(numbers).toHaveLength(2)
      expect(numbers[1]).toBe((numbers[0] ?? 0) + 1)
    })
  },
)
