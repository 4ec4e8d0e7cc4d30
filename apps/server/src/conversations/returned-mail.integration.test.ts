import { ErrorType, ReplyMessages } from '@parsedesk/contracts'
import { type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  readMailbox,
  sendRaw,
  startMailTestServer,
  TEST_INBOUND_DOMAIN,
  type TMailTestServer,
  waitForDecided,
} from '../mail/mail.test-kit'
import {
  exchangeBounce,
  postfixBounce,
  postfixDelay,
  threadOnlyReport,
} from '../mail/parse/delivery-report.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { signUpOwnerAndAgent } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const MESSAGES = { databaseId: 'main', collectionId: 'messages' }
const EVENTS = { databaseId: 'main', collectionId: 'ticket_events' }

type TTicket = Models.Document & { number: number; status: string; subject: string }
type TMessage = Models.Document & {
  direction: string
  deliveryState: string | null
  deliveryError: string | null
  messageId: string | null
  mailId: string | null
}
type TEvent = Models.Document & { type: string; before: unknown; after: unknown }

describe.each(DATABASE_KINDS)('a bounce that comes back as mail, on %s', (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let address: string
  let mails = 0

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url } })
    ;({ owner: olive, agent: agnes } = await signUpOwnerAndAgent(server.url, {
      owner: 'Olive Owner',
      agent: 'Agnes Agent',
    }))
    eve = await signUpUser(server.url, 'Eve Elsewhere')
    address = (await readMailbox(olive)).address
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  /** A mail server's delivery over real SMTP; a report comes from the null sender, as RFC 3464 says. */
  async function deliver(to: string, raw: string, from = ''): Promise<void> {
    expect((await sendRaw({ port: server.smtpPort, to, raw, from })).accepted).toBe(true)
  }

  async function ticketFrom(from: string, subject: string): Promise<TTicket> {
    const raw = [
      `From: ${from}`,
      `To: ${address}`,
      `Subject: ${subject}`,
      `Message-ID: <m${++mails}.${database}@customer.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The export button does nothing.',
      '',
    ].join('\r\n')
    await deliver(address, raw, from)
    return waitForValue(
      async () =>
        (
          await olive.databases.listDocuments<TTicket>({
            ...TICKETS,
            queries: [Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: `the ticket "${subject}"` },
    )
  }

  async function reply(data: Record<string, unknown>): Promise<TMessage> {
    const created = await agnes.databases.createDocument({ ...MESSAGES, documentId: 'unique()', data })
    return created as unknown as TMessage
  }

  async function timeline(ticketId: string) {
    const [messages, events] = await Promise.all([
      olive.databases.listDocuments<TMessage>({
        ...MESSAGES,
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$createdAt'), Query.limit(100)],
      }),
      olive.databases.listDocuments<TEvent>({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence'), Query.limit(100)],
      }),
    ])
    return {
      messages: messages.documents,
      deliveries: events.documents.filter((e) => e.type === 'delivery'),
    }
  }

  /** The reply once its mail is settled the way `state` says. */
  function settled(ticketId: string, messageId: string, state: string) {
    return waitForValue(
      async () => {
        const read = await timeline(ticketId)
        const message = read.messages.find((m) => m.$id === messageId)
        return message?.deliveryState === state ? { ...read, message } : undefined
      },
      { what: `the reply ${state}` },
    )
  }

  /** The envelope sender the relay was given for the reply: where its bounces must come back. */
  function returnPathOf(message: TMessage): string {
    const arrived = relay.arrived.find((mail) => mail.messageId === `<${message.messageId}>`)
    if (!arrived) throw new Error(`the reply ${message.messageId} never reached the relay`)
    return arrived.envelope.from
  }

  const ticketCount = async () =>
    (await olive.databases.listDocuments({ ...TICKETS, queries: [Query.limit(1)] })).total

  it('mails a reply from its own signed return path, where a report fails it on its timeline, opens nothing, and refuses the next reply unless forced', async () => {
    const ticket = await ticketFrom('Bob <bob@customer.example>', 'Export is broken')
    const first = await reply({ ticketId: ticket.$id, body: 'Fixed, try again.', status: 'pending' })
    const sent = await settled(ticket.$id, first.$id, 'sent')
    const ours = `<${sent.message.messageId}>`
    expect(relay.countOf(ours)).toBe(1)
    const before = await ticketCount()

    // The envelope sender names the reply's mail and a MAC of it; the From the customer sees stays ours.
    const returnPath = returnPathOf(sent.message)
    expect(returnPath).toMatch(
      new RegExp(
        `^bounces\\+${sent.message.mailId}\\.[0-9a-f]{20}@${TEST_INBOUND_DOMAIN.replace('.', '\\.')}$`,
      ),
    )
    expect(returnPath.split('@')[0]?.length).toBeLessThan(64)
    expect(relay.arrived.find((m) => m.messageId === ours)?.email.from?.address).toBe(address)

    // A delay warning, and a forged bounce of this reply sent to another workspace: neither fails it.
    const bounce = { recipient: 'bob@customer.example', messageId: ours }
    await deliver(returnPath, postfixDelay({ ...bounce, to: returnPath }))
    const elsewhere = (await readMailbox(eve)).address
    await deliver(elsewhere, postfixBounce({ ...bounce, to: elsewhere }))
    const [, delay] = await waitForDecided(olive, 2)
    expect(delay).toMatchObject({ status: 'bounce', ticketId: null })
    expect(delay?.reason).toContain('delayed for bob@customer.example, not a failure')
    expect((await waitForDecided(eve, 1))[0]).toMatchObject({ status: 'bounce' })
    expect((await timeline(ticket.$id)).deliveries.map((e) => e.after)).toEqual([
      expect.objectContaining({ state: 'sent' }),
    ])

    await deliver(returnPath, postfixBounce({ ...bounce, to: returnPath }))
    const failed = await settled(ticket.$id, first.$id, 'failed')
    expect(failed.message.deliveryError).toBe(
      '550 5.1.1 <bob@customer.example>: Recipient address rejected: User unknown in virtual mailbox table',
    )
    expect(failed.deliveries.at(-1)).toMatchObject({
      before: 'sent',
      after: { message: first.$id, state: 'failed' },
    })
    const [, , returned] = await waitForDecided(olive, 3)
    expect(returned).toMatchObject({ status: 'bounce', ticketId: null, threadMessageId: null })
    expect(returned?.reason).toContain(`reply ${ours} to bob@customer.example failed: 550 5.1.1`)

    // No ticket, no customer message, and the ticket still waits on the customer.
    expect(await ticketCount()).toBe(before)
    expect(failed.messages.map((m) => m.direction)).toEqual(['outbound'])
    const after = await olive.databases.getDocument<TTicket>({ ...TICKETS, documentId: ticket.$id })
    expect(after.status).toBe('pending')

    const refused = await rejection(reply({ ticketId: ticket.$id, body: 'Did it work?' }))
    expect(refused).toMatchObject({ code: 409, type: ErrorType.documentUpdateConflict })
    expect(refused.message).toBe(
      ReplyMessages.bounced(
        'bob@customer.example',
        new Date().toISOString().slice(0, 10),
        failed.message.deliveryError ?? '',
      ),
    )
    const forced = await reply({ ticketId: ticket.$id, body: 'Did it work?', force: true })
    const resent = await settled(ticket.$id, forced.$id, 'sent')
    expect(relay.countOf(`<${resent.message.messageId}>`)).toBe(1)
  })

  it("fails a reply on Exchange's report at its return path, and leaves a report about none of our mail as it was", async () => {
    const ticket = await ticketFrom('carol@customer.example', 'Invoice missing')
    const first = await reply({ ticketId: ticket.$id, body: 'Attached again.' })
    const sent = (await settled(ticket.$id, first.$id, 'sent')).message
    const ours = `<${sent.messageId}>`
    const returnPath = returnPathOf(sent)
    const decided = (await waitForDecided(olive, 1)).length

    await deliver(
      address,
      exchangeBounce({
        to: address,
        recipient: 'carol@customer.example',
        messageId: '<theirs@elsewhere.example>',
      }),
    )
    const unknown = (await waitForDecided(olive, decided + 1)).at(-1)
    expect(unknown).toMatchObject({
      status: 'bounce',
      reason: 'multipart/report with report-type=delivery-status',
    })

    await deliver(
      returnPath,
      exchangeBounce({ to: returnPath, recipient: 'carol@customer.example', messageId: ours }),
    )
    const failed = await settled(ticket.$id, first.$id, 'failed')
    expect(failed.message.deliveryError).toMatch(/^550 5\.1\.10 RESOLVER\.ADR\.RecipientNotFound/)
    expect(await rejection(reply({ ticketId: ticket.$id, body: 'Hello?' }))).toMatchObject({ code: 409 })
  })

  it('lets a late bounce of an older reply fail it without blocking the address a newer reply reached', async () => {
    const ticket = await ticketFrom('dora@customer.example', 'Password reset')
    const older = await reply({ ticketId: ticket.$id, body: 'Try the link again.' })
    const olderSent = (await settled(ticket.$id, older.$id, 'sent')).message
    const ours = `<${olderSent.messageId}>`
    const returnPath = returnPathOf(olderSent)
    const newer = await reply({ ticketId: ticket.$id, body: 'Here is a fresh link.' })
    await settled(ticket.$id, newer.$id, 'sent')

    // Days later the first one's delivery gives up: it fails, though the second one got through.
    await deliver(
      returnPath,
      postfixBounce({ to: returnPath, recipient: 'dora@customer.example', messageId: ours }),
    )
    const failed = await settled(ticket.$id, older.$id, 'failed')
    expect(failed.messages.find((m) => m.$id === newer.$id)?.deliveryState).toBe('sent')

    const next = await reply({ ticketId: ticket.$id, body: 'Did the fresh link work?' })
    await settled(ticket.$id, next.$id, 'sent')
  })

  it('changes no reply on a report at the parsing address, however well it names the reply, nor on one from a person', async () => {
    const ticket = await ticketFrom('erin@customer.example', 'Refund please')
    const first = await reply({ ticketId: ticket.$id, body: 'Refunded.' })
    const sent = (await settled(ticket.$id, first.$id, 'sent')).message
    const ours = `<${sent.messageId}>`
    const returnPath = returnPathOf(sent)
    const decided = (await waitForDecided(olive, 1)).length
    const bounce = { recipient: 'erin@customer.example', messageId: ours }

    // Anyone copied on the reply knows its Message-ID: a report Postfix would write, from the null
    // sender, to the parsing address. Then one at the return path from a person's address, and one
    // naming the reply only in its own thread headers.
    await deliver(address, postfixBounce({ ...bounce, to: address }))
    await deliver(
      returnPath,
      postfixBounce({ ...bounce, to: returnPath, returned: 'Forged.' }),
      'mallory@customer.example',
    )
    await deliver(address, threadOnlyReport({ ...bounce, to: address }))
    const [forged, fromPerson, threadOnly] = (await waitForDecided(olive, decided + 3)).slice(decided)
    expect(forged).toMatchObject({ status: 'bounce', ticketId: null })
    expect(forged?.reason).toContain(
      `names reply ${ours} but came to the parsing address, not its return path: no reply changed`,
    )
    expect(fromPerson).toMatchObject({ status: 'bounce', ticketId: null })
    expect(fromPerson?.reason).toContain(
      'sent by mallory@customer.example, not by a mail server: no reply changed',
    )
    expect(threadOnly).toMatchObject({
      status: 'bounce',
      reason: 'multipart/report with report-type=delivery-status',
    })
    const read = await timeline(ticket.$id)
    expect(read.messages.find((m) => m.$id === first.$id)?.deliveryState).toBe('sent')
    expect(read.deliveries.map((e) => e.after)).toEqual([expect.objectContaining({ state: 'sent' })])
    // Replies are not blocked: the next goes out without force.
    const next = await reply({ ticketId: ticket.$id, body: 'Anything else?' })
    await settled(ticket.$id, next.$id, 'sent')

    // The same report from a mail server's mailer-daemon, at the return path, fails it.
    await deliver(
      returnPath,
      postfixBounce({ ...bounce, to: returnPath }),
      'MAILER-DAEMON@mx.customer.example',
    )
    const failed = await settled(ticket.$id, first.$id, 'failed')
    expect(failed.message.deliveryError).toMatch(/^550 5\.1\.1 /)
  })

  it('sends the copies apart from the requester, so whoever is copied never holds the return path', async () => {
    const ticket = await ticketFrom('gus@customer.example', 'Shared report')
    const first = await reply({ ticketId: ticket.$id, body: 'Here it is.', cc: ['Hal@Partner.example'] })
    const sent = (await settled(ticket.$id, first.$id, 'sent')).message
    const ours = `<${sent.messageId}>`
    const arrivals = relay.arrived.filter((mail) => mail.messageId === ours)
    expect(arrivals.map((mail) => mail.envelope)).toEqual([
      { from: returnPathOf(sent), to: ['gus@customer.example'] },
      { from: address, to: ['hal@partner.example'] },
    ])
    // One mail to read: both say who it went to and came from.
    for (const mail of arrivals) {
      expect(mail.email.from?.address).toBe(address)
      expect(mail.email.to?.map((to) => to.address)).toEqual(['gus@customer.example'])
      expect(mail.email.cc?.map((cc) => cc.address)).toEqual(['hal@partner.example'])
    }

    // The copy's holder reports the requester's address failed, to the sender of the copy they got.
    await deliver(address, postfixBounce({ to: address, recipient: 'gus@customer.example', messageId: ours }))
    await waitForValue(
      async () => (await waitForDecided(olive, 1)).find((d) => d.reason?.includes(`names reply ${ours}`)),
      { what: 'the forged report decided' },
    )
    expect((await timeline(ticket.$id)).messages.find((m) => m.$id === first.$id)?.deliveryState).toBe('sent')
    const next = await reply({ ticketId: ticket.$id, body: 'Did it open?' })
    await settled(ticket.$id, next.$id, 'sent')
  })

  it('keeps a reply sent when the relay refuses only its copies, and never sends it to the requester twice', async () => {
    const ticket = await ticketFrom('ida@customer.example', 'Copy refused')
    relay.answerRecipients((to) =>
      to === 'nobody@partner.example'
        ? { code: 550, message: '5.1.1 <nobody@partner.example>: user unknown' }
        : 'accept',
    )
    try {
      const first = await reply({ ticketId: ticket.$id, body: 'Done.', cc: ['nobody@partner.example'] })
      const sent = (await settled(ticket.$id, first.$id, 'sent')).message
      expect(sent.deliveryError).toBe(
        'refused by the relay: nobody@partner.example: 550 5.1.1 <nobody@partner.example>: user unknown',
      )
      expect(
        relay.arrived.filter((m) => m.messageId === `<${sent.messageId}>`).map((m) => m.envelope),
      ).toEqual([{ from: returnPathOf(sent), to: ['ida@customer.example'] }])
    } finally {
      relay.answerRecipients(() => 'accept')
    }
  })

  it('refuses at RCPT a return path whose MAC is not ours, or that names another mail', async () => {
    const ticket = await ticketFrom('fay@customer.example', 'Login loop')
    const one = await reply({ ticketId: ticket.$id, body: 'Clear your cookies.' })
    const two = await reply({ ticketId: ticket.$id, body: 'Or try another browser.' })
    const first = (await settled(ticket.$id, one.$id, 'sent')).message
    const second = (await settled(ticket.$id, two.$id, 'sent')).message
    const [local, domain] = returnPathOf(first).split('@') as [string, string]
    const [, mac] = local.split('.') as [string, string]
    const flipped = `${local.slice(0, -1)}${local.endsWith('0') ? '1' : '0'}@${domain}`
    const swapped = `bounces+${second.mailId}.${mac}@${domain}`
    const report = postfixBounce({
      to: flipped,
      recipient: 'fay@customer.example',
      messageId: `<${first.messageId}>`,
    })
    for (const to of [flipped, swapped, `bounces+${first.mailId}@${domain}`]) {
      const refused = await sendRaw({ port: server.smtpPort, to, raw: report, from: '' })
      expect({ to, refused }).toMatchObject({ to, refused: { accepted: false, code: 550 } })
      expect(refused.response).toContain('no such return path')
    }
    // Taken at its own address whatever the case a relay writes it in.
    const upper = returnPathOf(second).toUpperCase()
    await deliver(
      upper,
      postfixBounce({ to: upper, recipient: 'fay@customer.example', messageId: `<${second.messageId}>` }),
    )
    await settled(ticket.$id, two.$id, 'failed')
    const read = await timeline(ticket.$id)
    expect(read.messages.find((m) => m.$id === one.$id)?.deliveryState).toBe('sent')
  })
})
