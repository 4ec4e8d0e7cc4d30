import { ErrorType, ReplyMessages } from '@parsedesk/contracts'
import { type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import { replySubject } from './send-reply'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const MESSAGES = { databaseId: 'main', collectionId: 'messages' }

type TTicket = Models.Document & { number: number; status: string; subject: string }

function customerMail(options: { subject: string; messageId: string; inReplyTo?: string; body?: string }) {
  return [
    'From: Carol Customer <carol@customer.example>',
    'To: support',
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}>`,
    ...(options.inReplyTo
      ? [`In-Reply-To: <${options.inReplyTo}>`, `References: <${options.inReplyTo}>`]
      : []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.body ?? 'The export button does nothing.',
    '',
  ].join('\r\n')
}

describe('replySubject', () => {
  it('says Re: once and tags the ticket number once', () => {
    expect(replySubject('Export broken', 7)).toBe('Re: Export broken [#7]')
    expect(replySubject('RE: Export broken', 7)).toBe('RE: Export broken [#7]')
    expect(replySubject('Re: Export broken [#7]', 7)).toBe('Re: Export broken [#7]')
  })
})

describe.each(DATABASE_KINDS)('replies by email on %s', (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let address: string
  let workspaceName: string

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url } })
    olive = await signUpUser(server.url, 'Olive Owner')
    agnes = await signUpUser(server.url, 'Agnes Agent')
    eve = await signUpUser(server.url, 'Eve Outsider')
    const [workspace] = (await new Teams(olive.client).list()).teams
    workspaceName = workspace!.name
    await joinByInvitation({
      serverUrl: server.url,
      owner: olive,
      member: agnes,
      teamId: workspace!.$id,
      roles: ['agent'],
    })
    address = (await readMailbox(olive)).address
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  async function ticketFromCustomer(subject: string, messageId: string): Promise<TTicket> {
    expect(
      (await sendRaw({ port: server.smtpPort, to: address, raw: customerMail({ subject, messageId }) }))
        .accepted,
    ).toBe(true)
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

  const reply = (user: TSdkUser, data: Record<string, unknown>) =>
    user.databases.createDocument({ ...MESSAGES, documentId: 'unique()', data })

  const eventsOf = async (ticketId: string) =>
    (
      await olive.databases.listDocuments({
        databaseId: 'main',
        collectionId: 'ticket_events',
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence')],
      })
    ).documents

  it('mails an agent’s reply to the customer from the workspace’s address, threaded, and sets the status asked', async () => {
    const ticket = await ticketFromCustomer('Export broken', 'q1@customer.example')
    const sent = await reply(agnes, {
      ticketId: ticket.$id,
      body: 'Fixed in 2.4.1, please update.',
      status: 'pending',
    })
    expect(sent).toMatchObject({
      direction: 'outbound',
      ticketId: ticket.$id,
      from: address,
      userId: agnes.userId,
    })

    const mail = await waitForValue(() => relay.arrived.find((m) => m.messageId === `<${sent.messageId}>`), {
      what: 'the reply at the relay',
    })
    expect(mail.envelope.to).toEqual(['carol@customer.example'])
    expect(mail.email.from).toMatchObject({ address, name: `Agnes Agent from ${workspaceName}` })
    expect(mail.email.subject).toBe(`Re: Export broken [#${ticket.number}]`)
    expect(mail.email.inReplyTo).toBe('<q1@customer.example>')
    expect(mail.email.references).toBe('<q1@customer.example>')
    expect(mail.email.text).toMatch(
      /^Fixed in 2\.4\.1, please update\.\n\nOn .* UTC, Carol Customer <carol@customer\.example>\nwrote:\n> The export button does nothing\.\n/,
    )

    const after = await olive.databases.getDocument<TTicket>({ ...TICKETS, documentId: ticket.$id })
    expect(after.status).toBe('pending')
    // The analysis and the mail's delivery finish when they finish: their events may fall anywhere after.
    const events = (await eventsOf(ticket.$id)).filter((e) => e.type !== 'analysed' && e.type !== 'delivery')
    expect(events.map((e) => e.type)).toEqual(['created', 'reply-out', 'status'])
    expect(events[1]).toMatchObject({
      actorType: 'user',
      actorId: agnes.userId,
      after: { message: sent.$id },
    })
    expect(events[2]).toMatchObject({ actorId: agnes.userId, before: 'open', after: 'pending' })

    // The customer answers the reply: it threads onto the same ticket and opens it again.
    const answer = customerMail({
      subject: mail.email.subject ?? '',
      messageId: 'q2@customer.example',
      inReplyTo: sent.messageId as string,
      body: 'Updated, works now. Thanks!',
    })
    expect((await sendRaw({ port: server.smtpPort, to: address, raw: answer })).accepted).toBe(true)
    const conversation = await waitForValue(
      async () => {
        const { documents } = await olive.databases.listDocuments({
          ...MESSAGES,
          queries: [Query.equal('ticketId', ticket.$id), Query.orderAsc('$createdAt')],
        })
        return documents.length === 2 ? documents : undefined
      },
      { what: 'the customer’s answer in the conversation' },
    )
    expect(conversation.map((m) => m.direction)).toEqual(['outbound', 'inbound'])
    expect((await olive.databases.getDocument<TTicket>({ ...TICKETS, documentId: ticket.$id })).status).toBe(
      'open',
    )
  })

  it('threads an answer that lost its headers by the [#number] tag, from the requester', async () => {
    const ticket = await ticketFromCustomer('Invoice missing', 'q3@customer.example')
    const tagged = customerMail({
      subject: `Re: Invoice missing [#${ticket.number}]`,
      messageId: 'q4@customer.example',
      body: 'Any news?',
    })
    expect((await sendRaw({ port: server.smtpPort, to: address, raw: tagged })).accepted).toBe(true)
    await waitForValue(
      async () =>
        (await olive.databases.listDocuments({ ...MESSAGES, queries: [Query.equal('ticketId', ticket.$id)] }))
          .total === 1,
      { what: 'the tagged answer on the ticket' },
    )
  })

  it('says so when a ticket filed by hand has no address to reply to, and sends from a workspace named <oddly>', async () => {
    const [workspace] = (await new Teams(olive.client).list()).teams
    await new Teams(olive.client).updateName({ teamId: workspace!.$id, name: 'Support <Desk> "Team"' })
    const byHand = await olive.databases.createDocument({
      ...TICKETS,
      documentId: 'unique()',
      data: { email: 'phoned in, no address', subject: 'Phone call', body: 'Wants a call back' },
    })
    expect(await rejection(reply(olive, { ticketId: byHand.$id, body: 'Hello' }))).toMatchObject({
      code: 400,
      message: ReplyMessages.requesterUnreachable,
    })
    const ticket = await ticketFromCustomer('Login loop', 'q6@customer.example')
    const sent = await reply(olive, { ticketId: ticket.$id, body: 'Clear your cookies, please.' })
    const mail = await waitForValue(() => relay.arrived.find((m) => m.messageId === `<${sent.messageId}>`), {
      what: 'the reply at the relay',
    })
    expect(mail.email.from).toMatchObject({ address, name: 'Olive Owner from Support Desk Team' })
    await new Teams(olive.client).updateName({ teamId: workspace!.$id, name: workspaceName })
  })

  it('refuses a reply to a ticket of another workspace, an empty one, and any change to a sent one', async () => {
    const ticket = await ticketFromCustomer('Cannot log in', 'q5@customer.example')
    expect(await rejection(reply(eve, { ticketId: ticket.$id, body: 'Hello from outside' }))).toMatchObject({
      code: 404,
      type: ErrorType.documentNotFound,
    })
    expect(await rejection(reply(olive, { ticketId: ticket.$id, body: '   ' }))).toMatchObject({ code: 400 })
    const sent = await reply(olive, { ticketId: ticket.$id, body: 'Try resetting your password.' })
    expect(
      await rejection(olive.databases.updateDocument({ ...MESSAGES, documentId: sent.$id, data: {} })),
    ).toMatchObject({ code: 401 })
    expect(
      relay.arrived.filter((m) => m.envelope.to.includes('carol@customer.example')).length,
    ).toBeGreaterThan(0)
    expect(relay.arrived.some((m) => m.email.text?.includes('Hello from outside'))).toBe(false)
  })
})
