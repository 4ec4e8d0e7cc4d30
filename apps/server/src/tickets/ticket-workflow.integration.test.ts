import {
  CollectionId,
  DATABASE_ID,
  ErrorType,
  TicketMessages,
  type TTicketAttributes,
  type TTicketEventAttributes,
  ZTicketAttributes,
} from '@parsedesk/contracts'
import { ID, type Models, Permission, Query, Role, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TAnalyser } from '../analysis'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'
import { createTicketAnalysisService } from '../ticket-analysis/ticket-analysis-service'

type TTicketDocument = Models.Document & TTicketAttributes
type TEventDocument = Models.Document & TTicketEventAttributes

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const EVENTS = { databaseId: DATABASE_ID, collectionId: CollectionId.ticketEvents }

/** An analyser whose verdict the test knows: the analysis is not what is under test here. */
const BILLING_LOW: TAnalyser = {
  analyse: async () => ({
    category: 'Billing and payment',
    priority: 'low',
    analysis: 'The customer asks about an invoice.',
    confidence: 0.9,
  }),
}

describe.each(DATABASE_KINDS)('working a ticket, and its event log, on %s', (database) => {
  let server: TTestServer
  // Ada owns a workspace, Grace works in it as an agent, Eve is outside it.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    // No worker: analyses and mail are run by the tests, when they choose.
    server = await startUndecidingServer(database)
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
  })
  afterAll(() => server?.stop())

  /** The seed's create, as the dashboard's form sends it (owner-only permissions), into `teamId` if given. */
  async function fileTicket(user: TSdkUser, subject: string, teamId?: string): Promise<TTicketDocument> {
    const created = await user.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: {
        email: 'customer@example.com',
        subject,
        body: `About ${subject}`,
        status: 'open',
        userId: user.userId,
        processing_status: 'waiting',
        ...(teamId ? { teamId } : {}),
      },
      permissions: [
        Permission.read(Role.user(user.userId)),
        Permission.update(Role.user(user.userId)),
        Permission.delete(Role.user(user.userId)),
        Permission.write(Role.user(user.userId)),
      ],
    })
    return { ...created, ...ZTicketAttributes.parse(created) }
  }

  function change(user: TSdkUser, ticketId: string, data: Record<string, unknown>) {
    return user.databases.updateDocument<TTicketDocument>({ ...TICKETS, documentId: ticketId, data })
  }

  async function eventsOf(user: TSdkUser, ticketId: string) {
    const { documents } = await user.databases.listDocuments<TEventDocument>({
      ...EVENTS,
      queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence')],
    })
    return documents.map(({ type, actorType, actorId, before, after }) => ({
      type,
      actorType,
      actorId,
      before,
      after,
    }))
  }

  it('numbers tickets 1, 2, 3... in each workspace, and tickets filed at once never share a number', async () => {
    const mine = await new Teams(ada.client).create({ teamId: ID.unique(), name: 'Numbered desk' })
    const theirs = await new Teams(eve.client).create({ teamId: ID.unique(), name: 'Other desk' })
    expect((await fileTicket(ada, 'First here', mine.$id)).number).toBe(1)
    expect((await fileTicket(eve, 'First there', theirs.$id)).number).toBe(1)

    const together = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fileTicket(ada, `Together ${i}`, mine.$id)),
    )
    expect(together.map((ticket) => ticket.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    )
    const byNumber = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [Query.equal('teamId', mine.$id), Query.equal('number', 7)],
    })
    expect(byNumber.documents).toHaveLength(1)
  })

  it("logs an agent's every change once, with who made it, what it was and what it became", async () => {
    const ticket = await fileTicket(ada, 'My invoice is wrong')
    expect(ticket).toMatchObject({ status: 'open', teamId: workspace, assigneeId: null, tags: [] })

    await change(grace, ticket.$id, { status: 'pending', priority: 'high' })
    await change(grace, ticket.$id, {
      category: 'Billing and payment',
      assigneeId: grace.userId,
      tags: ['VIP', ' refund ', 'vip'],
    })
    // The same values again change nothing, so they log nothing.
    const same = await change(grace, ticket.$id, { status: 'pending', tags: ['vip', 'refund'] })
    expect(same).toMatchObject({
      status: 'pending',
      priority: 'high',
      category: 'Billing and payment',
      assigneeId: grace.userId,
      tags: ['vip', 'refund'],
    })
    await change(ada, ticket.$id, { status: 'closed' })
    await change(ada, ticket.$id, { status: 'in-progress', assigneeId: null })

    const byGrace = { actorType: 'user', actorId: grace.userId }
    const byAda = { actorType: 'user', actorId: ada.userId }
    expect(await eventsOf(grace, ticket.$id)).toEqual([
      {
        type: 'created',
        ...byAda,
        before: null,
        after: { status: 'open', priority: null, category: null, assigneeId: null, tags: [] },
      },
      { type: 'status', ...byGrace, before: 'open', after: 'pending' },
      { type: 'priority', ...byGrace, before: null, after: 'high' },
      { type: 'category', ...byGrace, before: null, after: 'Billing and payment' },
      { type: 'assignee', ...byGrace, before: null, after: grace.userId },
      { type: 'tags', ...byGrace, before: [], after: ['vip', 'refund'] },
      { type: 'status', ...byAda, before: 'pending', after: 'closed' },
      { type: 'reopened', ...byAda, before: 'closed', after: 'in-progress' },
      { type: 'assignee', ...byAda, before: grace.userId, after: null },
    ])
  })

  it('logs two agents changing one field at once in the order they committed, each with what it replaced', async () => {
    const ticket = await fileTicket(ada, 'Both of us')
    await Promise.all([
      change(ada, ticket.$id, { priority: 'low' }),
      change(grace, ticket.$id, { priority: 'high' }),
    ])
    const events = await eventsOf(ada, ticket.$id)
    expect(events.map((event) => event.type)).toEqual(['created', 'priority', 'priority'])
    const [, first, second] = events
    expect([first?.before, second?.before]).toEqual([null, first?.after])
    const final = await ada.databases.getDocument<TTicketDocument>({ ...TICKETS, documentId: ticket.$id })
    // The later write wins, and the log says who made it.
    expect(final.priority).toBe(second?.after)
    expect(second?.actorId).toBe(second?.after === 'low' ? ada.userId : grace.userId)
  })

  it('keeps the copied addresses clean and logs their change; a merge link is the server’s alone', async () => {
    const ticket = await fileTicket(ada, 'Copy my colleague')
    const copied = await change(grace, ticket.$id, { cc: [' Bob@Example.com', 'bob@example.com', 'c@d.io'] })
    expect(copied.cc).toEqual(['bob@example.com', 'c@d.io'])
    const notAnAddress = await rejection(change(grace, ticket.$id, { cc: ['bob at example'] }))
    expect(notAnAddress).toMatchObject({
      code: 400,
      message: expect.stringContaining(TicketMessages.ccAddress),
    })
    // A client sets the link only by merging (decision 018), and never into the ticket itself.
    expect(await rejection(change(grace, ticket.$id, { mergedIntoId: ticket.$id }))).toMatchObject({
      code: 400,
    })
    expect((await change(grace, ticket.$id, { mergedIntoId: null })).mergedIntoId).toBeNull()
    expect((await eventsOf(grace, ticket.$id)).slice(1)).toEqual([
      {
        type: 'cc',
        actorType: 'user',
        actorId: grace.userId,
        before: [],
        after: ['bob@example.com', 'c@d.io'],
      },
    ])
  })

  it('refuses an assignee who is not a member of the workspace, and bad tags, changing nothing', async () => {
    const ticket = await fileTicket(ada, 'Who takes this?')
    for (const outsider of [eve.userId, 'nobody-at-all']) {
      const refused = await rejection(change(grace, ticket.$id, { assigneeId: outsider, status: 'closed' }))
      expect(refused).toMatchObject({
        code: 400,
        type: ErrorType.documentInvalidStructure,
        message: `Invalid document structure: Attribute "assigneeId" ${TicketMessages.assigneeNotMember}`,
      })
    }
    const tooLong = await rejection(change(grace, ticket.$id, { tags: ['x'.repeat(41)] }))
    expect(tooLong).toMatchObject({ code: 400, message: expect.stringContaining(TicketMessages.tagLength) })
    const tooMany = await rejection(
      change(grace, ticket.$id, { tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }),
    )
    expect(tooMany).toMatchObject({ code: 400, message: expect.stringContaining(TicketMessages.tooManyTags) })

    const unchanged = await grace.databases.getDocument<TTicketDocument>({
      ...TICKETS,
      documentId: ticket.$id,
    })
    expect(unchanged).toMatchObject({ status: 'open', assigneeId: null, tags: [] })
    expect((await eventsOf(grace, ticket.$id)).map((event) => event.type)).toEqual(['created'])
  })

  it("keeps an agent's correction when the analysis finishes, with the analyser's choice as the original", async () => {
    const ticket = await fileTicket(ada, 'Cannot sign in since the invoice')
    // Grace files it under what she knows it is before the analyser is done.
    await change(grace, ticket.$id, { category: 'Account and access' })

    const analysis = createTicketAnalysisService({
      db: server.db,
      bus: server.bus,
      tickets: server.tickets.collection,
      analyser: BILLING_LOW,
    })
    await analysis.analyseTicket({ ticketId: ticket.$id, attempt: { number: 1, isLast: false } })

    const analysed = await grace.databases.getDocument<TTicketDocument>({
      ...TICKETS,
      documentId: ticket.$id,
    })
    expect(analysed).toMatchObject({
      processing_status: 'completed',
      category: 'Account and access',
      priority: 'low',
      description: 'The customer asks about an invoice.',
    })
    // Then she corrects the analyser's priority: the event holds the analyser's as what it was.
    await change(grace, ticket.$id, { priority: 'high' })

    const events = await eventsOf(ada, ticket.$id)
    expect(events.slice(1)).toEqual([
      {
        type: 'category',
        actorType: 'user',
        actorId: grace.userId,
        before: null,
        after: 'Account and access',
      },
      {
        type: 'analysed',
        actorType: 'system',
        actorId: null,
        before: { category: 'Account and access', priority: null },
        after: { category: 'Billing and payment', priority: 'low' },
      },
      { type: 'priority', actorType: 'user', actorId: grace.userId, before: 'low', after: 'high' },
    ])
  })

  it("opens a closed or pending ticket on the customer's answer, logging the message and the reopening", async () => {
    const mailbox = await readMailbox(ada)
    const process = (inboundId: string) =>
      createTestProcessor(server).processInboundEmail({ inboundId, isLastAttempt: false })
    const [first = ''] = await deliverMails(server, mailbox.address, [
      { subject: 'Broken export', messageId: 'export-1@customer.example' },
    ])
    await process(first)
    const { documents } = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [Query.equal('subject', 'Broken export')],
    })
    const ticket = documents[0] as TTicketDocument
    await change(grace, ticket.$id, { status: 'closed' })

    const [answer = ''] = await deliverMails(server, mailbox.address, [
      {
        subject: 'Re: Broken export',
        messageId: 'export-2@customer.example',
        inReplyTo: 'export-1@customer.example',
      },
    ])
    await process(answer)
    await change(grace, ticket.$id, { status: 'pending' })
    const [another = ''] = await deliverMails(server, mailbox.address, [
      {
        subject: 'Re: Broken export',
        messageId: 'export-3@customer.example',
        inReplyTo: 'export-2@customer.example',
      },
    ])
    await process(another)

    const reopened = await ada.databases.getDocument<TTicketDocument>({ ...TICKETS, documentId: ticket.$id })
    expect(reopened.status).toBe('open')
    const { documents: messages } = await ada.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.messages,
      queries: [Query.equal('ticketId', ticket.$id), Query.orderAsc('$sequence')],
    })
    const customer = { actorType: 'customer', actorId: null }
    const byGrace = { actorType: 'user', actorId: grace.userId }
    expect(await eventsOf(ada, ticket.$id)).toEqual([
      {
        type: 'created',
        ...customer,
        before: null,
        after: { status: 'open', priority: null, category: null, assigneeId: null, tags: [] },
      },
      { type: 'status', ...byGrace, before: 'open', after: 'closed' },
      { type: 'message-in', ...customer, before: null, after: { message: messages[0]?.$id } },
      { type: 'reopened', ...customer, before: 'closed', after: 'open' },
      { type: 'status', ...byGrace, before: 'open', after: 'pending' },
      { type: 'message-in', ...customer, before: null, after: { message: messages[1]?.$id } },
      { type: 'status', ...customer, before: 'pending', after: 'open' },
    ])
  })

  it('shows the events to the workspace only, and nobody creates, changes or deletes one', async () => {
    const ticket = await fileTicket(ada, 'Private matter')
    await change(grace, ticket.$id, { status: 'on-hold' })
    const [created] = (
      await ada.databases.listDocuments<TEventDocument>({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticket.$id), Query.orderAsc('$sequence')],
      })
    ).documents
    const eventId = created?.$id ?? ''
    expect(created).toMatchObject({ type: 'created', teamId: workspace, $sequence: '1' })

    const outside = await eve.databases.listDocuments({
      ...EVENTS,
      queries: [Query.equal('ticketId', ticket.$id)],
    })
    expect(outside.total).toBe(0)
    expect((await rejection(eve.databases.getDocument({ ...EVENTS, documentId: eventId }))).code).toBe(404)

    for (const writer of [ada, grace]) {
      // One at a time: requests sent together could reject before their turn to be awaited (unhandled).
      const attempts = [
        () =>
          writer.databases.createDocument({
            ...EVENTS,
            documentId: ID.unique(),
            data: { ticketId: ticket.$id, type: 'status', before: 'open', after: 'closed' },
          }),
        () => writer.databases.updateDocument({ ...EVENTS, documentId: eventId, data: { after: {} } }),
        () => writer.databases.deleteDocument({ ...EVENTS, documentId: eventId }),
      ]
      for (const attempt of attempts) expect((await rejection(attempt())).code).toBe(401)
    }
    const stillThere = await eventsOf(grace, ticket.$id)
    expect(stillThere.map((event) => event.type)).toEqual(['created', 'status'])

    // Nor does the database let anything rewrite one; only the ticket's removal takes them with it.
    await expect(
      server.db.query(`update ticket_events set "after" = '"open"' where id = $1`, [eventId]),
    ).rejects.toThrow('ticket events are never changed')
    await expect(server.db.query('delete from ticket_events where id = $1', [eventId])).rejects.toThrow(
      'ticket events are deleted only with their ticket',
    )
    await ada.databases.deleteDocument({ ...TICKETS, documentId: ticket.$id })
    const { rows } = await server.db.query('select 1 from ticket_events where "ticketId" = $1', [ticket.$id])
    expect(rows).toEqual([])
  })
})
