import {
  CategoryKey,
  CollectionId,
  DATABASE_ID,
  SpamMessages,
  type TBlockedSender,
  type TTicketAttributes,
  type TTicketEventAttributes,
  type TTrustedSender,
} from '@parsedesk/contracts'
import { type Client, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  readMailbox,
  sendRaw,
  startMailTestServer,
  type TInboundDocument,
  type TMailTestServer,
} from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

type TTicketDocument = Models.Document & TTicketAttributes
type TEventDocument = Models.Document & TTicketEventAttributes

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

/** Our routes beside Appwrite's, as the dashboard calls them: through the SDK client's call(). */
function call<T>(
  client: Client,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const url = new URL(`${client.config.endpoint}${path}`)
  return client.call(method, url, { 'content-type': 'application/json' }, params)
}

let counter = 0
function mail(options: { from: string; to: string; subject: string; body: string; headers?: string[] }) {
  return [
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Message-ID: <spam-test-${Date.now()}-${++counter}@example.org>`,
    ...(options.headers ?? []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.body,
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('spam an agent acts on, on %s', (database) => {
  let server: TMailTestServer
  // Ada owns the workspace, Grace is an agent in it, Eve is outside it.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string
  let address: string

  beforeAll(async () => {
    server = await startMailTestServer({ database })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    grace = await signUpUser(server.url, 'Grace Hopper')
    eve = await signUpUser(server.url, 'Eve Outsider')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: grace,
      teamId: workspace,
      roles: ['agent'],
    })
    address = (await readMailbox(ada)).address
  })
  afterAll(() => server?.stop())

  async function deliver(options: Omit<Parameters<typeof mail>[0], 'to'>) {
    const sent = await sendRaw({
      port: server.smtpPort,
      to: address,
      from: options.from,
      raw: mail({ ...options, to: address }),
    })
    expect(sent.accepted).toBe(true)
  }

  /** The analysed ticket whose subject is `subject`. */
  function analysedTicket(subject: string): Promise<TTicketDocument> {
    return waitForValue(
      async () => {
        const { documents } = await grace.databases.listDocuments<TTicketDocument>({
          ...TICKETS,
          queries: [Query.equal('subject', subject)],
        })
        const ticket = documents[0]
        return ticket?.processing_status === 'completed' ? ticket : undefined
      },
      { what: `the analysed ticket "${subject}"` },
    )
  }

  async function eventsOf(ticketId: string) {
    const { documents } = await grace.databases.listDocuments<TEventDocument>({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.ticketEvents,
      queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence')],
    })
    return documents.map(({ type, actorId, before, after }) => ({ type, actorId, before, after }))
  }

  async function deliveryFrom(from: string, subject: string): Promise<TInboundDocument> {
    return waitForValue(
      async () => {
        const { documents } = await ada.databases.listDocuments<TInboundDocument>({
          databaseId: DATABASE_ID,
          collectionId: CollectionId.inbound,
          queries: [Query.equal('subject', subject)],
        })
        const delivery = documents.find((d) => d.from === from)
        return delivery && delivery.status !== 'received' ? delivery : undefined
      },
      { what: `the delivery "${subject}"` },
    )
  }

  it('files bulk mail as spam with the reason, and "not spam" opens it with the analyser’s own category', async () => {
    const subject = 'Invoice charged twice this month'
    await deliver({
      from: 'Billing Digest <digest@lists.example.org>',
      subject,
      body: 'I was charged twice for my invoice this month and need the second payment refunded.',
      headers: ['List-Unsubscribe: <mailto:leave@lists.example.org>'],
    })
    const spam = await analysedTicket(subject)
    expect(spam).toMatchObject({ category: CategoryKey.spam, priority: 'low', status: 'open' })
    expect(spam.description).toContain(
      'Category: Spam and marketing (spam (bulk mail: List-Unsubscribe header)).',
    )

    const restored = await call<TTicketDocument>(grace.client, 'delete', `/tickets/${spam.$id}/spam`)
    expect(restored).toMatchObject({ status: 'open', category: CategoryKey.other })
    const reanalysed = await waitForValue(
      async () => {
        const ticket = await grace.databases.getDocument<TTicketDocument>({
          ...TICKETS,
          documentId: spam.$id,
        })
        return ticket.processing_status === 'completed' ? ticket : undefined
      },
      { what: 'the analysis without the spam rules' },
    )
    expect(reanalysed.category).toBe('billing-payment')
    expect(reanalysed.description).toContain('Category: Billing and payment (')
    const events = await eventsOf(spam.$id)
    expect(events.filter((e) => e.type === 'spam')).toEqual([
      { type: 'spam', actorId: grace.userId, before: null, after: { spam: false, blocked: null } },
    ])
    expect(events.at(-1)).toMatchObject({ type: 'analysed', after: { category: 'billing-payment' } })
    // Undone once, it is no spam: saying so again is refused.
    const again = await rejection(call(grace.client, 'delete', `/tickets/${spam.$id}/spam`))
    expect(again).toMatchObject({ code: 400, message: SpamMessages.notSpam })
  })

  it('marks a ticket spam and blocks its sender in one action; the sender’s next mail is a visible rejection', async () => {
    const from = 'Pushy Seller <deals@pushy.example>'
    await deliver({ from, subject: 'Quick question about your pricing', body: 'Do you offer a yearly plan?' })
    const ticket = await analysedTicket('Quick question about your pricing')
    expect(ticket.category).not.toBe(CategoryKey.spam)

    const marked = await call<TTicketDocument>(grace.client, 'post', `/tickets/${ticket.$id}/spam`, {
      block: 'address',
    })
    expect(marked).toMatchObject({ category: CategoryKey.spam, status: 'closed' })
    const events = await eventsOf(ticket.$id)
    expect(events.slice(-3)).toEqual([
      { type: 'status', actorId: grace.userId, before: 'open', after: 'closed' },
      { type: 'category', actorId: grace.userId, before: ticket.category, after: CategoryKey.spam },
      {
        type: 'spam',
        actorId: grace.userId,
        before: null,
        after: { spam: true, blocked: 'deals@pushy.example' },
      },
    ])

    const list = await call<{ total: number; senders: TBlockedSender[] }>(
      grace.client,
      'get',
      `/teams/${workspace}/blocked-senders`,
    )
    expect(list.senders).toEqual([
      expect.objectContaining({
        kind: 'address',
        value: 'deals@pushy.example',
        ticketId: ticket.$id,
        createdBy: grace.userId,
      }),
    ])

    const before = await readMailbox(ada)
    await deliver({ from, subject: 'Last chance: 50% off', body: 'Our yearly plan is half price today.' })
    const rejected = await deliveryFrom('deals@pushy.example', 'Last chance: 50% off')
    expect(rejected).toMatchObject({
      status: 'rejected',
      reason: 'the sender deals@pushy.example is blocked in this workspace',
      ticketId: null,
    })
    const after = await readMailbox(ada)
    expect(after.rejected).toBe(before.rejected + 1)
    expect(after.tickets).toBe(before.tickets)

    // An agent may not unblock; an owner may, and the sender's next mail is a ticket again.
    const blockId = list.senders[0]?.$id ?? ''
    const refused = await rejection(
      call(grace.client, 'delete', `/teams/${workspace}/blocked-senders/${blockId}`),
    )
    expect(refused).toMatchObject({ code: 401, message: SpamMessages.notManager })
    await call(ada.client, 'delete', `/teams/${workspace}/blocked-senders/${blockId}`)
    await deliver({ from, subject: 'Sorry, a real question', body: 'Can I pay by invoice?' })
    await analysedTicket('Sorry, a real question')

    // "Not spam" on a ticket a member marked gives back the category it had, and opens it.
    const undone = await call<TTicketDocument>(ada.client, 'delete', `/tickets/${ticket.$id}/spam`)
    expect(undone).toMatchObject({ status: 'open', category: ticket.category })
  })

  it('blocks a whole domain: any address of it is rejected', async () => {
    await deliver({
      from: 'a@bulk-domain.example',
      subject: 'Partnership offer',
      body: 'We would like to work with you.',
    })
    const ticket = await analysedTicket('Partnership offer')
    await call(grace.client, 'post', `/tickets/${ticket.$id}/spam`, { block: 'domain' })
    await deliver({
      from: 'b@bulk-domain.example',
      subject: 'Partnership offer, again',
      body: 'Still interested?',
    })
    expect(await deliveryFrom('b@bulk-domain.example', 'Partnership offer, again')).toMatchObject({
      status: 'rejected',
      reason: "the sender's domain bulk-domain.example is blocked in this workspace",
    })
  })

  it('lets no one outside the workspace mark its tickets or read its block list', async () => {
    await deliver({ from: 'c@customer.example', subject: 'Where is my parcel?', body: 'It is late.' })
    const ticket = await analysedTicket('Where is my parcel?')
    expect(await rejection(call(eve.client, 'post', `/tickets/${ticket.$id}/spam`, {}))).toMatchObject({
      code: 404,
    })
    expect(await rejection(call(eve.client, 'delete', `/tickets/${ticket.$id}/spam`))).toMatchObject({
      code: 404,
    })
    expect(await rejection(call(eve.client, 'get', `/teams/${workspace}/blocked-senders`))).toMatchObject({
      code: 404,
    })
    const unchanged = await grace.databases.getDocument<TTicketDocument>({
      ...TICKETS,
      documentId: ticket.$id,
    })
    expect(unchanged).toMatchObject({ status: 'open', category: ticket.category })
  })

  it('learns from "not spam": the sender’s next bulk mail is a ticket, unless it fails DMARC, until an owner forgets it', async () => {
    const from = 'Vendor News <news@vendor-updates.example>'
    const bulk = (subject: string, headers: string[] = []) =>
      deliver({
        from,
        subject,
        body: 'Our release notes for this month, and a question about your renewal invoice.',
        headers: ['List-Unsubscribe: <mailto:leave@vendor-updates.example>', ...headers],
      })
    await bulk('Release notes, March')
    const first = await analysedTicket('Release notes, March')
    expect(first.category).toBe(CategoryKey.spam)
    await call(grace.client, 'delete', `/tickets/${first.$id}/spam`)

    const trusted = await call<{ total: number; senders: TTrustedSender[] }>(
      grace.client,
      'get',
      `/teams/${workspace}/trusted-senders`,
    )
    // Newest first: the tests before this one marked their own senders not spam.
    expect(trusted.senders[0]).toEqual(
      expect.objectContaining({
        address: 'news@vendor-updates.example',
        ticketId: first.$id,
        createdBy: grace.userId,
      }),
    )

    await bulk('Release notes, April')
    expect((await analysedTicket('Release notes, April')).category).not.toBe(CategoryKey.spam)
    // A forged From of the same address, which the receiving server says fails DMARC, is judged as any mail.
    await bulk('Release notes, May', [
      'Authentication-Results: mx.example.net; dmarc=fail header.from=vendor-updates.example',
    ])
    expect((await analysedTicket('Release notes, May')).category).toBe(CategoryKey.spam)
    // Only the address a member vouched for is trusted, not its domain.
    await deliver({
      from: 'promo@vendor-updates.example',
      subject: 'Promotions, April',
      body: 'Our release notes for this month.',
      headers: ['List-Unsubscribe: <mailto:leave@vendor-updates.example>'],
    })
    expect((await analysedTicket('Promotions, April')).category).toBe(CategoryKey.spam)

    expect(await rejection(call(eve.client, 'get', `/teams/${workspace}/trusted-senders`))).toMatchObject({
      code: 404,
    })
    const trustId = trusted.senders[0]?.$id ?? ''
    expect(
      await rejection(call(grace.client, 'delete', `/teams/${workspace}/trusted-senders/${trustId}`)),
    ).toMatchObject({ code: 401, message: SpamMessages.notManagerToForget })
    await call(ada.client, 'delete', `/teams/${workspace}/trusted-senders/${trustId}`)
    await bulk('Release notes, June')
    expect((await analysedTicket('Release notes, June')).category).toBe(CategoryKey.spam)
  })
})
