import { CollectionId, DATABASE_ID, type TTicketSlaView } from '@parsedesk/contracts'
import { type Client, ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'

const anything = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const resolution = (minutes: number) => ({ resolution: { minutes, businessHours: false } })

const read = (client: Client, ids: string[]) =>
  client.call(
    'get',
    new URL(`${client.config.endpoint}/sla/tickets`),
    {},
    { ids: ids.join(',') },
  ) as Promise<{
    tickets: TTicketSlaView[]
  }>

describe.each(DATABASE_KINDS)('a ticket’s live SLA on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startTestServer({ database })
    ;[ada, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Owner'),
      signUpUser(server.url, 'Eve Outsider'),
    ])
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
  })
  afterAll(() => server?.stop())

  it('the first matching policy’s resolution target runs from the ticket’s creation; outsiders read nothing', async () => {
    const create = (collectionId: string, data: Record<string, unknown>) =>
      ada.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data })
    await create(CollectionId.slaPolicies, {
      teamId: workspace,
      name: 'VIP',
      position: 0,
      conditions: { ...anything, tags: ['vip'] },
      targets: { high: resolution(15), medium: resolution(15), low: resolution(15) },
    })
    await create(CollectionId.slaPolicies, {
      teamId: workspace,
      name: 'Standard',
      position: 1,
      conditions: anything,
      targets: { high: resolution(60), medium: resolution(240), low: resolution(480) },
    })
    const ticket = await create(CollectionId.tickets, {
      teamId: workspace,
      email: 'customer@example.com',
      subject: 'Printer on fire',
      body: 'It is on fire.',
    })

    // A member's priority is set by a change after the ticket is written (the analyser's would fill it).
    await ada.databases.updateDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      documentId: ticket.$id,
      data: { priority: 'high' },
    })
    const [sla] = (await read(ada.client, [ticket.$id])).tickets
    expect(sla?.policyId).not.toBeNull()
    const clock = sla?.clocks.resolution
    expect(clock).toMatchObject({ state: 'active', breached: false, businessHours: false })
    expect(Date.parse(clock?.dueAt ?? '') - Date.parse(ticket.$createdAt)).toBeCloseTo(60 * 60_000, -4)
    expect(Date.parse(clock?.warnAt ?? '') - Date.parse(ticket.$createdAt)).toBeCloseTo(45 * 60_000, -4)

    expect((await read(eve.client, [ticket.$id])).tickets).toEqual([])
  })
})
