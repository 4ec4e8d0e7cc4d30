import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../apps/server/src/config/config'
import { startServer, type TRunningServer } from '../../apps/server/src/server'
import { createBenchDatabase, type TBenchDatabase } from './bench-database'
import { CREATE_TICKET_PATH, createTicketBody, LIST_TICKETS_PATH, sessionHeaders } from './dashboard-requests'
import { createHttpClient, type THttpClient } from './http-client'
import { signUpMeasuredUsers, type TMeasuredUser } from './measured-users'
import { seedUsersAndTickets, type TSeedResult } from './seed-tickets'

type TDoc = { $id: string; $createdAt: string; $permissions: string[]; userId: string; subject: string }

// The bench is only worth its figures if seeded tickets are indistinguishable from ones the API writes.
describe('bench seed on PGlite', () => {
  let database: TBenchDatabase
  let server: TRunningServer
  let client: THttpClient
  let users: TMeasuredUser[]
  let seed: TSeedResult
  const projectId = 'parsedesk'

  const call = (
    user: TMeasuredUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    json?: unknown,
  ) => client.request({ method, path, headers: sessionHeaders({ projectId, secret: user.secret }), json })

  beforeAll(async () => {
    database = await createBenchDatabase({ kind: 'pglite', postgresUrl: '' })
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...database.env })
    server = await startServer({ config, roles: new Set(['http']) })
    client = createHttpClient({ baseUrl: server.url ?? '', maxSockets: 2 })
    users = await signUpMeasuredUsers({ client, projectId, count: 2 })
    seed = await seedUsersAndTickets({
      db: server.db,
      users: 10,
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

  it('lists each user their own seeded tickets, newest first, with the permissions the API writes', async () => {
    for (const user of users) {
      const created = JSON.parse(
        (await call(user, 'POST', CREATE_TICKET_PATH, createTicketBody({ userId: user.userId, n: 1 }))).body,
      ) as TDoc
      const owned = (seed.ticketsOf.get(user.userId) ?? 0) + 1
      const { total, documents } = JSON.parse((await call(user, 'GET', LIST_TICKETS_PATH)).body) as {
        total: number
        documents: TDoc[]
      }
      expect(total).toBe(owned)
      expect(documents).toHaveLength(Math.min(25, owned))
      expect(documents.every((d) => d.userId === user.userId)).toBe(true)
      const times = documents.map((d) => Date.parse(d.$createdAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      const seeded = documents.find((d) => d.$id !== created.$id)
      expect(seeded?.$permissions).toEqual(created.$permissions)
    }
  })

  it('spreads tickets unevenly, so the bench lists for a busy user and a quiet one', () => {
    const counts = users.map((u) => seed.ticketsOf.get(u.userId) ?? 0)
    expect(Math.max(...counts)).toBeGreaterThan(25)
    expect(Math.min(...counts)).toBeLessThan(Math.max(...counts) / 2)
  })

  it('lets the owner change and delete a seeded ticket and hides it from another user', async () => {
    const [owner, other] = users as [TMeasuredUser, TMeasuredUser]
    const { documents } = JSON.parse((await call(owner, 'GET', LIST_TICKETS_PATH)).body) as {
      documents: TDoc[]
    }
    // Seeded subjects end in ' #<n>'; the bench's created tickets read 'Cannot export invoices (<n>)'.
    const seeded = documents.find((d) => d.subject.includes(' #'))
    expect(seeded).toBeDefined()
    const path = `${CREATE_TICKET_PATH}/${seeded?.$id}`
    expect((await call(other, 'GET', path)).status).toBe(404)
    expect((await call(owner, 'PATCH', path, { data: { status: 'closed' } })).status).toBe(200)
    expect((await call(owner, 'DELETE', path)).status).toBe(204)
    expect((await call(owner, 'GET', path)).status).toBe(404)
  })
})
