import { TicketStatus } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMessagesCollection } from '../../conversations/messages-collection'
import type { TDocumentEvent } from '../../realtime/event-bus'
import { DATABASE_KINDS } from '../../testing/test-database'
import type { TTestServer } from '../../testing/test-server'
import { waitForValue } from '../../testing/wait-for-value'
import { readMailbox, signUpWithMailbox } from '../mail.test-kit'
import { decideMail, planNewTicket } from './decide-delivery'
import {
  deliverMails,
  mailOf,
  prepareStored,
  startUndecidingServer,
  testReplyDelivery,
} from './ingest.test-kit'
import type { TPreparedDelivery } from './prepared-delivery'
import { publishDecisions } from './publish-decisions'
import { createDecisionWriter, type TWrittenDecision } from './write-decisions'

function ticketIdOf(decision: TWrittenDecision | undefined): string | undefined {
  return decision?.kind === 'ticket' ? decision.ticket.id : undefined
}

describe.each(DATABASE_KINDS)('writing and publishing decisions on %s', (database) => {
  let server: TTestServer
  const messages = createMessagesCollection()
  const writer = () =>
    createDecisionWriter({
      tickets: server.tickets,
      inboundDomain: server.config.inboundDomain,
      delivery: testReplyDelivery(server, messages),
    })

  beforeAll(async () => {
    server = await startUndecidingServer(database)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** Writes what each delivery becomes, in one transaction with its counters, as ingest does. */
  function write(deliveries: TPreparedDelivery[]): Promise<TWrittenDecision[]> {
    return server.db.transaction(async (tx) => {
      const written: TWrittenDecision[] = []
      for (const delivery of deliveries) {
        written.push(
          delivery.kind === 'no-ticket'
            ? await writer().writeNoTicket(tx, delivery)
            : await writer().writeMailDecision(tx, delivery, await decideMail(tx, delivery)),
        )
      }
      await writer().countOutcomes(tx, written)
      return written
    })
  }

  it('opens tickets, records each outcome and counts it on the mailbox, in one transaction', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const ids = await deliverMails(server, mailbox.address, [
      { subject: 'First', messageId: 'first@customer.example' },
      { subject: 'Second', messageId: 'second@customer.example' },
    ])
    const deliveries = (await prepareStored(server, ids)).map(mailOf)
    const written = await server.db.transaction(async (tx) => {
      const tickets = await writer().writeNewTickets(
        tx,
        deliveries.map((mail) => ({ mail, ticket: planNewTicket(mail).ticket })),
      )
      await writer().countOutcomes(tx, tickets)
      return tickets
    })
    expect(written.map((d) => d.kind === 'ticket' && d.ticket.subject)).toEqual(['First', 'Second'])
    const { rows } = await server.db.query<{ status: string; ticketId: string; subject: string }>(
      'select "status", "ticketId", "subject" from inbound_emails where id = any($1::text[]) order by seq',
      [ids],
    )
    expect(rows).toEqual([
      { status: 'ticket', ticketId: ticketIdOf(written[0]), subject: 'First' },
      { status: 'ticket', ticketId: ticketIdOf(written[1]), subject: 'Second' },
    ])
    expect(await readMailbox(user)).toMatchObject({ tickets: 2 })
  })

  it('adds an answer to the conversation and opens its closed ticket again, saying so', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const [first = ''] = await deliverMails(server, mailbox.address, [
      { subject: 'Broken', messageId: 'broken@customer.example' },
    ])
    const [opened] = await write(await prepareStored(server, [first]))
    if (opened?.kind !== 'ticket') throw new Error('expected a new ticket')
    await server.db.query('update tickets set "status" = $2 where id = $1', [
      opened.ticket.id,
      TicketStatus.closed,
    ])

    const [answer = ''] = (
      await deliverMails(server, mailbox.address, [
        {
          subject: 'Re: Broken',
          messageId: 'broken-2@customer.example',
          inReplyTo: 'broken@customer.example',
        },
      ])
    ).slice(-1)
    const [appended] = await write(await prepareStored(server, [answer]))
    expect(appended).toMatchObject({
      kind: 'thread',
      ticket: { id: opened.ticket.id, status: TicketStatus.open },
    })
    const { rows } = await server.db.query<{ reason: string; threadMessageId: string }>(
      'select "reason", "threadMessageId" from inbound_emails where id = $1',
      [answer],
    )
    expect(rows[0]?.reason).toBe(
      `answers ticket ${opened.ticket.id} (In-Reply-To <broken@customer.example>), reopened it`,
    )
    expect(rows[0]?.threadMessageId).toBe(appended?.kind === 'thread' && appended.message.id)
    expect(await readMailbox(user)).toMatchObject({ tickets: 1, threadMessages: 1 })
  })

  it('keeps what mail that becomes no ticket said of itself', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const ids = await deliverMails(server, mailbox.address, [
      { subject: 'Once', messageId: 'once@customer.example' },
      { subject: 'Once more', messageId: 'once@customer.example' },
    ])
    const [mail, repeat] = await prepareStored(server, ids)
    const noise: TPreparedDelivery = {
      ...mailOf(repeat),
      kind: 'no-ticket',
      outcome: { status: 'auto-reply', reason: 'Auto-Submitted: auto-replied' },
    }
    await write([mailOf(mail), noise])
    const { rows } = await server.db.query(
      'select "status", "reason", "subject", "from" from inbound_emails where id = $1',
      [ids[1]],
    )
    expect(rows[0]).toEqual({
      status: 'auto-reply',
      reason: 'Auto-Submitted: auto-replied',
      subject: 'Once more',
      from: 'ada@customer.example',
    })
    expect(await readMailbox(user)).toMatchObject({ tickets: 1, autoReplies: 1 })
  })

  it('publishes an answer’s message and ticket change, then the new tickets, in order', async () => {
    const { mailbox } = await signUpWithMailbox(server.url)
    const [first = ''] = await deliverMails(server, mailbox.address, [
      { subject: 'Older', messageId: 'older@customer.example' },
    ])
    await write(await prepareStored(server, [first]))
    const ids = (
      await deliverMails(server, mailbox.address, [
        { subject: 'Re: Older', messageId: 'older-2@customer.example', inReplyTo: 'older@customer.example' },
        { subject: 'Newer', messageId: 'newer@customer.example' },
      ])
    ).slice(-2)
    const written = await write(await prepareStored(server, ids))

    const events: TDocumentEvent[] = []
    const unsubscribe = server.bus.subscribe((event) => events.push(event))
    await publishDecisions(
      { bus: server.bus, tickets: server.tickets, messages, delivery: testReplyDelivery(server, messages) },
      written,
    )
    // On Postgres the events come back through LISTEN/NOTIFY, a moment after they are published.
    const published = await waitForValue(() => (events.length >= 3 ? events : undefined), {
      what: 'three events',
    })
    unsubscribe()
    expect(published.map((e) => [e.collectionId, e.action, e.document.subject])).toEqual([
      ['messages', 'create', 'Re: Older'],
      ['tickets', 'update', 'Older'],
      ['tickets', 'create', 'Newer'],
    ])
  })
})
