import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { insertMembership, insertTeam } from '../teams/team-repository'
import { DATABASE_KINDS, openDatabaseBefore } from '../testing/test-database'

const owned = (userId: string, actions: string[]) => actions.map((action) => `${action}("user:${userId}")`)

async function joinAs(db: TDatabase, teamId: string, user: { id: string; email: string }, roles: string[]) {
  await insertMembership(db, {
    id: `m-${teamId}-${user.id}`,
    teamId,
    userId: user.id,
    email: user.email,
    name: '',
    roles: roles as ('owner' | 'admin' | 'agent')[],
    confirm: true,
    secretHash: null,
    secretExpire: null,
    invitedBy: null,
  })
}

async function insertMailOf(db: TDatabase, userId: string, key: string) {
  await db.query(
    `insert into mailboxes (id, permissions, read_roles, address, "userId", "webhookSecret")
     values ($1, $2, $3, $4, $5, 'secret')`,
    [`mb-${key}`, [...owned(userId, ['read', 'update'])], [`user:${userId}`], `${key}@inbound.test`, userId],
  )
  await db.query(
    `insert into tickets (id, permissions, read_roles, email, subject, body, status, "userId", processing_status)
     values ($1, $2, $3, 'c@customer.example', 'Help', 'Body', 'open', $4, 'waiting')`,
    [`t-${key}`, owned(userId, ['read', 'update', 'delete']), [`user:${userId}`], userId],
  )
  await db.query(
    `insert into inbound_emails (id, permissions, read_roles, "mailboxId", "userId", channel, sha256, size, status,
       "ticketId")
     values ($1, $2, $3, $4, $5, 'smtp', $1, 10, 'ticket', $6)`,
    [`in-${key}`, owned(userId, ['read']), [`user:${userId}`], `mb-${key}`, userId, `t-${key}`],
  )
  await db.query(
    `insert into messages (id, permissions, read_roles, "ticketId", "userId", direction, "from", subject, body)
     values ($1, $2, $3, $4, $5, 'inbound', 'c@customer.example', 'Re: Help', 'More')`,
    [`msg-${key}`, owned(userId, ['read', 'delete']), [`user:${userId}`], `t-${key}`, userId],
  )
  await db.query(
    `insert into files (id, permissions, read_roles, "bucketId", name, "mimeType", "sizeOriginal", signature,
       "storageKey", "ticketId")
     values ($1, $2, $3, 'attachments', 'a.txt', 'text/plain', 1, 'sig', $1, $4)`,
    [`file-${key}`, owned(userId, ['read']), [`user:${userId}`], `t-${key}`],
  )
  await db.query(
    `insert into imap_accounts (id, permissions, read_roles, "userId", "mailboxId", host, port, secure, username,
       password)
     values ($1, $2, $3, $4, $5, 'imap.example.com', 993, true, 'u', 'v1:x')`,
    [`imap-${key}`, owned(userId, ['read', 'update', 'delete']), [`user:${userId}`], userId, `mb-${key}`],
  )
  await db.query(`insert into mail_thread_ids (user_id, message_id, ticket_id) values ($1, $2, $3)`, [
    userId,
    `${key}@customer.example`,
    `t-${key}`,
  ])
}

describe.each(DATABASE_KINDS)('migration 017 moves mail into workspaces on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openDatabaseBefore(kind, '017'))
    const alice = await insertUser(db, {
      id: 'alice',
      email: 'alice@example.com',
      name: 'Alice',
      passwordHash: null,
    })
    const bob = await insertUser(db, { id: 'bob', email: 'bob@example.com', name: 'Bob', passwordHash: null })
    await insertUser(db, { id: 'carol', email: 'carol@example.com', name: 'Carol', passwordHash: null })
    // Alice owns her workspace; Bob owns his and is an agent in Alice's; Carol deleted hers.
    await insertTeam(db, { id: 'ws-alice', name: "Alice's workspace" })
    await insertTeam(db, { id: 'ws-bob', name: "Bob's workspace" })
    await joinAs(db, 'ws-alice', alice, ['owner'])
    await joinAs(db, 'ws-bob', bob, ['owner'])
    await joinAs(db, 'ws-alice', bob, ['agent'])
    await insertMailOf(db, 'alice', 'alice')
    await insertMailOf(db, 'bob', 'bob')
    await insertMailOf(db, 'carol', 'carol')
    await migrate(db)
  })
  afterAll(() => close?.())

  const rowOf = async (table: string, id: string) =>
    (await db.query<Record<string, unknown>>(`select * from ${table} where id = $1`, [id])).rows[0]

  it("puts each account's mailbox, mail, tickets, messages and files in the workspace it owns", async () => {
    for (const table of ['mailboxes', 'inbound_emails', 'tickets', 'messages', 'files']) {
      const prefix = { mailboxes: 'mb', inbound_emails: 'in', tickets: 't', messages: 'msg', files: 'file' }[
        table
      ]
      expect(await rowOf(table, `${prefix}-alice`), table).toMatchObject({
        teamId: 'ws-alice',
        read_roles: ['team:ws-alice'],
      })
      // Bob's own mail goes to his own workspace, not to the one he is an agent in.
      expect(await rowOf(table, `${prefix}-bob`), table).toMatchObject({ teamId: 'ws-bob' })
    }
    expect((await rowOf('tickets', 't-alice'))?.permissions).toEqual([
      'read("team:ws-alice")',
      'update("team:ws-alice")',
      'delete("team:ws-alice")',
    ])
    expect((await rowOf('mailboxes', 'mb-alice'))?.permissions).toEqual([
      'read("team:ws-alice")',
      'update("team:ws-alice/owner")',
      'update("team:ws-alice/admin")',
    ])
  })

  it('leaves IMAP accounts to the owners and admins, and threads answers within the workspace', async () => {
    expect(await rowOf('imap_accounts', 'imap-alice')).toMatchObject({
      teamId: 'ws-alice',
      read_roles: ['team:ws-alice/owner', 'team:ws-alice/admin'],
    })
    const { rows } = await db.query(
      'select team_id, message_id, ticket_id from mail_thread_ids order by ticket_id',
    )
    expect(rows).toEqual([
      { team_id: 'ws-alice', message_id: 'alice@customer.example', ticket_id: 't-alice' },
      { team_id: 'ws-bob', message_id: 'bob@customer.example', ticket_id: 't-bob' },
      expect.objectContaining({ message_id: 'carol@customer.example', ticket_id: 't-carol' }),
    ])
  })

  it('gives an account that owns no workspace one again, with its mail in it', async () => {
    const { rows } = await db.query<{ team_id: string; roles: string[]; name: string }>(
      `select m.team_id, m.roles, t.name from memberships m join teams t on t.id = m.team_id
       where m.user_id = 'carol' and m.confirm`,
    )
    expect(rows).toEqual([{ team_id: expect.any(String), roles: ['owner'], name: "Carol's workspace" }])
    expect(await rowOf('tickets', 't-carol')).toMatchObject({ teamId: rows[0]?.team_id })
    expect(await rowOf('mailboxes', 'mb-carol')).toMatchObject({ teamId: rows[0]?.team_id })
  })
})
