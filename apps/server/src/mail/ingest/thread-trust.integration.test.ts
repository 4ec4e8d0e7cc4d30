import { type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestRelay, type TTestRelay } from '../../outbox/outbox.test-kit'
import { signUpUser, type TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import { waitForValue } from '../../testing/wait-for-value'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail.test-kit'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const MESSAGES = { databaseId: 'main', collectionId: 'messages' }
const EVENTS = { databaseId: 'main', collectionId: 'ticket_events' }

type TTicket = Models.Document & { number: number; subject: string; email: string; cc: string[] }
type TEvent = Models.Document & { type: string; actorType: string; before: unknown; after: unknown }

/** What the receiving server writes above a mail whose From its DMARC check refused. */
const DMARC_FAIL =
  'Authentication-Results: mx.gateway.example; spf=fail smtp.mailfrom=evil.example;\r\n dmarc=fail (p=NONE) header.from=customer.example'

function mail(options: {
  from: string
  subject: string
  messageId: string
  cc?: string
  inReplyTo?: string
  above?: string[]
  body: string
}): string {
  return [
    ...(options.above ?? []),
    `From: ${options.from}`,
    'To: support',
    ...(options.cc ? [`Cc: ${options.cc}`] : []),
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}>`,
    ...(options.inReplyTo
      ? [`In-Reply-To: <${options.inReplyTo}>`, `References: <${options.inReplyTo}>`]
      : []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.body,
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('who may join a customer’s conversation by mail on %s', (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let olive: TSdkUser
  let address: string

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url } })
    olive = await signUpUser(server.url, 'Olive Owner')
    address = (await readMailbox(olive)).address
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  async function send(raw: string) {
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
  }

  const ticketFrom = (email: string, subject: string) =>
    waitForValue(
      async () =>
        (
          await olive.databases.listDocuments<TTicket>({
            ...TICKETS,
            queries: [Query.equal('email', email), Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: `the ticket "${subject}" from ${email}` },
    )

  const ticket = (id: string) => olive.databases.getDocument<TTicket>({ ...TICKETS, documentId: id })

  const conversation = async (ticketId: string) =>
    (
      await olive.databases.listDocuments({
        ...MESSAGES,
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$createdAt')],
      })
    ).documents.map((m) => ({ direction: m.direction as string, from: m.from as string }))

  const eventsOf = async (ticketId: string, type: string) =>
    (
      await olive.databases.listDocuments<TEvent>({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticketId), Query.equal('type', type)],
      })
    ).documents

  /** Carol's first mail: a ticket whose conversation the attacker wants to read. */
  async function carolsTicket(subject: string) {
    await send(
      mail({
        from: 'Carol <carol@customer.example>',
        subject,
        messageId: `${subject.replaceAll(' ', '-')}@customer.example`,
        body: 'Our invoice for March is missing.',
      }),
    )
    return ticketFrom('carol@customer.example', subject)
  }

  /**
   * The owner's reply on the ticket once the outbox settled it: everyone the relay took it for (over however
   * many SMTP transactions it went), sorted, and its Message-ID.
   */
  async function ownersReply(ticketId: string, body: string) {
    const sent = await olive.databases.createDocument({
      ...MESSAGES,
      documentId: 'unique()',
      data: { ticketId, body },
    })
    await waitForValue(
      async () =>
        (await olive.databases.getDocument({ ...MESSAGES, documentId: sent.$id })).deliveryState === 'sent'
          ? true
          : undefined,
      { what: 'the owner’s reply sent' },
    )
    const recipients = relay.arrived
      .filter((m) => m.messageId === `<${sent.messageId}>`)
      .flatMap((m) => m.envelope.to)
    return { recipients: recipients.sort(), messageId: String(sent.messageId) }
  }

  /** Waits until the ticket's conversation holds `count` messages, so nothing is still on its way. */
  const settled = (ticketId: string, count: number) =>
    waitForValue(async () => ((await conversation(ticketId)).length === count ? true : undefined), {
      what: `${count} messages on the ticket`,
    })

  it('gives a stranger’s [#number] subject tag a ticket of its own that mentions the number: the owner’s reply never reaches them', async () => {
    const carols = await carolsTicket('Invoice missing')
    // The same domain as the requester (enough to join before), and anyone's address in Cc.
    await send(
      mail({
        from: 'Mallory <mallory@customer.example>',
        cc: 'spy@evil.example',
        subject: `Re: Invoice missing [#${carols.number}]`,
        messageId: 'harvest-1@evil.example',
        body: 'Please keep me posted.',
      }),
    )
    const mallorys = await ticketFrom('mallory@customer.example', `Re: Invoice missing [#${carols.number}]`)
    expect(mallorys.$id).not.toBe(carols.$id)
    expect(await eventsOf(mallorys.$id, 'untrusted-mail')).toMatchObject([
      {
        actorType: 'system',
        after: {
          reason: 'stranger',
          mentions: { id: carols.$id, number: carols.number },
          copiesLeftOut: [],
        },
      },
    ])
    // Mallory's own ticket copies whom Mallory copied; Carol's copies nobody new.
    expect((await ticket(mallorys.$id)).cc).toEqual(['spy@evil.example'])
    expect((await ticket(carols.$id)).cc).toEqual([])

    const reply = await ownersReply(carols.$id, 'Here is your March invoice.')
    expect(reply.recipients).toEqual(['carol@customer.example'])
    expect(await conversation(carols.$id)).toEqual([{ direction: 'outbound', from: address }])
    // Our Message-IDs are random, never the ticket's number, so nobody outside the thread can name one.
    expect(reply.messageId).toMatch(/^[0-9a-f]{32}@/)
    expect(reply.messageId.startsWith(`${carols.number}@`)).toBe(false)
  })

  it('gives a stranger naming the customer’s own (guessable) Message-ID a ticket of its own, while the requester still threads by it', async () => {
    const carols = await carolsTicket('Password reset')
    // Carol's mail client numbers its Message-IDs: anyone can guess the one her first mail had.
    await send(
      mail({
        from: 'Mallory <mallory@evil.example>',
        cc: 'spy@evil.example',
        subject: 'Re: Password reset',
        messageId: 'guess-1@evil.example',
        inReplyTo: 'Password-reset@customer.example',
        body: 'Add me please.',
      }),
    )
    const mallorys = await ticketFrom('mallory@evil.example', 'Re: Password reset')
    expect(mallorys.$id).not.toBe(carols.$id)
    expect(await eventsOf(mallorys.$id, 'untrusted-mail')).toMatchObject([
      { after: { reason: 'stranger', mentions: { id: carols.$id, number: carols.number } } },
    ])
    expect((await ticket(carols.$id)).cc).toEqual([])

    // Carol answering her own mail still threads by it.
    await send(
      mail({
        from: 'Carol <carol@customer.example>',
        subject: 'Re: Password reset',
        messageId: 'reset-again@customer.example',
        inReplyTo: 'Password-reset@customer.example',
        body: 'Still locked out.',
      }),
    )
    await settled(carols.$id, 1)
    expect(await conversation(carols.$id)).toEqual([{ direction: 'inbound', from: 'carol@customer.example' }])

    // Our reply's Message-ID is random: whoever answers it was sent the conversation (here forwarded to IT).
    const ours = await ownersReply(carols.$id, 'Use the link we just sent.')
    await send(
      mail({
        from: 'it@customer.example',
        subject: 'Re: Password reset',
        messageId: 'it-answer@customer.example',
        inReplyTo: ours.messageId,
        body: 'Carol forwarded this; the link works now.',
      }),
    )
    await settled(carols.$id, 3)
    expect((await conversation(carols.$id)).at(-1)).toEqual({
      direction: 'inbound',
      from: 'it@customer.example',
    })
  })

  it('still threads a requester answering their own mail after their ticket was merged into another’s', async () => {
    const carols = await carolsTicket('Duplicate charge')
    await send(
      mail({
        from: 'dave@customer.example',
        subject: 'Charged twice',
        messageId: 'charged-twice@customer.example',
        body: 'Same here.',
      }),
    )
    const daves = await ticketFrom('dave@customer.example', 'Charged twice')
    await olive.databases.updateDocument({
      ...TICKETS,
      documentId: carols.$id,
      data: { mergedIntoId: daves.$id },
    })
    await send(
      mail({
        from: 'Carol <carol@customer.example>',
        subject: 'Re: Duplicate charge',
        messageId: 'charge-followup@customer.example',
        inReplyTo: 'Duplicate-charge@customer.example',
        body: 'Any news on the refund?',
      }),
    )
    // Carol's first mail, moved by the merge, then her answer.
    await settled(daves.$id, 2)
    expect(await conversation(daves.$id)).toEqual([
      { direction: 'inbound', from: 'carol@customer.example' },
      { direction: 'inbound', from: 'carol@customer.example' },
    ])
  })

  it('threads the requester’s subject tag but never lets it change the copies', async () => {
    const carols = await carolsTicket('Export broken')
    await send(
      mail({
        from: 'Carol <carol@customer.example>',
        cc: 'spy@evil.example',
        subject: `Re: Export broken [#${carols.number}]`,
        messageId: 'tagged-answer@customer.example',
        body: 'Any news?',
      }),
    )
    await settled(carols.$id, 1)
    expect(await conversation(carols.$id)).toEqual([{ direction: 'inbound', from: 'carol@customer.example' }])
    expect((await ticket(carols.$id)).cc).toEqual([])
    expect(await eventsOf(carols.$id, 'cc')).toEqual([])
    expect((await ownersReply(carols.$id, 'Fixed in 2.4.1.')).recipients).toEqual(['carol@customer.example'])
  })

  it('adds whom the customer copied when the mail answers our reply’s Message-ID, as the customer’s change a member can undo', async () => {
    // Carol's boss wrote to the workspace before, so mail to them is no first mail to a stranger.
    await send(
      mail({
        from: 'boss@customer.example',
        subject: 'Team seats',
        messageId: 'seats@customer.example',
        body: 'We need five more seats.',
      }),
    )
    await ticketFrom('boss@customer.example', 'Team seats')
    const carols = await carolsTicket('Login loop')
    const first = await ownersReply(carols.$id, 'Which browser?')
    await send(
      mail({
        from: 'Carol <carol@customer.example>',
        cc: 'Boss <boss@customer.example>',
        subject: `Re: Login loop [#${carols.number}]`,
        messageId: 'answer-with-boss@customer.example',
        inReplyTo: first.messageId,
        body: 'Firefox. Copying my boss.',
      }),
    )
    await settled(carols.$id, 2)
    expect((await ticket(carols.$id)).cc).toEqual(['boss@customer.example'])
    expect(await eventsOf(carols.$id, 'cc')).toMatchObject([
      { actorType: 'customer', before: [], after: ['boss@customer.example'] },
    ])
    expect((await ownersReply(carols.$id, 'Clear your cookies.')).recipients).toEqual([
      'boss@customer.example',
      'carol@customer.example',
    ])

    await olive.databases.updateDocument({ ...TICKETS, documentId: carols.$id, data: { cc: [] } })
    expect((await ownersReply(carols.$id, 'Did that help?')).recipients).toEqual(['carol@customer.example'])
  })

  it('never threads or copies a mail the receiving server says failed DMARC, and says so on its own ticket', async () => {
    const carols = await carolsTicket('Refund please')
    const first = await ownersReply(carols.$id, 'Which order?')
    // A forged From: the requester's address, answering our real reply, as someone who saw it might.
    const forged = `Re: Refund please [#${carols.number}]`
    await send(
      mail({
        above: [DMARC_FAIL, 'Received: from evil.example by mx.gateway.example'],
        from: 'Carol <carol@customer.example>',
        cc: 'spy@evil.example',
        subject: forged,
        messageId: 'forged@evil.example',
        inReplyTo: first.messageId,
        body: 'Order 1234, please send the refund to this account.',
      }),
    )
    const apart = await ticketFrom('carol@customer.example', forged)
    expect(apart.$id).not.toBe(carols.$id)
    expect(apart.cc).toEqual([])
    expect(await eventsOf(apart.$id, 'untrusted-mail')).toMatchObject([
      {
        after: {
          reason: 'dmarc-fail',
          mentions: { id: carols.$id, number: carols.number },
          copiesLeftOut: ['spy@evil.example'],
        },
      },
    ])
    expect(await conversation(carols.$id)).toEqual([{ direction: 'outbound', from: address }])
    expect((await ticket(carols.$id)).cc).toEqual([])

    // A first mail that failed DMARC opens its ticket without its copies, and says so too.
    await send(
      mail({
        above: [DMARC_FAIL],
        from: 'ceo@customer.example',
        cc: 'spy@evil.example',
        subject: 'Wire transfer today',
        messageId: 'wire@evil.example',
        body: 'Send the payment details to my colleague in Cc.',
      }),
    )
    const wire = await ticketFrom('ceo@customer.example', 'Wire transfer today')
    expect(wire.cc).toEqual([])
    expect(await eventsOf(wire.$id, 'untrusted-mail')).toMatchObject([
      { after: { reason: 'dmarc-fail', mentions: null, copiesLeftOut: ['spy@evil.example'] } },
    ])
  })

  it('believes only the topmost Authentication-Results: a fail the sender wrote further down changes nothing', async () => {
    const carols = await carolsTicket('Printer offline')
    const first = await ownersReply(carols.$id, 'Is it plugged in?')
    await send(
      mail({
        above: [
          'Authentication-Results: mx.gateway.example; dmarc=pass header.from=customer.example',
          'Received: from mail.customer.example by mx.gateway.example',
          'Authentication-Results: mail.customer.example; dmarc=fail',
        ],
        from: 'Carol <carol@customer.example>',
        subject: `Re: Printer offline [#${carols.number}]`,
        messageId: 'printer-answer@customer.example',
        inReplyTo: first.messageId,
        body: 'Yes, it is.',
      }),
    )
    await settled(carols.$id, 2)
    expect((await conversation(carols.$id)).map((m) => m.direction)).toEqual(['outbound', 'inbound'])
  })
})
