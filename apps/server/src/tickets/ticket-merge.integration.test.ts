import { CollectionId, DATABASE_ID, ErrorType, type TTicketAttributes } from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import { MergeMessages } from './ticket-merge'
import { SplitMessages } from './ticket-split'

type TTicket = Models.Document & TTicketAttributes
type TMessage = Models.Document & { ticketId: string; body: string; subject: string; direction: string }

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

/** What a request sends: the SDK types `data` as the whole document, and these send only some of it. */
const sent = (data: Record<string, unknown>) => data as never
const MESSAGES = { databaseId: DATABASE_ID, collectionId: CollectionId.messages }
const EVENTS = { databaseId: DATABASE_ID, collectionId: CollectionId.ticketEvents }

function customerMail(options: { subject: string; messageId: string; inReplyTo?: string; body: string }) {
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
    options.body,
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('merging and splitting tickets on %s', (database) => {
  let server: TMailTestServer
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let address: string

  beforeAll(async () => {
    server = await startMailTestServer({ database })
    olive = await signUpUser(server.url, 'Olive Owner')
    agnes = await signUpUser(server.url, 'Agnes Agent')
    eve = await signUpUser(server.url, 'Eve Outsider')
    const [workspace] = (await new Teams(olive.client).list()).teams
    await joinByInvitation({
      serverUrl: server.url,
      owner: olive,
      member: agnes,
      teamId: workspace!.$id,
      roles: ['agent'],
    })
    address = (await readMailbox(olive)).address
  })
  afterAll(() => server?.stop())

  async function mail(options: Parameters<typeof customerMail>[0]): Promise<void> {
    const sent = await sendRaw({ port: server.smtpPort, to: address, raw: customerMail(options) })
    expect(sent.accepted).toBe(true)
  }

  async function ticketFromCustomer(subject: string, messageId: string, body: string): Promise<TTicket> {
    await mail({ subject, messageId, body })
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

  const conversationOf = async (ticketId: string) =>
    (
      await olive.databases.listDocuments<TMessage>({
        ...MESSAGES,
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$createdAt')],
      })
    ).documents

  /** Waits for the conversation of `ticketId` to hold a message saying `text`. */
  const messageSaying = (ticketId: string, text: string) =>
    waitForValue(async () => (await conversationOf(ticketId)).find((m) => m.body.includes(text)), {
      what: `"${text}" on the ticket`,
    })

  const eventsOf = async (ticketId: string) =>
    (
      await olive.databases.listDocuments<
        Models.Document & { type: string; after: unknown; actorId: string }
      >({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence')],
      })
    ).documents.filter((event) => event.type !== 'analysed')

  const merge = (user: TSdkUser, source: string, target: string) =>
    user.databases.updateDocument<TTicket>({ ...TICKETS, documentId: source, data: { mergedIntoId: target } })

  it('merges a duplicate: its mail moves with its times, it closes with a link, and later answers land on the target', async () => {
    const target = await ticketFromCustomer(
      'Printer offline',
      'm1@customer.example',
      'The printer is offline.',
    )
    const source = await ticketFromCustomer(
      'Printer again',
      'm2@customer.example',
      'Still no printing at all.',
    )
    await mail({
      subject: 'Re: Printer again',
      messageId: 'm3@customer.example',
      inReplyTo: 'm2@customer.example',
      body: 'Tried the toner swap.',
    })
    const answer = await messageSaying(source.$id, 'toner swap')

    const merged = await merge(agnes, source.$id, target.$id)
    expect(merged).toMatchObject({ status: 'closed', mergedIntoId: target.$id })

    const conversation = await conversationOf(target.$id)
    expect(conversation.map((m) => m.body.trim())).toEqual([
      'Still no printing at all.',
      'Tried the toner swap.',
    ])
    expect(conversation[0]?.$createdAt).toBe(source.$createdAt)
    expect(conversation[1]).toMatchObject({ $id: answer.$id, $createdAt: answer.$createdAt })
    expect(await conversationOf(source.$id)).toEqual([])

    const change = { source: source.$id, target: target.$id, messages: 2 }
    expect((await eventsOf(source.$id)).slice(-2)).toMatchObject([
      { type: 'status', after: 'closed', actorId: agnes.userId },
      { type: 'merge', after: change, actorId: agnes.userId },
    ])
    expect((await eventsOf(target.$id)).at(-1)).toMatchObject({ type: 'merge', after: change })

    // The customer answers the duplicate's mail, and then its subject tag alone: both land on the target.
    await mail({
      subject: 'Re: Printer again',
      messageId: 'm4@customer.example',
      inReplyTo: 'm2@customer.example',
      body: 'Any update on the printer?',
    })
    await messageSaying(target.$id, 'Any update on the printer?')
    await mail({
      subject: `Re: Printer again [#${source.number}]`,
      messageId: 'm5@customer.example',
      body: 'Hello? Printer?',
    })
    await messageSaying(target.$id, 'Hello? Printer?')
    expect(await conversationOf(source.$id)).toEqual([])

    // Its words are the target's now.
    const { documents } = await olive.databases.listDocuments<TTicket>({
      ...TICKETS,
      queries: [Query.search('text', 'toner'), Query.isNull('mergedIntoId')],
    })
    expect(documents.map((t) => t.$id)).toEqual([target.$id])
  })

  it('refuses a merge into itself, into another workspace, into a merged ticket, and chains', async () => {
    const a = await ticketFromCustomer('Refusal A', 'r1@customer.example', 'a')
    const b = await ticketFromCustomer('Refusal B', 'r2@customer.example', 'b')
    const c = await ticketFromCustomer('Refusal C', 'r3@customer.example', 'c')
    const outside = await eve.databases.createDocument<TTicket>({
      ...TICKETS,
      documentId: ID.unique(),
      data: sent({ email: 'x@example.com', subject: 'Eve’s', body: 'x' }),
    })
    expect(await rejection(merge(olive, a.$id, a.$id))).toMatchObject({
      code: 400,
      message: expect.stringContaining(MergeMessages.intoItself),
    })
    expect(await rejection(merge(olive, a.$id, outside.$id))).toMatchObject({
      code: 400,
      message: expect.stringContaining(MergeMessages.notInWorkspace),
    })
    expect(await rejection(merge(eve, a.$id, outside.$id))).toMatchObject({ code: 404 })
    expect(
      await rejection(
        olive.databases.updateDocument({
          ...TICKETS,
          documentId: a.$id,
          data: sent({ mergedIntoId: b.$id, status: 'pending' }),
        }),
      ),
    ).toMatchObject({ code: 400, message: expect.stringContaining(MergeMessages.alone) })

    await merge(olive, a.$id, b.$id)
    expect(await rejection(merge(olive, c.$id, a.$id))).toMatchObject({
      code: 409,
      type: ErrorType.documentUpdateConflict,
      message: `Ticket #${a.number} was merged into #${b.number}: merge into #${b.number} instead`,
    })
    expect(await rejection(merge(olive, b.$id, c.$id))).toMatchObject({
      code: 409,
      message: expect.stringContaining(`holds merged tickets (#${a.number})`),
    })
    expect(await rejection(merge(olive, a.$id, c.$id))).toMatchObject({ code: 409 })
    expect(
      await rejection(
        olive.databases.updateDocument({ ...TICKETS, documentId: a.$id, data: sent({ mergedIntoId: null }) }),
      ),
    ).toMatchObject({ code: 400, message: expect.stringContaining(MergeMessages.undo) })
    // Sending the ticket back as it is changes nothing.
    expect(
      await olive.databases.updateDocument<TTicket>({
        ...TICKETS,
        documentId: a.$id,
        data: { mergedIntoId: b.$id },
      }),
    ).toMatchObject({ mergedIntoId: b.$id, status: 'closed' })
    expect((await eventsOf(b.$id)).filter((e) => e.type === 'merge')).toHaveLength(1)
  })

  it('splits a customer’s message off into a ticket of its own, where its later answers land', async () => {
    const ticket = await ticketFromCustomer('Order 77', 's1@customer.example', 'Where is order 77?')
    await mail({
      subject: 'Also: my invoice',
      messageId: 's2@customer.example',
      inReplyTo: 's1@customer.example',
      body: 'Separately, invoice 12 charges me twice.',
    })
    const message = await messageSaying(ticket.$id, 'invoice 12')

    const created = await agnes.databases.createDocument<TTicket>({
      ...TICKETS,
      documentId: ID.unique(),
      data: sent({ splitFrom: message.$id }),
    })
    expect(created).toMatchObject({
      subject: 'Also: my invoice',
      email: ticket.email,
      requesterId: ticket.requesterId,
      teamId: ticket.teamId,
      status: 'open',
      mergedIntoId: null,
    })
    expect(created.body.trim()).toBe('Separately, invoice 12 charges me twice.')
    expect(created.number).toBeGreaterThan(ticket.number)
    expect(await conversationOf(ticket.$id)).toEqual([])

    const change = { source: ticket.$id, target: created.$id, message: message.$id }
    expect((await eventsOf(ticket.$id)).at(-1)).toMatchObject({ type: 'split', after: change })
    expect((await eventsOf(created.$id)).map((e) => e.type)).toEqual(['created', 'split'])

    await mail({
      subject: 'Re: Also: my invoice',
      messageId: 's3@customer.example',
      inReplyTo: 's2@customer.example',
      body: 'Attached the invoice.',
    })
    await messageSaying(created.$id, 'Attached the invoice.')
    expect(await conversationOf(ticket.$id)).toEqual([])

    const split = (user: TSdkUser, data: Record<string, unknown>) =>
      user.databases.createDocument({ ...TICKETS, documentId: ID.unique(), data })
    expect(await rejection(split(eve, { splitFrom: message.$id }))).toMatchObject({
      code: 400,
      message: expect.stringContaining(SplitMessages.noMessage),
    })
    expect(await rejection(split(olive, { splitFrom: 'nothing-here' }))).toMatchObject({ code: 400 })
    expect(await rejection(split(olive, { splitFrom: message.$id, subject: 'x' }))).toMatchObject({
      code: 400,
      type: ErrorType.documentInvalidStructure,
    })
    // The form's create is read as before.
    expect(await rejection(split(olive, { email: '', subject: '', body: '' }))).toMatchObject({
      code: 400,
      message: expect.stringContaining('Please fill in all fields'),
    })
  })
})
