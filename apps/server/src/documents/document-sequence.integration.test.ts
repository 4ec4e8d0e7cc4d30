import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { ID, Permission, Query, Role } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'

const tickets = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

async function createTicket(user: TSdkUser, subject: string) {
  const owner = Role.user(user.userId)
  return user.databases.createDocument({
    ...tickets,
    documentId: ID.unique(),
    data: { email: user.email, subject, body: `About ${subject}`, status: 'open', userId: user.userId },
    permissions: [Permission.read(owner), Permission.update(owner), Permission.delete(owner)],
  })
}

async function sequencesOf(user: TSdkUser, collectionId: string) {
  const { documents } = await user.databases.listDocuments({
    databaseId: DATABASE_ID,
    collectionId,
    queries: [Query.orderAsc('$sequence'), Query.select(['$id'])],
  })
  return documents.map((document) => document.$sequence)
}

describe.each(DATABASE_KINDS)('$sequence on %s', (database) => {
  let server: TMailTestServer
  beforeAll(async () => {
    server = await startMailTestServer({ database })
  })
  afterAll(() => server?.stop())

  it("counts a user's own documents, whatever others created meanwhile, by form and by mail", async () => {
    const ada = await signUpUser(server.url, 'Ada')
    const bob = await signUpUser(server.url, 'Bob')
    expect((await createTicket(ada, 'first of Ada')).$sequence).toBe('1')
    for (const n of [1, 2, 3]) await createTicket(bob, `Bob ${n}`)
    expect((await createTicket(ada, 'second of Ada')).$sequence).toBe('2')

    const { address } = await readMailbox(ada)
    const raw = `From: c@example.com\r\nTo: ${address}\r\nSubject: by mail\r\nMessage-ID: <seq@example.com>\r\n\r\nhello\r\n`
    expect(await sendRaw({ port: server.smtpPort, to: address, raw })).toMatchObject({ accepted: true })
    await vi.waitFor(
      async () => expect(await sequencesOf(ada, CollectionId.tickets)).toEqual(['1', '2', '3']),
      {
        timeout: 20_000,
        interval: 200,
      },
    )
    expect(await sequencesOf(bob, CollectionId.tickets)).toEqual(['1', '2', '3'])
    expect(await sequencesOf(ada, CollectionId.inbound)).toEqual(['1'])
    expect(await sequencesOf(bob, CollectionId.mailboxes)).toEqual(['1'])
  })
})
