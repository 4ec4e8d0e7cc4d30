import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../../testing/test-database'
import type { TTestServer } from '../../testing/test-server'
import { signUpWithMailbox } from '../mail.test-kit'
import { decideMail, findPlainNewTickets, lockUndecided } from './decide-delivery'
import {
  createTestProcessor,
  deliverMails,
  mailOf,
  prepareStored,
  startUndecidingServer,
  type TTestMail,
} from './ingest.test-kit'

describe.each(DATABASE_KINDS)('deciding what a mail becomes on %s', (database) => {
  // No worker role: deliveries wait undecided until a test decides them.
  let server: TTestServer

  beforeAll(async () => {
    server = await startUndecidingServer(database)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** A mailbox whose first mail, "Earlier", is already a ticket; returns its address and that ticket's id. */
  async function mailboxWithTicket() {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const [earlier = ''] = await deliverMails(server, mailbox.address, [
      { subject: 'Earlier', messageId: `earlier-${mailbox.$id}@customer.example` },
    ])
    await createTestProcessor(server).processInboundEmail({ inboundId: earlier, isLastAttempt: false })
    const { rows } = await server.db.query<{ ticketId: string }>(
      'select "ticketId" from inbound_emails where id = $1',
      [earlier],
    )
    return {
      user,
      address: mailbox.address,
      earlierId: `earlier-${mailbox.$id}@customer.example`,
      earlier,
      ticketId: rows[0]?.ticketId ?? '',
    }
  }

  async function decide(address: string, mail: TTestMail) {
    const ids = await deliverMails(server, address, [mail])
    const [delivery] = await prepareStored(server, ids.slice(-1))
    return server.db.transaction((tx) => decideMail(tx, mailOf(delivery)))
  }

  it('plans a new ticket for a first mail, from its sender, for the mailbox owner', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const decision = await decide(mailbox.address, {
      subject: 'Printer on fire',
      messageId: 'printer@customer.example',
    })
    expect(decision).toMatchObject({
      kind: 'new-ticket',
      ticket: {
        ownerId: (await user.account.get()).$id,
        email: 'ada@customer.example',
        subject: 'Printer on fire',
        // Mail to the parsing address came in by the workspace's mailbox.
        mailboxId: mailbox.$id,
      },
    })
  })

  it('threads an answer onto the ticket of the mail it answers', async () => {
    const { address, earlierId, ticketId } = await mailboxWithTicket()
    const decision = await decide(address, {
      subject: 'Re: Earlier',
      messageId: 'answer@customer.example',
      inReplyTo: earlierId,
    })
    expect(decision).toMatchObject({
      kind: 'thread',
      matchedBy: `In-Reply-To <${earlierId}>`,
      addsCopies: true,
    })
    expect(decision.kind === 'thread' && decision.ticket.id).toBe(ticketId)
  })

  it('takes a repeated Message-ID for a duplicate of its first delivery', async () => {
    const { address, earlierId, earlier } = await mailboxWithTicket()
    const decision = await decide(address, { subject: 'Earlier, sent again', messageId: earlierId })
    expect(decision).toEqual({ kind: 'duplicate', of: earlier })
  })

  it('threads a [#ticket] subject tag only from the requester, leaving the copies; anyone else, even of its domain, mentions it from a new ticket', async () => {
    const { address, ticketId } = await mailboxWithTicket()
    const colleague = await decide(address, {
      subject: `Re: [#${ticketId}] same problem here`,
      messageId: 'colleague@customer.example',
      from: 'grace@customer.example',
    })
    expect(colleague).toMatchObject({
      kind: 'new-ticket',
      untrusted: { reason: 'stranger', mentions: { id: ticketId } },
    })
    const requester = await decide(address, {
      subject: `Re: [#${ticketId}] any news?`,
      messageId: 'requester@customer.example',
    })
    expect(requester).toMatchObject({
      kind: 'thread',
      matchedBy: `subject tag [#${ticketId}]`,
      addsCopies: false,
    })
  })

  it('writes together only mail that cannot be an answer or a repeat, and skips what is decided', async () => {
    const { address, earlierId, earlier } = await mailboxWithTicket()
    const ids = await deliverMails(server, address, [
      { subject: 'Plain one', messageId: 'plain-1@customer.example' },
      { subject: 'Re: Earlier', messageId: 'answer-1@customer.example', inReplyTo: earlierId },
      { subject: 'Twice', messageId: 'twice@customer.example' },
      { subject: 'Twice again', messageId: 'twice@customer.example' },
      {
        subject: 'Re: Plain one',
        messageId: 'answer-2@customer.example',
        inReplyTo: 'plain-1@customer.example',
      },
      { subject: 'Plain two', messageId: 'plain-2@customer.example' },
    ])
    const deliveries = await prepareStored(server, [earlier, ...ids])
    const { undecided, plain } = await server.db.transaction(async (tx) => {
      const undecided = await lockUndecided(tx, deliveries)
      return { undecided, plain: await findPlainNewTickets(tx, undecided) }
    })
    expect(undecided.map((d) => d.inbound.id)).toEqual(ids)
    expect([...plain].map((d) => d.parsed.subject)).toEqual(['Plain one', 'Plain two'])
  })
})
