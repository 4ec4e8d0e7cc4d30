import { PRESENCE_COLLECTION_ID, PresenceState, PresenceTiming } from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const PRESENCE = { databaseId: 'main', collectionId: PRESENCE_COLLECTION_ID }

type TPresence = Models.Document & {
  ticketId: string
  userId: string
  userName: string
  state: string
  expiresAt: string
}

describe.each(DATABASE_KINDS)('presence on a ticket, on %s', (database) => {
  let server: TTestServer
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let teamId: string

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
    olive = await signUpUser(server.url, 'Olive Owner')
    agnes = await signUpUser(server.url, 'Agnes Agent')
    eve = await signUpUser(server.url, 'Eve Outsider')
    teamId = (await new Teams(olive.client).list()).teams[0]!.$id
    await joinByInvitation({ serverUrl: server.url, owner: olive, member: agnes, teamId, roles: ['agent'] })
  })
  afterAll(async () => {
    await server?.stop()
  })

  async function ticket(subject: string): Promise<string> {
    const created = await olive.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: { email: 'carol@customer.example', subject, body: `Body of ${subject}`, teamId },
    })
    return created.$id
  }

  const say = async (user: TSdkUser, ticketId: string, state: string) =>
    (await user.databases.createDocument({
      ...PRESENCE,
      documentId: ID.unique(),
      data: { ticketId, state },
    })) as unknown as TPresence

  const onTicket = async (user: TSdkUser, ticketId: string) =>
    (
      await user.databases.listDocuments<TPresence>({
        ...PRESENCE,
        queries: [
          Query.equal('ticketId', ticketId),
          Query.greaterThan('expiresAt', new Date().toISOString()),
        ],
      })
    ).documents

  it('keeps one document per member and ticket, named from the account, expiring a TTL after each write', async () => {
    const ticketId = await ticket('Export broken')
    const before = Date.now()
    const viewing = await say(agnes, ticketId, PresenceState.viewing)
    expect(viewing).toMatchObject({
      ticketId,
      userId: agnes.userId,
      userName: 'Agnes Agent',
      state: 'viewing',
    })
    const expiresIn = Date.parse(viewing.expiresAt) - before
    expect(expiresIn).toBeGreaterThan(PresenceTiming.ttlMs - 5_000)
    expect(expiresIn).toBeLessThan(PresenceTiming.ttlMs + 5_000)

    const replying = await say(agnes, ticketId, PresenceState.replying)
    expect(replying.$id).toBe(viewing.$id)
    expect(replying.state).toBe('replying')
    expect((await onTicket(olive, ticketId)).map((p) => [p.userName, p.state])).toEqual([
      ['Agnes Agent', 'replying'],
    ])
  })

  it('lets another workspace neither see nor write presence, and only the member remove theirs', async () => {
    const ticketId = await ticket('Billing question')
    const agnesHere = await say(agnes, ticketId, PresenceState.viewing)

    expect((await rejection(say(eve, ticketId, PresenceState.viewing))).code).toBe(404)
    expect(await onTicket(eve, ticketId)).toEqual([])
    expect((await eve.databases.listDocuments({ ...PRESENCE })).total).toBe(0)
    expect(
      (await rejection(eve.databases.getDocument({ ...PRESENCE, documentId: agnesHere.$id }))).code,
    ).toBe(404)
    expect(
      (await rejection(eve.databases.deleteDocument({ ...PRESENCE, documentId: agnesHere.$id }))).code,
    ).toBe(404)
    // Nobody writes a presence but through create, and nobody removes another member's.
    expect(
      (await rejection(agnes.databases.updateDocument({ ...PRESENCE, documentId: agnesHere.$id, data: {} })))
        .code,
    ).toBe(401)
    expect(
      (await rejection(olive.databases.deleteDocument({ ...PRESENCE, documentId: agnesHere.$id }))).code,
    ).toBe(401)

    await agnes.databases.deleteDocument({ ...PRESENCE, documentId: agnesHere.$id })
    expect(await onTicket(olive, ticketId)).toEqual([])
  })

  it('deletes expired documents on the next write of the ticket, and with the ticket', async () => {
    const ticketId = await ticket('Login loop')
    const agnesHere = await say(agnes, ticketId, PresenceState.viewing)
    // Agnes's page went away without a word: her document's time ran out.
    await server.db.query(`update presence set "expiresAt" = now() - interval '1 second' where id = $1`, [
      agnesHere.$id,
    ])
    expect(await onTicket(olive, ticketId)).toEqual([])
    await say(olive, ticketId, PresenceState.viewing)
    const { rows } = await server.db.query<{ userId: string }>(
      'select "userId" from presence where "ticketId" = $1',
      [ticketId],
    )
    expect(rows.map((row) => row.userId)).toEqual([olive.userId])

    await olive.databases.deleteDocument({ ...TICKETS, documentId: ticketId })
    const { rows: left } = await server.db.query('select 1 from presence where "ticketId" = $1', [ticketId])
    expect(left).toEqual([])
  })
})
