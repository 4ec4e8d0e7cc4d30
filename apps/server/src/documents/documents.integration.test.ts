import { Databases, ID, Permission, Query, Role, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection, sdkClient, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'

function ticketPayload(user: TSdkUser, subject: string) {
  return {
    email: user.email,
    subject,
    body: `Body of ${subject}`,
    status: 'open',
    userId: user.userId,
    processing_status: 'waiting',
  }
}

function ownerOnly(userId: string) {
  return [
    Permission.read(Role.user(userId)),
    Permission.update(Role.user(userId)),
    Permission.delete(Role.user(userId)),
    Permission.write(Role.user(userId)),
  ]
}

describe.each(DATABASE_KINDS)('documents API on %s', (database) => {
  let server: TTestServer
  let alice: TSdkUser
  let bob: TSdkUser
  const tickets = { databaseId: 'main', collectionId: 'tickets' }

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
    alice = await signUpUser(server.url, 'Alice')
    bob = await signUpUser(server.url, 'Bob')
  })
  afterAll(() => server?.stop())

  it('creates a ticket the way the dashboard does, with server-set fields', async () => {
    const ticket = await alice.databases.createDocument({
      ...tickets,
      documentId: ID.unique(),
      data: ticketPayload(alice, 'Cannot log in'),
      permissions: ownerOnly(alice.userId),
    })
    expect(ticket).toMatchObject({
      subject: 'Cannot log in',
      status: 'open',
      processing_status: 'waiting',
      userId: alice.userId,
      priority: null,
      rawJson: null,
      $collectionId: 'tickets',
      $databaseId: 'main',
    })
    expect(ticket.$createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
    // Filed into the owner's workspace, whose members work it (decision 010).
    const [workspace] = (await new Teams(alice.client).list()).teams
    expect(ticket.teamId).toBe(workspace?.$id)
    expect(ticket.$permissions.sort()).toEqual(
      [
        `delete("team:${ticket.teamId}")`,
        `read("team:${ticket.teamId}")`,
        `update("team:${ticket.teamId}")`,
      ].sort(),
    )
  })

  it('overwrites a forged owner and forged processing fields', async () => {
    const ticket = await alice.databases.createDocument({
      ...tickets,
      documentId: ID.unique(),
      data: {
        ...ticketPayload(alice, 'Forged'),
        userId: bob.userId,
        processing_status: 'completed',
        status: 'closed',
      },
    })
    expect(ticket.userId).toBe(alice.userId)
    expect(ticket.processing_status).toBe('waiting')
    expect(ticket.status).toBe('open')
    const bobsView = await bob.databases.listDocuments({ ...tickets })
    expect(bobsView.documents.map((d) => d.$id)).not.toContain(ticket.$id)
  })

  it('refuses permissions that would share a ticket with anyone else', async () => {
    const toBob = await rejection(
      alice.databases.createDocument({
        ...tickets,
        documentId: ID.unique(),
        data: ticketPayload(alice, 'Share with Bob'),
        permissions: [Permission.read(Role.user(bob.userId))],
      }),
    )
    expect(toBob.code).toBe(401)
    expect(toBob.type).toBe('user_unauthorized')
    const toAnyone = await rejection(
      alice.databases.createDocument({
        ...tickets,
        documentId: ID.unique(),
        data: ticketPayload(alice, 'Share with anyone'),
        permissions: [Permission.read(Role.any())],
      }),
    )
    expect(toAnyone.code).toBe(401)
  })

  it('lists with queries: newest first, limit, filters, cursor and select', async () => {
    const user = await signUpUser(server.url)
    const created: string[] = []
    for (const subject of ['first', 'second', 'third', 'fourth']) {
      const doc = await user.databases.createDocument({
        ...tickets,
        documentId: ID.unique(),
        data: ticketPayload(user, subject),
      })
      created.push(doc.$id)
    }
    const newest = await user.databases.listDocuments({
      ...tickets,
      queries: [Query.orderDesc('$createdAt'), Query.limit(2)],
    })
    expect(newest.total).toBe(4)
    expect(newest.documents.map((d) => d.subject)).toEqual(['fourth', 'third'])

    const next = await user.databases.listDocuments({
      ...tickets,
      queries: [Query.orderDesc('$createdAt'), Query.limit(2), Query.cursorAfter(newest.documents[1]!.$id)],
    })
    expect(next.documents.map((d) => d.subject)).toEqual(['second', 'first'])

    const filtered = await user.databases.listDocuments({
      ...tickets,
      queries: [Query.equal('subject', ['first', 'third']), Query.orderAsc('$sequence')],
    })
    expect(filtered.documents.map((d) => d.subject)).toEqual(['first', 'third'])

    const searched = await user.databases.listDocuments({
      ...tickets,
      queries: [Query.or([Query.startsWith('subject', 'sec'), Query.endsWith('subject', 'rth')])],
    })
    expect(searched.documents.map((d) => d.subject).sort()).toEqual(['fourth', 'second'])

    const selected = await user.databases.listDocuments({
      ...tickets,
      queries: [Query.select(['subject']), Query.limit(1)],
    })
    expect(selected.documents[0]).toHaveProperty('subject')
    expect(selected.documents[0]).not.toHaveProperty('body')

    const many = Array.from({ length: 25 }, () => Query.notEqual('subject', 'nothing'))
    const wide = await user.databases.listDocuments({ ...tickets, queries: [...many, Query.limit(100)] })
    expect(wide.total).toBe(4)

    // A list that shows no total asks for none: the page is the same, the count is never made.
    const uncounted = await user.databases.listDocuments({
      ...tickets,
      queries: [Query.orderDesc('$createdAt'), Query.limit(2)],
      total: false,
    })
    expect(uncounted.total).toBe(0)
    expect(uncounted.documents.map((d) => d.subject)).toEqual(['fourth', 'third'])
    const badTotal = await rejection(
      user.client.call(
        'get',
        new URL(`${server.url}/v1/databases/main/collections/tickets/documents`),
        {},
        {
          total: 'maybe',
        },
      ),
    )
    expect(badTotal).toMatchObject({ code: 400, message: 'Invalid total: true or false' })
  })

  it('answers unknown query methods and attributes with 400 general_query_invalid', async () => {
    const unknownAttribute = await rejection(
      alice.databases.listDocuments({ ...tickets, queries: [Query.equal('nope', 'x')] }),
    )
    expect(unknownAttribute.code).toBe(400)
    expect(unknownAttribute.type).toBe('general_query_invalid')
    const unknownMethod = await rejection(
      alice.databases.listDocuments({
        ...tickets,
        queries: [JSON.stringify({ method: 'explode', attribute: 'x' })],
      }),
    )
    expect(unknownMethod.type).toBe('general_query_invalid')
  })

  it('keeps one user out of another user’s tickets: list, get, update, delete', async () => {
    const ticket = await alice.databases.createDocument({
      ...tickets,
      documentId: ID.unique(),
      data: ticketPayload(alice, 'Private'),
    })
    const listed = await bob.databases.listDocuments({ ...tickets })
    expect(listed.documents.some((d) => d.userId === alice.userId)).toBe(false)
    // One at a time: requests sent together could reject before their turn to be awaited (unhandled).
    for (const attempt of [
      () => bob.databases.getDocument({ ...tickets, documentId: ticket.$id }),
      () =>
        bob.databases.updateDocument({
          ...tickets,
          documentId: ticket.$id,
          data: { subject: 'Mine now' } as never,
        }),
      () => bob.databases.deleteDocument({ ...tickets, documentId: ticket.$id }),
    ]) {
      const error = await rejection(attempt())
      expect(error.code).toBe(404)
      expect(error.type).toBe('document_not_found')
    }
    const guest = new Databases(sdkClient(server.url))
    expect((await rejection(guest.listDocuments({ ...tickets }))).code).toBe(401)
    const still = await alice.databases.getDocument({ ...tickets, documentId: ticket.$id })
    expect(still.subject).toBe('Private')
  })

  it('updates, upserts and deletes the owner’s ticket', async () => {
    const ticket = await alice.databases.createDocument({
      ...tickets,
      documentId: ID.unique(),
      data: ticketPayload(alice, 'To change'),
    })
    const updated = await alice.databases.updateDocument({
      ...tickets,
      documentId: ticket.$id,
      data: { status: 'in-progress', userId: bob.userId, description: 'forged analysis' } as never,
    })
    expect(updated).toMatchObject({ status: 'in-progress', userId: alice.userId, description: null })

    const invalid = await rejection(
      alice.databases.updateDocument({
        ...tickets,
        documentId: ticket.$id,
        data: { status: 'exploded' } as never,
      }),
    )
    expect(invalid.code).toBe(400)
    expect(invalid.type).toBe('document_invalid_structure')

    const upserted = await alice.databases.upsertDocument({
      ...tickets,
      documentId: 'my-own-id',
      data: ticketPayload(alice, 'Upserted') as never,
    })
    expect(upserted.$id).toBe('my-own-id')
    const again = await alice.databases.upsertDocument({
      ...tickets,
      documentId: 'my-own-id',
      data: { subject: 'Upserted twice' } as never,
    })
    expect(again.subject).toBe('Upserted twice')

    await alice.databases.deleteDocument({ ...tickets, documentId: ticket.$id })
    const gone = await rejection(alice.databases.getDocument({ ...tickets, documentId: ticket.$id }))
    expect(gone.code).toBe(404)
  })

  it('refuses a ticket without its fields, naming the problem', async () => {
    const error = await rejection(
      alice.databases.createDocument({
        ...tickets,
        documentId: ID.unique(),
        data: { subject: 'no body' } as never,
      }),
    )
    expect(error.code).toBe(400)
    expect(error.type).toBe('document_invalid_structure')
    expect(error.message).toMatch(/email|body/)
  })
})

describe.each(DATABASE_KINDS)('waitlist on %s', (database) => {
  let server: TTestServer
  const waitlist = { databaseId: 'main', collectionId: 'waitlist' }
  const valid = {
    full_name: 'Grace Hopper',
    work_email: 'grace@navy.example',
    company_name: 'US Navy',
    monthly_support_tickets: '100-500',
  }

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
  })
  afterAll(() => server?.stop())

  it('gives the spec’s message for each invalid field', async () => {
    const guest = new Databases(sdkClient(server.url))
    const cases: [Record<string, string>, string][] = [
      [{ full_name: 'G' }, 'Name must be at least 2 characters'],
      [{ work_email: 'not-an-email' }, 'Invalid email'],
      [{ work_email: 'grace@GMAIL.com' }, 'Please use a work email address'],
      [{ company_name: 'U' }, 'Company name must be at least 2 characters'],
      [{ monthly_support_tickets: 'lots' }, 'Please select a valid volume'],
    ]
    for (const [change, message] of cases) {
      const error = await rejection(
        guest.createDocument({ ...waitlist, documentId: ID.unique(), data: { ...valid, ...change } }),
      )
      expect(error.code).toBe(400)
      expect(error.message).toContain(message)
    }
  })

  it('accepts three requests an hour from one address, then answers 429, and never reads them back', async () => {
    const guest = new Databases(sdkClient(server.url))
    for (let i = 0; i < 3; i++) {
      const doc = await guest.createDocument({ ...waitlist, documentId: ID.unique(), data: valid })
      expect(doc.$permissions).toEqual([])
    }
    const limited = await rejection(
      guest.createDocument({ ...waitlist, documentId: ID.unique(), data: valid }),
    )
    expect(limited.code).toBe(429)
    expect(limited.message).toBe('Please try again later. You can submit up to 3 times per hour.')

    const read = await rejection(guest.listDocuments({ ...waitlist }))
    expect(read.code).toBe(401)
    const user = await signUpUser(server.url)
    expect((await rejection(user.databases.listDocuments({ ...waitlist }))).code).toBe(401)
  })
})
