import { CollectionId, DATABASE_ID, OutboundMailState, OutboxMessages } from '@parsedesk/contracts'
import { type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import { verificationMail } from './outbox.test-kit'

type TOutboxDocument = Models.Document & {
  state: string
  lastError: string | null
  attempts: number
  to: string[]
  subject: string
  messageId: string
}

const OUTBOX = { databaseId: DATABASE_ID, collectionId: CollectionId.outbox }

describe.each(DATABASE_KINDS)('the outbox without a relay on %s', (kind) => {
  let server: TTestServer
  let owner: TSdkUser
  let stranger: TSdkUser

  beforeAll(async () => {
    server = await startTestServer({ database: kind })
    owner = await signUpUser(server.url, 'Outbox Owner')
    stranger = await signUpUser(server.url, 'Someone Else')
  })
  afterAll(() => server?.stop())

  it('keeps the mail as not-sent, for its owner to read and nobody else', async () => {
    const mail = verificationMail(owner.userId)
    const row = await server.db.transaction((tx) => server.outbox.queueMail(tx, mail))
    await server.outbox.announceQueued([row])

    const kept = await waitForValue(
      async () => {
        const list = await owner.databases.listDocuments<TOutboxDocument>({
          ...OUTBOX,
          queries: [Query.equal('state', OutboundMailState.notSent)],
        })
        return list.documents.find((document) => document.$id === row.id)
      },
      { what: 'the mail to be kept as not-sent' },
    )
    expect(kept).toMatchObject({
      state: OutboundMailState.notSent,
      lastError: OutboxMessages.noRelay,
      attempts: 0,
      to: mail.to,
      subject: mail.subject,
      messageId: row.messageId,
      $permissions: [`read("user:${owner.userId}")`],
    })
    expect(OutboxMessages.noRelay).toBe('not sent: no relay configured')

    const seenByStranger = await stranger.databases.listDocuments({ ...OUTBOX })
    expect(seenByStranger.total).toBe(0)
    const missing = await rejection(stranger.databases.getDocument({ ...OUTBOX, documentId: row.id }))
    expect(missing.code).toBe(404)
  })

  it('is read-only: its owner can neither write nor remove mail', async () => {
    const row = await server.db.transaction((tx) =>
      server.outbox.queueMail(tx, verificationMail(owner.userId)),
    )
    const created = await rejection(
      owner.databases.createDocument<Models.Document & { subject: string }>({
        ...OUTBOX,
        documentId: 'unique()',
        data: { subject: 'forged' },
      }),
    )
    expect(created.code).toBe(401)
    const removed = await rejection(owner.databases.deleteDocument({ ...OUTBOX, documentId: row.id }))
    expect(removed.code).toBe(401)
    const updated = await rejection(
      owner.databases.updateDocument<TOutboxDocument>({
        ...OUTBOX,
        documentId: row.id,
        data: { state: 'sent' },
      }),
    )
    expect(updated.code).toBe(401)
  })
})
