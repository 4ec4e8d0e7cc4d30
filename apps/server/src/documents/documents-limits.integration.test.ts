import { CollectionId, DATABASE_ID, TicketLimits } from '@parsedesk/contracts'
import { ID, type Models, Permission, Query, Role } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { sessionOf } from '../mail/mail.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { LIST_MAX_BYTES } from './document-size'
import { EVENT_DOCUMENT_MAX_BYTES } from './publish-document-event'

const tickets = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

function ownerOnly(user: TSdkUser) {
  const owner = Role.user(user.userId)
  return [Permission.read(owner), Permission.update(owner), Permission.delete(owner)]
}

function createTicket(user: TSdkUser, data: Record<string, unknown>, documentId = ID.unique()) {
  return user.databases.createDocument({
    ...tickets,
    documentId,
    data: { email: user.email, subject: 'a ticket', body: 'its body', ...data },
    permissions: ownerOnly(user),
  })
}

/** A Postmark-like payload of about `bytes` bytes as JSON. */
const rawJsonOf = (bytes: number) => ({ From: 'a@example.com', TextBody: 'x'.repeat(bytes) })

describe.each(DATABASE_KINDS)('documents API limits on %s', (database) => {
  let server: TTestServer
  let alice: TSdkUser
  let bob: TSdkUser

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
    alice = await signUpUser(server.url, 'Alice')
    bob = await signUpUser(server.url, 'Bob')
  })
  afterAll(() => server?.stop())

  it('refuses a rawJson over the limit in bytes of JSON, or nested too deep, as the mail path does', async () => {
    // A million control characters are a million characters, but six million bytes of JSON.
    const controls = await rejection(createTicket(alice, { rawJson: { TextBody: '"'.repeat(3_000_000) } }))
    expect(controls).toMatchObject({ code: 400, type: 'document_invalid_structure' })
    expect(controls.message).toContain('is more than 5,000,000 bytes as JSON')

    // Sent as text: the SDK's own JSON writer would overflow its stack on it first.
    const nested = `${'{"n":'.repeat(5000)}1${'}'.repeat(5000)}`
    const deep = await fetch(`${server.url}/v1/databases/main/collections/tickets/documents`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-appwrite-project': 'parsedesk',
        'x-appwrite-session': sessionOf(alice),
      },
      body: `{"documentId":"unique()","data":{"email":"a@example.com","subject":"s","body":"b","rawJson":${nested}}}`,
    })
    expect(deep.status).toBe(400)
    expect(await deep.json()).toMatchObject({
      type: 'document_invalid_structure',
      message: expect.stringContaining('nested more than 64 levels deep'),
    })

    const fits = await createTicket(alice, { rawJson: rawJsonOf(TicketLimits.rawJson - 100) })
    expect(fits.$id).toBeTruthy()
    await alice.databases.deleteDocument({ ...tickets, documentId: fits.$id })
  })

  it('refuses a list page heavier than one answer may be, and serves it in smaller pages or attributes', async () => {
    const owner = await signUpUser(server.url, 'Heavy')
    const each = Math.ceil(LIST_MAX_BYTES / 2)
    for (const n of [1, 2, 3]) await createTicket(owner, { subject: `heavy ${n}`, rawJson: rawJsonOf(each) })

    const whole = await rejection(owner.databases.listDocuments({ ...tickets, queries: [Query.limit(100)] }))
    expect(whole).toMatchObject({ code: 400, type: 'general_query_invalid' })
    expect(whole.message).toMatch(/These 3 documents are about 6\.\d MB together, more than the 4\.0 MB/)

    const light = await owner.databases.listDocuments({
      ...tickets,
      queries: [Query.select(['$id', 'subject']), Query.orderAsc('$sequence')],
    })
    expect(light.documents.map((d) => d.subject)).toEqual(['heavy 1', 'heavy 2', 'heavy 3'])

    // One document is always served, however big, so paging one at a time reaches every one.
    const first = await owner.databases.listDocuments({ ...tickets, queries: [Query.limit(1)] })
    expect(first.documents[0]?.rawJson).toMatchObject({ TextBody: 'x'.repeat(each) })
  })

  it('slows down one user who keeps asking for the biggest documents, and nobody else', async () => {
    // A budget of 5 MB that refills at 1 KB/s: the third read of a 4 MB document finds it spent however
    // long the reads take, where the default (32 MB, then 8 MB/s) depends on how fast the machine serves.
    const stingy = await startTestServer({
      database,
      roles: ['http'],
      env: { READ_BUDGET_BURST_BYTES: '5000000', READ_BUDGET_BYTES_PER_SECOND: '1024' },
    })
    try {
      const hoarder = await signUpUser(stingy.url, 'Hoarder')
      const other = await signUpUser(stingy.url, 'Other')
      const big = await createTicket(hoarder, { rawJson: rawJsonOf(4_000_000) })
      const read = () => hoarder.databases.getDocument({ ...tickets, documentId: big.$id })
      await read()
      await read()
      const refused = await rejection(read())
      expect(refused).toMatchObject({ code: 429 })
      expect(refused.message).toContain('great deal of data')
      expect((await other.databases.listDocuments({ ...tickets })).total).toBe(0)
    } finally {
      await stingy.stop()
    }
  })

  it('weighs and lists a page of every collection a user reads, whatever its columns are', async () => {
    await alice.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.imapAccounts,
      documentId: ID.unique(),
      data: { host: 'imap.example.com', port: 993, secure: true, username: 'a', password: 'b' },
    })
    for (const collectionId of [
      CollectionId.tickets,
      CollectionId.mailboxes,
      CollectionId.messages,
      CollectionId.inbound,
      CollectionId.imapAccounts,
    ]) {
      const list = await alice.databases.listDocuments({ databaseId: DATABASE_ID, collectionId })
      expect({ collectionId, listed: list.total >= 0 }).toEqual({ collectionId, listed: true })
    }
  })

  it('treats a cursor the caller may not read exactly as one that does not exist', async () => {
    const secret = await createTicket(alice, { subject: 'M alice private subject' })
    await createTicket(bob, { subject: 'M bob probe' })
    const foreign = await rejection(
      bob.databases.listDocuments({
        ...tickets,
        queries: [Query.orderAsc('subject'), Query.cursorAfter(secret.$id)],
      }),
    )
    const missing = await rejection(
      bob.databases.listDocuments({
        ...tickets,
        queries: [Query.orderAsc('subject'), Query.cursorAfter('no-such-document')],
      }),
    )
    expect(foreign.code).toBe(400)
    expect(foreign.message.replace(secret.$id, 'X')).toBe(missing.message.replace('no-such-document', 'X'))
  })

  it('answers 400, not 500, to numbers, dates and text the database cannot take', async () => {
    const queries = [
      [Query.equal('$sequence', 1e30)],
      [Query.lessThan('$sequence', 2 ** 64)],
      [Query.equal('$sequence', 1.5)],
      [Query.greaterThan('$createdAt', '+200000-01-01T00:00:00.000Z')],
      [Query.greaterThan('$createdAt', '-infinity')],
      [Query.startsWith('$sequence', '1')],
      [Query.limit(1e9)],
    ]
    for (const query of queries) {
      const error = await rejection(alice.databases.listDocuments({ ...tickets, queries: query }))
      expect({ query, code: error.code, type: error.type }).toEqual({
        query,
        code: 400,
        type: 'general_query_invalid',
      })
    }
    const withNul = await createTicket(alice, { subject: 'a\u0000b\ud800c', body: 'x\u0000y\u0001z' })
    expect(withNul).toMatchObject({ subject: 'ab\uFFFDc', body: 'xyz' })
  })

  it("answers POST and PUT on another user's document id alike, and leaves that document alone", async () => {
    const id = ID.unique()
    await createTicket(alice, { subject: 'Alice keeps this' }, id)
    const viaPost = await rejection(createTicket(bob, { subject: 'taken by post' }, id))
    const viaPut = await rejection(
      bob.databases.upsertDocument<Models.Document & { subject: string }>({
        ...tickets,
        documentId: id,
        data: { subject: 'taken by put' },
        permissions: ownerOnly(bob),
      }),
    )
    for (const error of [viaPost, viaPut]) {
      expect(error).toMatchObject({ code: 409, type: 'document_already_exists' })
    }
    expect(viaPut.message).toBe(viaPost.message)
    const kept = await alice.databases.getDocument({ ...tickets, documentId: id })
    expect(kept.subject).toBe('Alice keeps this')
  })

  it('sends an event of a big document without its biggest attributes, never megabytes per socket', async () => {
    const frames: string[] = []
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/v1/realtime?project=parsedesk&channels[]=databases.main.collections.tickets.documents`,
      { headers: { cookie: `a_session_parsedesk=${sessionOf(alice)}` } },
    )
    socket.on('message', (data) => frames.push(String(data)))
    try {
      await vi.waitFor(() => expect(frames.some((f) => f.includes('"type":"connected"'))).toBe(true))
      const big = await createTicket(alice, { subject: 'big event', rawJson: rawJsonOf(2_000_000) })
      const event = await vi.waitFor(() => {
        const found = frames.find((f) => f.includes('"type":"event"') && f.includes(big.$id))
        expect(found).toBeDefined()
        return found as string
      })
      expect(Buffer.byteLength(event)).toBeLessThan(EVENT_DOCUMENT_MAX_BYTES + 4096)
      const payload = (JSON.parse(event) as { data: { payload: Record<string, unknown> } }).data.payload
      expect(payload).toMatchObject({ $id: big.$id, subject: 'big event' })
      expect(payload).not.toHaveProperty('rawJson')
    } finally {
      socket.close()
    }
  })
})
