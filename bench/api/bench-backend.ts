import { loadConfig } from '../../apps/server/src/config/config'
import type { TDatabase } from '../../apps/server/src/db/database'
import { startServer } from '../../apps/server/src/server'
import { createBenchDatabase, type TBenchDatabase, type TBenchDatabaseKind } from './bench-database'
import { cpuShareBetween, othersShare, sampleCpu, type TCpuShare } from './cpu-share'
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
import { summariseLatencies, type TLatencyStats } from './latency-stats'
import {
  captureListStatements,
  explainStatement,
  type TListStatements,
  type TStatementTimings,
  timeListSteps,
} from './list-statements'
import { signUpMeasuredUsers, type TMeasuredUser } from './measured-users'
import { runLoad } from './run-load'
import { seedUsersAndTickets } from './seed-tickets'

export type TOperation = 'list' | 'get' | 'create'

export type TBenchPlan = {
  users: number
  tickets: number
  measuredUsers: number
  days: number
  warmup: number
  phases: { operation: TOperation; concurrency: number; iterations: number }[]
  stepIterations: number
  /** A phase is run again, up to maxAttempts in all, while other processes took more than busyShare of the CPUs. */
  maxAttempts: number
  busyShare: number
}

export type TPhaseReport = {
  operation: TOperation
  concurrency: number
  stats: TLatencyStats
  kbPerResponse: number
  cpu: TCpuShare | undefined
  /** Runs it took; more than one when other processes kept the CPUs busy. */
  attempts: number
}

export type TExplain = { userTickets: number; weigh: string; page: string; count: string }

export type TBackendReport = {
  kind: TBenchDatabaseKind
  serverVersion: string
  seedSeconds: number
  ticketsOfMeasured: number[]
  phases: TPhaseReport[]
  steps: Record<keyof TStatementTimings, TLatencyStats>
  explains: TExplain[]
}

/** A measured user, the workspace their dashboard shows and, once checked, the tickets it lists. */
type TBenchUser = TMeasuredUser & { teamId: string; listedIds: string[] }
type TDashboardDoc = { $id: string; $createdAt: string; $permissions: string[] } & Record<string, unknown>
type TRequestOptions = { client: THttpClient; projectId: string; users: TBenchUser[] }

// The server counts `total` up to this many matches (documents/document-repository.ts).
const TOTAL_CAP = 5000

function fail(user: TBenchUser, what: string): never {
  throw new Error(`user ${user.userId}, workspace ${user.teamId}: ${what}`)
}

/**
 * Before timing anything: each measured user's list is their workspace's newest tickets (the ids the
 * database has, newest first, 100 at most), with the workspace's permissions and only the attributes the
 * dashboard selects; each listed ticket, read whole as the Ticket Details dialog reads it, is the
 * workspace's. Keeps the listed ids for the get phase.
 */
async function checkListAnswers(options: TRequestOptions & { db: TDatabase; owned: number[] }) {
  const { client, projectId, users, owned, db } = options
  for (const [i, user] of users.entries()) {
    const headers = sessionHeaders({ projectId, secret: user.secret })
    const response = await client.request({ method: 'GET', path: listTicketsPath(user.teamId), headers })
    if (response.status !== 200) throw new Error(`list answered ${response.status}: ${response.body}`)
    const { total, documents } = JSON.parse(response.body) as { total: number; documents: TDashboardDoc[] }
    const { rows } = await db.query<{ id: string }>(
      `select id from tickets where "teamId" = $1 order by created_at desc, seq desc limit $2`,
      [user.teamId, DASHBOARD_PAGE_SIZE],
    )
    const expectedIds = rows.map((row) => row.id)
    if (expectedIds.length !== Math.min(DASHBOARD_PAGE_SIZE, owned[i] ?? 0))
      fail(user, `the workspace holds ${expectedIds.length} tickets, the seed counted ${owned[i]}`)
    if (documents.map((d) => d.$id).join() !== expectedIds.join())
      fail(user, `the list is not the workspace's ${expectedIds.length} newest tickets`)
    if (total !== Math.min(owned[i] ?? 0, TOTAL_CAP)) fail(user, `total ${total}, expected ${owned[i]}`)
    const times = documents.map((d) => Date.parse(d.$createdAt))
    if (!times.every((t, j) => j === 0 || t <= (times[j - 1] ?? t)))
      fail(user, 'the list is not newest first')
    const permissions = workspaceTicketPermissions(user.teamId).join()
    if (documents.some((d) => d.$permissions.join() !== permissions))
      fail(user, `a listed ticket lacks the workspace's permissions (${permissions})`)
    if (documents.some((d) => 'body' in d || 'rawJson' in d))
      fail(user, 'the list sent attributes it did not select')
    for (const listed of documents) {
      const one = await client.request({ method: 'GET', path: ticketPath(listed.$id), headers })
      if (one.status !== 200) throw new Error(`get answered ${one.status}: ${one.body}`)
      const ticket = JSON.parse(one.body) as TDashboardDoc
      if (ticket.$id !== listed.$id || ticket.teamId !== user.teamId)
        fail(user, `ticket ${listed.$id} is in workspace ${String(ticket.teamId)}`)
    }
    user.listedIds = expectedIds
  }
}

function sendList({ client, projectId, users }: TRequestOptions) {
  return async (i: number) => {
    const user = users[i % users.length] as TBenchUser
    const response = await client.request({
      method: 'GET',
      path: listTicketsPath(user.teamId),
      headers: sessionHeaders({ projectId, secret: user.secret }),
    })
    if (response.status !== 200) throw new Error(`list answered ${response.status}: ${response.body}`)
    return response.bytes
  }
}

/** Opens the listed tickets in turn, each user theirs, as the Ticket Details dialog reads one. */
function sendGet({ client, projectId, users }: TRequestOptions) {
  const readers = users.filter((user) => user.listedIds.length > 0)
  return async (i: number) => {
    const user = readers[i % readers.length] as TBenchUser
    const id = user.listedIds[Math.floor(i / readers.length) % user.listedIds.length] as string
    const response = await client.request({
      method: 'GET',
      path: ticketPath(id),
      headers: sessionHeaders({ projectId, secret: user.secret }),
    })
    if (response.status !== 200) throw new Error(`get answered ${response.status}: ${response.body}`)
    return response.bytes
  }
}

function sendCreate({ client, projectId, users }: TRequestOptions) {
  return async (i: number) => {
    const user = users[i % users.length] as TBenchUser
    const response = await client.request({
      method: 'POST',
      path: CREATE_TICKET_PATH,
      headers: sessionHeaders({ projectId, secret: user.secret }),
      json: createTicketBody({ userId: user.userId, teamId: user.teamId, n: i }),
    })
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${response.body}`)
    return response.bytes
  }
}

/**
 * Times one phase. When other processes took a large share of the CPUs, the phase is run again (a
 * bounded number of times) and the least disturbed attempt is kept: their load is not the server's latency.
 */
async function measurePhase(options: {
  plan: TBenchPlan
  concurrency: number
  iterations: number
  send: (i: number) => Promise<number>
  postgresDatabase: string | undefined
}): Promise<Omit<TPhaseReport, 'operation' | 'concurrency'>> {
  let best: Omit<TPhaseReport, 'operation' | 'concurrency' | 'attempts'> | undefined
  let attempts = 0
  while (attempts < options.plan.maxAttempts) {
    attempts += 1
    const before = sampleCpu(options.postgresDatabase)
    const result = await runLoad({
      iterations: options.iterations,
      concurrency: options.concurrency,
      send: options.send,
    })
    const cpu = cpuShareBetween(before, sampleCpu(options.postgresDatabase))
    if (!best || othersShare(cpu) < othersShare(best.cpu)) {
      best = {
        stats: summariseLatencies(result.durationsMs, result.wallMs),
        kbPerResponse: result.bytes / result.durationsMs.length / 1024,
        cpu,
      }
    }
    if (othersShare(cpu) <= options.plan.busyShare) break
  }
  if (!best) throw new Error('maxAttempts must be at least 1')
  return { ...best, attempts }
}

/** One backend, start to finish: fresh database, real server, seed, sessions, load, plans, teardown. */
export async function runBackendBench(options: {
  kind: TBenchDatabaseKind
  postgresUrl: string
  plan: TBenchPlan
  log: (line: string) => void
}): Promise<TBackendReport> {
  const database = await createBenchDatabase({ kind: options.kind, postgresUrl: options.postgresUrl })
  try {
    return await benchServer({ ...options, database })
  } finally {
    await database.drop()
  }
}

/** Starts the server on the fresh database, then seeds, checks, measures and explains. */
async function benchServer(options: {
  kind: TBenchDatabaseKind
  plan: TBenchPlan
  log: (line: string) => void
  database: TBenchDatabase
}): Promise<TBackendReport> {
  const { plan, log, database } = options
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...database.env })
  const server = await startServer({ config, roles: new Set(['http']) })
  const maxConcurrency = Math.max(...plan.phases.map((p) => p.concurrency))
  const client = createHttpClient({ baseUrl: server.url ?? '', maxSockets: maxConcurrency })
  try {
    const { rows } = await server.db.query<{ v: string }>("select current_setting('server_version') as v")
    log(`${options.kind}: signing up ${plan.measuredUsers} users through the API`)
    const measured = await signUpMeasuredUsers({
      client,
      projectId: config.projectId,
      count: plan.measuredUsers,
    })
    log(`${options.kind}: seeding ${plan.users} users and ${plan.tickets} tickets through SQL`)
    const seed = await seedUsersAndTickets({
      db: server.db,
      users: plan.users,
      tickets: plan.tickets,
      measuredUserIds: measured.map((u) => u.userId),
      days: plan.days,
    })
    const users: TBenchUser[] = measured.map((u) => ({
      ...u,
      teamId: seed.workspaceOf.get(u.userId) ?? '',
      listedIds: [],
    }))
    const owned = users.map((u) => seed.ticketsOf.get(u.userId) ?? 0)
    log(`${options.kind}: checking each measured user's list and the tickets it lists`)
    await checkListAnswers({ client, projectId: config.projectId, users, owned, db: server.db })

    const statements: TListStatements[] = []
    for (const user of users)
      statements.push(await captureListStatements(server.db, user.userId, user.teamId))
    log(`${options.kind}: timing the list steps straight against the database`)
    const timings = await timeListSteps({
      db: server.db,
      users: users.map((u, i) => ({ secret: u.secret, statements: statements[i] as TListStatements })),
      sessionIdleMs: config.sessionIdleMs,
      iterations: plan.stepIterations,
    })

    // Plans of a typical user (median ticket count) and of the busiest one, where a plan goes wrong first.
    const byCount = users.map((_, i) => i).sort((a, b) => (owned[a] ?? 0) - (owned[b] ?? 0))
    const explained = [byCount[Math.floor(byCount.length / 2)] ?? 0, byCount.at(-1) ?? 0]
    const explains: TExplain[] = []
    if (options.kind === 'postgres') {
      for (const i of explained) {
        const userStatements = statements[i] as TListStatements
        explains.push({
          userTickets: owned[i] ?? 0,
          weigh: await explainStatement(server.db, userStatements.weigh),
          page: await explainStatement(server.db, userStatements.page),
          count: await explainStatement(server.db, userStatements.count),
        })
      }
    }

    const phases: TPhaseReport[] = []
    for (const phase of plan.phases) {
      log(`${options.kind}: ${phase.operation} x${phase.iterations}, ${phase.concurrency} in flight`)
      const send = { list: sendList, get: sendGet, create: sendCreate }[phase.operation]({
        client,
        projectId: config.projectId,
        users,
      })
      await runLoad({ iterations: plan.warmup, concurrency: phase.concurrency, send })
      phases.push({
        operation: phase.operation,
        concurrency: phase.concurrency,
        ...(await measurePhase({
          plan,
          concurrency: phase.concurrency,
          iterations: phase.iterations,
          send,
          postgresDatabase: database.postgresDatabase,
        })),
      })
    }

    return {
      kind: options.kind,
      serverVersion: rows[0]?.v ?? 'unknown',
      seedSeconds: seed.seconds,
      ticketsOfMeasured: owned,
      phases,
      steps: {
        session: summariseLatencies(timings.session, 0),
        weigh: summariseLatencies(timings.weigh, 0),
        page: summariseLatencies(timings.page, 0),
        count: summariseLatencies(timings.count, 0),
      },
      explains,
    }
  } finally {
    client.close()
    await server.close()
  }
}
