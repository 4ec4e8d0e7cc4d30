import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../apps/server/src/config/config'
import { startServer, type TRunningServer } from '../../apps/server/src/server'
import { createBenchDatabase, type TBenchDatabase } from './bench-database'
import {
  CREATE_TICKET_PATH,
  createTicketBody,
  DASHBOARD_PAGE_SIZE,
  listTicketsPath,
  sessionHeaders,
  ticketPath,
  workspaceTicketPermissions,
} from './dashboard-requests'
import { createHttpClient, type THttpClient } from './http-client'
import { signUpMeasuredUsers, type TMeasuredUser } from './measured-users'
import { seedUsersAndTickets, type TSeedResult } from './seed-tickets'

type TDoc = { $id: string; $createdAt: string; $permissions: string[] } & Record<string, unknown>

// The bench is only worth its figures if seeded tickets are indistinguishable from ones the API writes.
describe('bench seed on PGlite', () => {
  let database: TBenchDatabase
  let server: TRunningServer
  let client: THttpClient
  let users: TMeasuredUser[]
  let seed: TSeedResult
  const projectId = 'parsedesk'
  const SEEDED_USERS = 10

  const call = (
    user: TMeasuredUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    json?: unknown,
  ) => client.request({ method, path, headers: sessionHeaders({ projectId, secret: user.secret }), json })
  const workspaceOf = (user: TMeasuredUser) => seed.workspaceOf.get(user.userId) as string
  const list = async (user: TMeasuredUser, teamId = workspaceOf(user)) =>
    JSON.parse((await call(user, 'GET', listTicketsPath(teamId))).body) as {
      total: number
      documents: TDoc[]
    }

  beforeAll(async () => {
    database = await createBenchDatabase({ kind: 'pglite', postgresUrl: '' })
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...database.env })
    server = await startServer({ config, roles: new Set(['http']) })
    client = createHttpClient({ baseUrl: server.url ?? '', maxSockets: 2 })
    users = await signUpMeasuredUsers({ client, projectId, count: 2 })
    seed = await seedUsersAndTickets({
      db: server.db,
      users: SEEDED_USERS,
      tickets: 300,
      measuredUserIds: users.map((u) => u.userId),
      days: 30,
    })
  })

  afterAll(async () => {
    client?.close()
    await server?.close()
    await database?.drop()
  })

  it("takes each measured user's workspace from sign-up and gives every other user one as sign-up does", async () => {
    const { rows: signedUp } = await server.db.query<{ team_id: string }>(
      `select team_id from memberships where user_id = any($1::text[]) order by user_id`,
      [users.map((u) => u.userId)],
    )
    expect(signedUp).toHaveLength(users.length)
    expect(new Set(signedUp.map((r) => r.team_id))).toEqual(new Set(users.map(workspaceOf)))

    // One workspace per user, named after them, the user its confirmed owner, like the ones sign-up made.
    const { rows } = await server.db.query<{
      user_id: string
      workspaces: number
      name: string
      expected_name: string
      shape: string
    }>(
      `select u.id as user_id, count(*)::int as workspaces, min(t.name) as name,
         min(coalesce(nullif(btrim(u.name), ''), split_part(u.email, '@', 1)) || '''s workspace') as expected_name,
         min(concat_ws(',', m.roles::text, m.confirm, m.email = u.email, m.name = u.name,
           m.joined_at is not null, m.secret_hash is null, m.invited_by is null)) as shape
       from users u join memberships m on m.user_id = u.id join teams t on t.id = m.team_id
       group by u.id`,
    )
    expect(rows).toHaveLength(SEEDED_USERS)
    const apiShape = rows.find((r) => r.user_id === users[0]?.userId)?.shape
    expect(apiShape).toBe('{owner},t,t,t,t,t,t')
    for (const row of rows) {
      expect(row.workspaces).toBe(1)
      expect(row.name).toBe(row.expected_name)
      expect(row.shape).toBe(apiShape)
    }
  })

  it("files every ticket into its owner's workspace with the workspace's permissions", async () => {
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from tickets t
       where not exists (select 1 from memberships m
           where m.team_id = t."teamId" and m.user_id = t."userId" and m.confirm and 'owner' = any(m.roles))
         or t.read_roles <> array['team:' || t."teamId"]
         or t.permissions <> array['read("team:' || t."teamId" || '")', 'update("team:' || t."teamId" || '")',
           'delete("team:' || t."teamId" || '")']`,
    )
    expect(rows[0]?.n).toBe(0)
  })

  it("lists each user their workspace's seeded tickets, newest first, as the API writes them", async () => {
    for (const user of users) {
      const teamId = workspaceOf(user)
      const response = await call(
        user,
        'POST',
        CREATE_TICKET_PATH,
        createTicketBody({ userId: user.userId, teamId, n: 1 }),
      )
      expect(response.status).toBe(201)
      const created = JSON.parse(response.body) as TDoc
      expect(created.teamId).toBe(teamId)
      expect(created.$permissions).toEqual(workspaceTicketPermissions(teamId))
      const inWorkspace = (seed.ticketsOf.get(user.userId) ?? 0) + 1
      const { total, documents } = await list(user)
      expect(total).toBe(inWorkspace)
      expect(documents).toHaveLength(Math.min(DASHBOARD_PAGE_SIZE, inWorkspace))
      const times = documents.map((d) => Date.parse(d.$createdAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      // The dashboard selects its columns: the body and the raw mail wait for the Ticket Details dialog.
      expect(documents.every((d) => !('body' in d) && !('rawJson' in d))).toBe(true)
      const seeded = documents.find((d) => d.$id !== created.$id)
      expect(seeded?.$permissions).toEqual(created.$permissions)
      const whole = JSON.parse((await call(user, 'GET', ticketPath(seeded?.$id ?? ''))).body) as TDoc
      expect(whole).toMatchObject({ teamId, userId: user.userId })
      expect(Object.keys(whole).sort()).toEqual(Object.keys(created).sort())
    }
  })

  it('spreads tickets unevenly, so the bench lists for a busy workspace and a quiet one', () => {
    const counts = users.map((u) => seed.ticketsOf.get(u.userId) ?? 0)
    expect(Math.max(...counts)).toBeGreaterThan(25)
    expect(Math.min(...counts)).toBeLessThan(Math.max(...counts) / 2)
  })

  it("lets a member change and delete a seeded ticket and hides it from another workspace's user", async () => {
    const [owner, other] = users as [TMeasuredUser, TMeasuredUser]
    const { documents } = await list(owner)
    // Seeded subjects end in ' #<n>'; the bench's created tickets read 'Cannot export invoices (<n>)'.
    const seeded = documents.find((d) => String(d.subject).includes(' #'))
    expect(seeded).toBeDefined()
    const path = ticketPath(seeded?.$id ?? '')
    expect((await call(other, 'GET', path)).status).toBe(404)
    expect(await list(other, workspaceOf(owner))).toMatchObject({ total: 0, documents: [] })
    expect((await call(owner, 'PATCH', path, { data: { status: 'closed' } })).status).toBe(200)
    expect((await call(owner, 'DELETE', path)).status).toBe(204)
    expect((await call(owner, 'GET', path)).status).toBe(404)
  })
})
