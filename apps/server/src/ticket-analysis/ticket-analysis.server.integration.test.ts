import { ID, Permission, Role } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDocumentEvent } from '../realtime/event-bus'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'

describe.each(DATABASE_KINDS)('ticket analysis in a running server on %s', (database) => {
  let server: TTestServer
  let user: TSdkUser
  const events: TDocumentEvent[] = []

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http', 'worker'] })
    server.bus.subscribe((event) => events.push(event))
    user = await signUpUser(server.url, 'Grace')
  })
  afterAll(() => server?.stop())

  it('moves a created ticket from waiting through processing to completed, filled in, on the bus', async () => {
    const created = await user.databases.createDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: ID.unique(),
      data: {
        email: user.email,
        subject: 'URGENT: checkout is down',
        body: 'Since this morning none of our customers can pay, every payment fails with error 500.',
        status: 'open',
        userId: user.userId,
        processing_status: 'waiting',
      },
      permissions: [Permission.read(Role.user(user.userId))],
    })
    expect(created.processing_status).toBe('waiting')

    const done = await waitForValue(
      async () => {
        const doc = await user.databases.getDocument({
          databaseId: 'main',
          collectionId: 'tickets',
          documentId: created.$id,
        })
        return doc.processing_status === 'completed' ? doc : undefined
      },
      { timeoutMs: 20_000, what: 'the analysis to complete' },
    )
    expect(done.priority).toBe('high')
    expect(done.category).toEqual(expect.any(String))
    expect(String(done.description)).toMatch(/high/i)
    expect(done.processing_error).toBeNull()

    // On Postgres the bus crosses LISTEN/NOTIFY, so the last event may land just after the row commits.
    const mine = await waitForValue(
      async () => {
        const seen = events.filter((e) => e.documentId === created.$id)
        return seen.some((e) => e.document.processing_status === 'completed') ? seen : undefined
      },
      { what: 'the completed event on the bus' },
    )
    expect(mine.find((e) => e.action === 'create')?.document.processing_status).toBe('waiting')
    const updates = mine.filter((e) => e.action === 'update')
    expect(updates.map((e) => e.document.processing_status)).toEqual(['processing', 'completed'])
    expect(updates.at(-1)?.document).toMatchObject({ priority: 'high', description: done.description })
    expect(updates.every((e) => e.readRoles.includes(`team:${done.teamId}`))).toBe(true)
  })
})
