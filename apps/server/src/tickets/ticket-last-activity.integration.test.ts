import {
  BUILT_IN_VIEWS,
  BuiltInViewId,
  CollectionId,
  DATABASE_ID,
  type TTicketAttributes,
} from '@parsedesk/contracts'
import { type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TTicketDocument = Models.Document & TTicketAttributes

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const MESSAGES = { databaseId: DATABASE_ID, collectionId: CollectionId.messages }
const MY_OPEN = BUILT_IN_VIEWS.find((view) => view.id === BuiltInViewId.myOpen)?.filters.status ?? []

describe.each(DATABASE_KINDS)("a ticket's last activity, on %s", (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let workspace: string
  let address: string

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ada = await signUpUser(server.url, 'Ada Lovelace')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    address = (await readMailbox(ada)).address
  })
  afterAll(() => server?.stop())

  async function mailIn(subject: string, messageId: string, inReplyTo?: string): Promise<void> {
    const [inboundId = ''] = await deliverMails(server, address, [
      { subject, messageId, ...(inReplyTo ? { inReplyTo } : {}) },
    ])
    await createTestProcessor(server).processInboundEmail({ inboundId, isLastAttempt: false })
  }

  const read = (ticketId: string) =>
    ada.databases.getDocument<TTicketDocument>({ ...TICKETS, documentId: ticketId })
  const change = (ticketId: string, data: Record<string, unknown>) =>
    ada.databases.updateDocument<TTicketDocument>({ ...TICKETS, documentId: ticketId, data })

  /** "My open" sorted by last activity, as the list asks for it. */
  async function myOpenByActivity(): Promise<string[]> {
    const { documents } = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [
        Query.equal('teamId', workspace),
        Query.equal('status', [...MY_OPEN]),
        Query.equal('assigneeId', ada.userId),
        Query.orderDesc('lastActivityAt'),
        Query.select(['$id', 'subject', 'lastActivityAt']),
      ],
    })
    return documents.map((ticket) => ticket.subject)
  }

  it("moves with the conversation and the status, not with tags or assignment; a customer's answer rises to the top", async () => {
    await mailIn('Invoice twice', 'invoice-1@customer.example')
    await mailIn('Password reset', 'reset-1@customer.example')
    await mailIn('Export broken', 'export-1@customer.example')
    const { documents } = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [Query.equal('teamId', workspace), Query.orderAsc('$sequence')],
    })
    const [invoice, reset, exported] = documents as [TTicketDocument, TTicketDocument, TTicketDocument]
    expect(invoice.lastActivityAt).toBe(invoice.$createdAt)
    for (const ticket of documents) await change(ticket.$id, { assigneeId: ada.userId })

    const tagged = await change(invoice.$id, { tags: ['vip'] })
    expect(tagged.lastActivityAt).toBe(invoice.lastActivityAt)
    // Sent by a client, it is the server's to keep: ignored, not stored.
    const forged = await change(reset.$id, { lastActivityAt: '2001-01-01T00:00:00.000+00:00' })
    expect(forged.lastActivityAt).toBe(reset.lastActivityAt)
    expect(await myOpenByActivity()).toEqual(['Export broken', 'Password reset', 'Invoice twice'])

    await mailIn('Re: Invoice twice', 'invoice-2@customer.example', 'invoice-1@customer.example')
    const answered = await read(invoice.$id)
    expect(answered.lastActivityAt > exported.lastActivityAt).toBe(true)
    expect(await myOpenByActivity()).toEqual(['Invoice twice', 'Export broken', 'Password reset'])

    await ada.databases.createDocument({
      ...MESSAGES,
      documentId: 'unique()',
      data: { ticketId: reset.$id, note: true, body: 'Called them.' },
    })
    expect(await myOpenByActivity()).toEqual(['Password reset', 'Invoice twice', 'Export broken'])

    const progressed = await change(exported.$id, { status: 'in-progress' })
    expect(progressed.lastActivityAt > answered.lastActivityAt).toBe(true)
    expect(await myOpenByActivity()).toEqual(['Export broken', 'Password reset', 'Invoice twice'])
  })

  it('pages through a list sorted by last activity with the cursor, each ticket once', async () => {
    const { documents: all } = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [Query.equal('teamId', workspace), Query.orderDesc('lastActivityAt')],
    })
    const first = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [Query.equal('teamId', workspace), Query.orderDesc('lastActivityAt'), Query.limit(2)],
    })
    const rest = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [
        Query.equal('teamId', workspace),
        Query.orderDesc('lastActivityAt'),
        Query.cursorAfter(first.documents.at(-1)?.$id ?? ''),
      ],
    })
    expect([...first.documents, ...rest.documents].map((ticket) => ticket.$id)).toEqual(
      all.map((ticket) => ticket.$id),
    )
  })
})
