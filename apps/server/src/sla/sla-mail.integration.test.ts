import { CollectionId, DATABASE_ID, type TTicketSlaView } from '@parsedesk/contracts'
import { type Client, ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

const anything = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const firstReply = (minutes: number) => ({ 'first-reply': { minutes, businessHours: false } })

const read = (client: Client, ids: string[]) =>
  client.call(
    'get',
    new URL(`${client.config.endpoint}/sla/tickets`),
    {},
    { ids: ids.join(',') },
  ) as Promise<{
    tickets: TTicketSlaView[]
  }>

describe.each(DATABASE_KINDS)('an SLA policy on a customer’s mail on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ada = await signUpUser(server.url, 'Ada Owner')
  })
  afterAll(() => server?.stop())

  it('a mail received by SMTP opens a ticket whose first reply is due by the policy, from the mail’s arrival', async () => {
    const workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.slaPolicies,
      documentId: ID.unique(),
      data: {
        teamId: workspace,
        name: 'Everyone',
        position: 0,
        conditions: anything,
        targets: { high: firstReply(30), medium: firstReply(30), low: firstReply(30) },
      },
    })
    const mailbox = await readMailbox(ada)
    const ids = await deliverMails(server, mailbox.address, [
      { subject: 'Where is my order', messageId: 'order-1@shop.example' },
    ])
    await createTestProcessor(server).processInboundBatch(
      ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
    const { rows } = await server.db.query<{ id: string; created_at: Date }>(
      `select id, created_at from tickets where subject = 'Where is my order'`,
    )
    const ticket = rows[0]
    expect(ticket).toBeDefined()

    const [sla] = (await read(ada.client, [ticket?.id ?? ''])).tickets
    const clock = sla?.clocks['first-reply']
    expect(clock).toMatchObject({ state: 'active', breached: false })
    expect(Date.parse(clock?.dueAt ?? '') - (ticket?.created_at.getTime() ?? 0)).toBeCloseTo(30 * 60_000, -4)
  })
})
