import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { openPgliteDatabase } from '../db/pglite-database'
import { openPostgresDatabase } from '../db/postgres-database'
import { insertTeam } from '../teams/team-repository'
import { createTestDatabase, DATABASE_KINDS, TEST_DATABASE_URL } from '../testing/test-database'

/** Tickets as version 022 left them: an address each (or what the form took for one), no contacts. */
async function fileTicket(db: TDatabase, id: string, teamId: string, email: string) {
  await db.query(
    `insert into tickets (id, permissions, read_roles, email, subject, body, status, "userId", "teamId",
       processing_status, "groupId", "requesterId")
     values ($1, '{}', '{}', $2, 'Help', 'Body', 'open', 'ada', $3, 'waiting', 'stale-group', 'stale-contact')`,
    [id, email, teamId],
  )
}

describe.each(DATABASE_KINDS)('migration 023 gives existing tickets their requesters on %s', (kind) => {
  let db: TDatabase
  let drop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const server =
      kind === 'postgres' && TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : undefined
    drop = server?.drop
    db = server ? await openPostgresDatabase(server.url) : await openPgliteDatabase(undefined)
    await migrate(db, { before: '023' })
    await insertUser(db, { id: 'ada', email: 'ada@example.com', name: 'Ada', passwordHash: null })
    await insertTeam(db, { id: 'desk-a', name: 'Desk A' })
    await insertTeam(db, { id: 'desk-b', name: 'Desk B' })
    await fileTicket(db, 't1', 'desk-a', 'Customer@Shop.example')
    await fileTicket(db, 't2', 'desk-a', ' customer@shop.example ')
    await fileTicket(db, 't3', 'desk-b', 'customer@shop.example')
    await fileTicket(db, 't4', 'desk-a', 'the man on the phone')
    await migrate(db)
  })
  afterAll(async () => {
    await db?.close()
    await drop?.()
  })

  it('makes one contact per address and workspace, and points each ticket at its own', async () => {
    const { rows: contacts } = await db.query<{
      id: string
      teamId: string
      email: string
      read_roles: string[]
    }>(`select id, "teamId", email, read_roles from contacts order by "teamId"`)
    expect(contacts.map(({ teamId, email, read_roles }) => ({ teamId, email, read_roles }))).toEqual([
      { teamId: 'desk-a', email: 'customer@shop.example', read_roles: ['team:desk-a'] },
      { teamId: 'desk-b', email: 'customer@shop.example', read_roles: ['team:desk-b'] },
    ])
    const { rows: tickets } = await db.query<{
      id: string
      requesterId: string | null
      groupId: string | null
    }>(`select id, "requesterId", "groupId" from tickets order by id`)
    const [a, b] = contacts
    expect(tickets).toEqual([
      { id: 't1', requesterId: a?.id, groupId: null },
      { id: 't2', requesterId: a?.id, groupId: null },
      { id: 't3', requesterId: b?.id, groupId: null },
      { id: 't4', requesterId: null, groupId: null },
    ])
  })
})
