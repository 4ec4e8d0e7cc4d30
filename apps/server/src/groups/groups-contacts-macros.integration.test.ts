import {
  CollectionId,
  ContactMessages,
  DATABASE_ID,
  ErrorType,
  GroupMessages,
  MacroMessages,
  renderMacro,
  type TContactAttributes,
  type TGroupAttributes,
  type TMacroAttributes,
  type TTicketAttributes,
  type TTicketEventAttributes,
} from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TGroup = Models.Document & TGroupAttributes
type TContact = Models.Document & TContactAttributes
type TMacroDocument = Models.Document & TMacroAttributes
type TTicket = Models.Document & TTicketAttributes

type TCollection = { databaseId: string; collectionId: string }

const GROUPS = { databaseId: DATABASE_ID, collectionId: CollectionId.groups }
const CONTACTS = { databaseId: DATABASE_ID, collectionId: CollectionId.contacts }
const MACROS = { databaseId: DATABASE_ID, collectionId: CollectionId.macros }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const EVENTS = { databaseId: DATABASE_ID, collectionId: CollectionId.ticketEvents }

describe.each(DATABASE_KINDS)('groups, requesters and macros on %s', (database) => {
  let server: TTestServer
  // Ada owns a workspace, Grace is its agent, Linus its admin; Eve has a workspace of her own.
  let ada: TSdkUser
  let grace: TSdkUser
  let linus: TSdkUser
  let eve: TSdkUser
  let workspace: string
  let eveWorkspace: string
  let linusMembership: string

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ;[ada, grace, linus, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Lovelace'),
      signUpUser(server.url, 'Grace Hopper'),
      signUpUser(server.url, 'Linus Admin'),
      signUpUser(server.url, 'Eve Outsider'),
    ])
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    eveWorkspace = (await new Teams(eve.client).list()).teams[0]?.$id ?? ''
    await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: grace,
      teamId: workspace,
      roles: ['agent'],
    })
    linusMembership = await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: linus,
      teamId: workspace,
      roles: ['admin'],
    })
  })
  afterAll(() => server?.stop())

  /** The SDK's writes, typed by what the test reads back (Appwrite's generics want every attribute). */
  const create = async <T>(user: TSdkUser, collection: TCollection, data: Record<string, unknown>) =>
    (await user.databases.createDocument({ ...collection, documentId: ID.unique(), data })) as unknown as T
  const update = async <T>(
    user: TSdkUser,
    collection: TCollection,
    documentId: string,
    data: Record<string, unknown>,
  ) => (await user.databases.updateDocument({ ...collection, documentId, data })) as unknown as T

  // Into Ada's workspace unless told otherwise: each of them also owns one of their own.
  const createGroup = (user: TSdkUser, data: Record<string, unknown>) =>
    create<TGroup>(user, GROUPS, { teamId: workspace, ...data })
  const createMacro = (user: TSdkUser, data: Record<string, unknown>) =>
    create<TMacroDocument>(user, MACROS, { teamId: workspace, ...data })
  const createContact = (user: TSdkUser, data: Record<string, unknown>) =>
    create<TContact>(user, CONTACTS, { teamId: workspace, ...data })
  const fileTicket = (user: TSdkUser, email: string, subject: string, teamId = workspace) =>
    create<TTicket>(user, TICKETS, { email, subject, body: `About ${subject}`, teamId })
  const changeTicket = (user: TSdkUser, ticketId: string, data: Record<string, unknown>) =>
    update<TTicket>(user, TICKETS, ticketId, data)

  it('lets owners and admins make groups that every member reads, and agents and outsiders not', async () => {
    const billing = await createGroup(ada, {
      name: '  Billing ',
      description: 'Invoices and refunds',
      memberIds: [grace.userId, ada.userId, grace.userId],
    })
    expect(billing).toMatchObject({
      name: 'Billing',
      teamId: workspace,
      memberIds: [grace.userId, ada.userId],
    })
    expect((await createGroup(linus, { name: 'Tier 2' })).memberIds).toEqual([])

    const seen = await grace.databases.listDocuments<TGroup>({ ...GROUPS, queries: [Query.orderAsc('name')] })
    expect(seen.documents.map((group) => group.name)).toEqual(['Billing', 'Tier 2'])

    const agentCreate = await rejection(createGroup(grace, { name: 'Mine' }))
    expect([agentCreate.code, agentCreate.message]).toEqual([401, GroupMessages.managersOnly])
    const agentRename = await rejection(update<Models.Document>(grace, GROUPS, billing.$id, { name: 'Mine' }))
    expect(agentRename.code).toBe(401)
    expect(
      (await rejection(grace.databases.deleteDocument({ ...GROUPS, documentId: billing.$id }))).code,
    ).toBe(401)

    expect((await eve.databases.listDocuments({ ...GROUPS })).documents).toEqual([])
    expect((await rejection(eve.databases.getDocument({ ...GROUPS, documentId: billing.$id }))).code).toBe(
      404,
    )
    const intoOthers = await rejection(createGroup(eve, { name: 'Spy', teamId: workspace }))
    expect(intoOthers.code).toBe(401)
  })

  it('keeps group names unique in a workspace whatever their case, and members to the workspace’s', async () => {
    await createGroup(ada, { name: 'Returns' })
    const again = await rejection(createGroup(linus, { name: 'RETURNS' }))
    expect([again.code, again.type, again.message]).toEqual([
      409,
      ErrorType.documentAlreadyExists,
      GroupMessages.nameTaken,
    ])
    // Another workspace may use the name.
    expect((await createGroup(eve, { name: 'Returns', teamId: eveWorkspace })).teamId).toBe(eveWorkspace)

    const outsider = await rejection(
      createGroup(ada, { name: 'Mixed', memberIds: [grace.userId, eve.userId] }),
    )
    expect([outsider.code, outsider.message]).toEqual([
      400,
      `Invalid document structure: Attribute "memberIds" ${GroupMessages.memberNotMember}`,
    ])
  })

  it('renames a group, changes its members, and takes out a member who leaves the workspace', async () => {
    const group = await createGroup(ada, { name: 'Escalations', memberIds: [linus.userId, grace.userId] })
    const renamed = await update<TGroup>(linus, GROUPS, group.$id, {
      name: 'Escalations EU',
      memberIds: [linus.userId],
    })
    expect(renamed).toMatchObject({ name: 'Escalations EU', memberIds: [linus.userId] })
    const taken = await rejection(update<Models.Document>(ada, GROUPS, group.$id, { name: 'billing' }))
    expect([taken.code, taken.message]).toEqual([409, GroupMessages.nameTaken])

    await new Teams(ada.client).deleteMembership({ teamId: workspace, membershipId: linusMembership })
    const after = await ada.databases.getDocument<TGroup>({ ...GROUPS, documentId: group.$id })
    expect(after.memberIds).toEqual([])
  })

  it('routes a ticket to a group of its workspace only, logs it, and clears it when the group goes', async () => {
    const group = await createGroup(ada, { name: 'Routing' })
    const foreign = await createGroup(eve, { name: 'Elsewhere', teamId: eveWorkspace })
    const ticket = await fileTicket(grace, 'someone@customer.example', 'Route me')

    expect((await changeTicket(grace, ticket.$id, { groupId: group.$id })).groupId).toBe(group.$id)
    const refused = await rejection(changeTicket(grace, ticket.$id, { groupId: foreign.$id }))
    expect([refused.code, refused.message]).toEqual([
      400,
      `Invalid document structure: Attribute "groupId" ${GroupMessages.groupNotInWorkspace}`,
    ])
    const onCreate = await rejection(
      create(grace, TICKETS, {
        email: 'a@b.example',
        subject: 'x',
        body: 'y',
        teamId: workspace,
        groupId: 'no-such-group',
      }),
    )
    expect(onCreate.message).toContain('Attribute "groupId"')

    const { documents: events } = await grace.databases.listDocuments<
      Models.Document & TTicketEventAttributes
    >({
      ...EVENTS,
      queries: [Query.equal('ticketId', ticket.$id), Query.equal('type', 'group')],
    })
    expect(events.map(({ before, after, actorId }) => ({ before, after, actorId }))).toEqual([
      { before: null, after: group.$id, actorId: grace.userId },
    ])

    await ada.databases.deleteDocument({ ...GROUPS, documentId: group.$id })
    expect(
      (await ada.databases.getDocument<TTicket>({ ...TICKETS, documentId: ticket.$id })).groupId,
    ).toBeNull()
  })

  it('gives every ticket from the form its requester’s contact, one per address, found by requesterId', async () => {
    const first = await fileTicket(grace, 'Customer@Example.com', 'First question')
    const second = await fileTicket(ada, ' customer@example.com', 'Second question')
    expect(first.requesterId).toEqual(expect.any(String))
    expect(second.requesterId).toBe(first.requesterId)

    const contact = await grace.databases.getDocument<TContact>({
      ...CONTACTS,
      documentId: first.requesterId ?? '',
    })
    expect(contact).toMatchObject({
      email: 'customer@example.com',
      name: '',
      organisation: '',
      teamId: workspace,
    })
    // The same address in another workspace is another workspace's contact.
    const theirs = await fileTicket(eve, 'customer@example.com', 'Elsewhere', eveWorkspace)
    expect(theirs.requesterId).not.toBe(first.requesterId)

    const others = await grace.databases.listDocuments<TTicket>({
      ...TICKETS,
      queries: [Query.equal('requesterId', first.requesterId ?? ''), Query.orderAsc('subject')],
    })
    expect(others.documents.map((ticket) => ticket.subject)).toEqual(['First question', 'Second question'])

    // Not an address (the form takes any text): no contact, no requester.
    expect((await fileTicket(grace, 'the man on the phone', 'No address')).requesterId).toBeNull()
  })

  it('reads "their other tickets" through an index', async () => {
    const plan = await server.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off')
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `explain select id from tickets where "requesterId" = 'x' and "teamId" = 'y' order by seq`,
      )
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('tickets_requester_idx')
  })

  it('lets members edit a contact’s name and organisation, never its address, and only managers delete it', async () => {
    const created = await createContact(grace, { email: 'Bob@Vendor.example', name: 'Bob' })
    expect(created).toMatchObject({ email: 'bob@vendor.example', teamId: workspace })
    const edited = await update<TContact>(grace, CONTACTS, created.$id, {
      name: 'Bob Builder',
      organisation: 'Vendor Ltd',
    })
    expect(edited).toMatchObject({ name: 'Bob Builder', organisation: 'Vendor Ltd' })
    const readdress = await rejection(
      update<Models.Document>(grace, CONTACTS, created.$id, { email: 'x@y.example' }),
    )
    expect([readdress.code, readdress.message]).toEqual([
      400,
      'Invalid document structure: Unknown attribute: "email"',
    ])
    const twice = await rejection(createContact(grace, { email: 'bob@vendor.example' }))
    expect([twice.code, twice.message]).toEqual([409, ContactMessages.emailTaken])
    expect((await rejection(eve.databases.getDocument({ ...CONTACTS, documentId: created.$id }))).code).toBe(
      404,
    )

    const ticket = await fileTicket(grace, 'bob@vendor.example', 'From Bob')
    expect(ticket.requesterId).toBe(created.$id)
    expect(
      (await rejection(grace.databases.deleteDocument({ ...CONTACTS, documentId: created.$id }))).code,
    ).toBe(401)
    await ada.databases.deleteDocument({ ...CONTACTS, documentId: created.$id })
    expect(
      (await grace.databases.getDocument<TTicket>({ ...TICKETS, documentId: ticket.$id })).requesterId,
    ).toBeNull()
  })

  it('moves a ticket to a contact of its workspace only, and logs it', async () => {
    const ticket = await fileTicket(grace, 'first@customer.example', 'Who asked')
    const other = await createContact(grace, { email: 'second@customer.example' })
    const foreign = await createContact(eve, { email: 'second@customer.example', teamId: eveWorkspace })
    expect((await changeTicket(grace, ticket.$id, { requesterId: other.$id })).requesterId).toBe(other.$id)
    const refused = await rejection(changeTicket(grace, ticket.$id, { requesterId: foreign.$id }))
    expect([refused.code, refused.message]).toEqual([
      400,
      `Invalid document structure: Attribute "requesterId" ${ContactMessages.contactNotInWorkspace}`,
    ])
    const { documents } = await grace.databases.listDocuments<Models.Document & TTicketEventAttributes>({
      ...EVENTS,
      queries: [Query.equal('ticketId', ticket.$id), Query.equal('type', 'requester')],
    })
    expect(documents.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: ticket.requesterId, after: other.$id },
    ])
  })

  it('makes one contact, named from the mail, for a batch of mails from one sender, in the batch’s transaction', async () => {
    const mailbox = await readMailbox(ada)
    const ids = await deliverMails(server, mailbox.address, [
      { subject: 'Order late', messageId: 'late-1@shop.example', from: 'Shopper@Shop.example' },
      { subject: 'Order broken', messageId: 'broken-1@shop.example', from: 'shopper@shop.example' },
    ])
    await createTestProcessor(server).processInboundBatch(
      ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
    const { documents } = await ada.databases.listDocuments<TTicket>({
      ...TICKETS,
      queries: [Query.startsWith('subject', 'Order '), Query.orderAsc('$sequence')],
    })
    expect(documents).toHaveLength(2)
    const [late, broken] = documents
    expect(late?.requesterId).toEqual(expect.any(String))
    expect(broken?.requesterId).toBe(late?.requesterId)
    const contact = await grace.databases.getDocument<TContact>({
      ...CONTACTS,
      documentId: late?.requesterId ?? '',
    })
    // testEmail's From is "Customer <address>".
    expect(contact).toMatchObject({ email: 'shopper@shop.example', name: 'Customer' })
  })

  it('lets managers keep macros that every member reads, renders and applies as a ticket update', async () => {
    const macro = await createMacro(ada, {
      name: 'Refund sent',
      body: 'Hi {{requester.name}}, the refund for {{ticket.number}} is on its way. {{agent.name}}',
      actions: { status: 'pending', addTags: ['Refund'], assignee: { kind: 'applier' } },
    })
    expect(macro.actions).toEqual({ status: 'pending', addTags: ['refund'], assignee: { kind: 'applier' } })
    const agentMade = await rejection(createMacro(grace, { name: 'Mine' }))
    expect([agentMade.code, agentMade.message]).toEqual([401, MacroMessages.managersOnly])
    const dup = await rejection(createMacro(ada, { name: 'refund SENT' }))
    expect([dup.code, dup.message]).toEqual([409, MacroMessages.nameTaken])
    const stranger = await rejection(
      createMacro(ada, { name: 'To Eve', actions: { assignee: { kind: 'member', userId: eve.userId } } }),
    )
    expect([stranger.code, stranger.message]).toEqual([
      400,
      `Invalid document structure: Attribute "actions.assignee.userId" ${MacroMessages.assigneeNotMember}`,
    ])
    expect((await eve.databases.listDocuments({ ...MACROS })).documents).toEqual([])

    // Grace, an agent, applies it as the composer does: the text rendered, the changes sent as an update.
    const ticket = await fileTicket(grace, 'refunds@customer.example', 'Refund please')
    const [read] = (
      await grace.databases.listDocuments<TMacroDocument>({
        ...MACROS,
        queries: [Query.equal('name', 'Refund sent')],
      })
    ).documents
    const rendered = renderMacro(read as TMacroDocument, {
      ticket: {
        number: ticket.number,
        subject: ticket.subject,
        tags: ticket.tags,
        assigneeId: ticket.assigneeId,
      },
      requester: { name: '', email: ticket.email },
      agent: { id: grace.userId, name: 'Grace Hopper' },
    })
    expect(rendered.body).toBe(
      `Hi {{requester.name}}, the refund for #${ticket.number} is on its way. Grace Hopper`,
    )
    const applied = await changeTicket(grace, ticket.$id, rendered.changes)
    expect(applied).toMatchObject({ status: 'pending', tags: ['refund'], assigneeId: grace.userId })

    const edited = await update<TMacroDocument>(ada, MACROS, macro.$id, {
      actions: { status: 'closed', addTags: [], assignee: { kind: 'nobody' } },
    })
    expect(edited.actions.status).toBe('closed')
    expect((await rejection(grace.databases.deleteDocument({ ...MACROS, documentId: macro.$id }))).code).toBe(
      401,
    )
    await ada.databases.deleteDocument({ ...MACROS, documentId: macro.$id })
  })

  describe('hostile input', () => {
    const deep = (levels: number) => {
      let value: unknown = 'x'
      for (let i = 0; i < levels; i++) value = { kind: value }
      return value
    }

    it('refuses NUL in names, deep nesting, foreign ids and unknown attributes with 400s, never a 500', async () => {
      const cases: [string, () => Promise<unknown>, string][] = [
        ['group NUL name', () => createGroup(ada, { name: 'Bill\u0000ing' }), 'control characters'],
        ['group NUL-only name', () => createGroup(ada, { name: '\u0000' }), 'control characters'],
        ['macro NUL name', () => createMacro(ada, { name: '\u0000' }), 'control characters'],
        [
          'group nested members',
          () => createGroup(ada, { name: 'Deep', memberIds: [deep(200)] }),
          'memberIds',
        ],
        [
          'macro nested actions',
          () => createMacro(ada, { name: 'Deep', actions: { assignee: deep(200) } }),
          'actions',
        ],
        [
          'group foreign member',
          () => createGroup(ada, { name: 'Foreign', memberIds: ['x\u0000y'] }),
          'memberIds',
        ],
        [
          'group unknown attribute',
          () => createGroup(ada, { name: 'Extra', teamIds: [workspace] }),
          'teamIds',
        ],
        [
          'contact NUL address',
          () => createContact(grace, { email: 'a\u0000@b.example' }),
          ContactMessages.email,
        ],
        [
          'contact nested name',
          () => createContact(grace, { email: 'deep@b.example', name: deep(200) }),
          'name',
        ],
        [
          'ticket group id with NUL',
          () =>
            fileTicket(grace, 'a@b.example', 'x', workspace).then((t) =>
              changeTicket(grace, t.$id, { groupId: '\u0000' }),
            ),
          'groupId',
        ],
      ]
      for (const [what, call, says] of cases) {
        const error = await rejection(call())
        expect({ what, code: error.code, says: error.message.includes(says) }).toEqual({
          what,
          code: 400,
          says: true,
        })
      }
    })

    it('refuses a group in another workspace, a 10 MB body, and a macro text past its limit', async () => {
      const intoEve = await rejection(createMacro(ada, { name: 'Theirs', teamId: eveWorkspace }))
      expect(intoEve.code).toBe(401)
      const huge = await rejection(createMacro(ada, { name: 'Huge', body: 'x'.repeat(10 * 1024 * 1024) }))
      expect([413, 400]).toContain(huge.code)
      const long = await rejection(createMacro(ada, { name: 'Long', body: 'x'.repeat(20_001) }))
      expect([long.code, long.message]).toEqual([
        400,
        `Invalid document structure: Attribute "body" ${MacroMessages.bodyLength}`,
      ])
      const contactName = await rejection(
        createContact(grace, { email: 'long@b.example', name: 'n'.repeat(201) }),
      )
      expect([contactName.code, contactName.message]).toEqual([
        400,
        `Invalid document structure: Attribute "name" ${ContactMessages.nameLength}`,
      ])
    })
  })
})
