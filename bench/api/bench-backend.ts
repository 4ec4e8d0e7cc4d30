import { loadConfig } from '../../apps/server/src/config/config'
import { startServer } from '../../apps/server/src/server'
import { createBenchDatabase, type TBenchDatabase, type TBenchDatabaseKind } from './bench-database'
import { cpuShareBetween, othersShare, sampleCpu, type TCpuShare } from './cpu-share'
import {
  CREATE_TICKET_PATH,
  createTicketBody,
  DASHBOARD_PAGE_SIZE,
  LIST_TICKETS_PATH,
  sessionHeaders,
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

export type TBenchPlan = {
  users: number
  tickets: number
  measuredUsers: number
  days: number
  warmup: number
  phases: { operation: 'list' | 'create'; concurrency: number; iterations: number }[]
  stepIterations: number
  /** A phase is run again, up to maxAttempts in all, while other processes took more than busyShare of the CPUs. */
  maxAttempts: number
  busyShare: number
}

export type TPhaseReport = {
  operation: 'list' | 'create'
  concurrency: number
  stats: TLatencyStats
  kbPerResponse: number
  cpu: TCpuShare | undefined
  /** Runs it took; more than one when other processes kept the CPUs busy. */
  attempts: number
}

export type TExplain = { userTickets: number; page: string; count: string }

export type TBackendReport = {
  kind: TBenchDatabaseKind
  serverVersion: string
  seedSeconds: number
  ticketsOfMeasured: number[]
  phases: TPhaseReport[]
  steps: Record<keyof TStatementTimings, TLatencyStats>
  explains: TExplain[]
}

type TDashboardDoc = { userId: string; $createdAt: string }
type TRequestOptions = { client: THttpClient; projectId: string; users: TMeasuredUser[] }

// The server counts `total` up to this many matches (documents/document-repository.ts).
const TOTAL_CAP = 5000

/** Before timing anything: each measured user's list holds only their tickets, newest first, 25 at most. */
async function checkListAnswers(options: TRequestOptions & { owned: number[] }) {
  const { client, projectId, users, owned } = options
  for (const [i, user] of users.entries()) {
    const response = await client.request({
      method: 'GET',
      path: LIST_TICKETS_PATH,
      headers: sessionHeaders({ projectId, secret: user.secret }),
    })
    if (response.status !== 200) throw new Error(`list answered ${response.status}: ${response.body}`)
    const { total, documents } = JSON.parse(response.body) as { total: number; documents: TDashboardDoc[] }
    const expected = Math.min(DASHBOARD_PAGE_SIZE, owned[i] ?? 0)
    const times = documents.map((d) => Date.parse(d.$createdAt))
    const newestFirst = times.every((t, j) => j === 0 || t <= (times[j - 1] ?? t))
    if (
      documents.length !== expected ||
      total !== Math.min(owned[i] ?? 0, TOTAL_CAP) ||
      !newestFirst ||
      documents.some((d) => d.userId !== user.userId)
    ) {
      throw new Error(`user ${user.userId}: the list is not their ${expected} newest tickets`)
    }
  }
}

function sendList({ client, projectId, users }: TRequestOptions) {
  return async (i: number) => {
    const user = users[i % users.length] as TMeasuredUser
    const response = await client.request({
      method: 'GET',
      path: LIST_TICKETS_PATH,
      headers: sessionHeaders({ projectId, secret: user.secret }),
    })
    if (response.status !== 200) throw new Error(`list answered ${response.status}: ${response.body}`)
    return response.bytes
  }
}

function sendCreate({ client, projectId, users }: TRequestOptions) {
  return async (i: number) => {
    const user = users[i % users.length] as TMeasuredUser
    const response = await client.request({
      method: 'POST',
      path: CREATE_TICKET_PATH,
      headers: sessionHeaders({ projectId, secret: user.secret }),
      json: createTicketBody({ userId: user.userId, n: i }),
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
    const users = await signUpMeasuredUsers({
      client,
      projectId: config.projectId,
      count: plan.measuredUsers,
    })
    log(`${options.kind}: seeding ${plan.users} users and ${plan.tickets} tickets through SQL`)
    const seed = await seedUsersAndTickets({
      db: server.db,
      users: plan.users,
      tickets: plan.tickets,
      measuredUserIds: users.map((u) => u.userId),
      days: plan.days,
    })
    const owned = users.map((u) => seed.ticketsOf.get(u.userId) ?? 0)
    await checkListAnswers({ client, projectId: config.projectId, users, owned })

    const statements: TListStatements[] = []
    for (const user of users) statements.push(await captureListStatements(server.db, user.userId))
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
          page: await explainStatement(server.db, userStatements.page),
          count: await explainStatement(server.db, userStatements.count),
        })
      }
    }

    const phases: TPhaseReport[] = []
    for (const phase of plan.phases) {
      log(`${options.kind}: ${phase.operation} x${phase.iterations}, ${phase.concurrency} in flight`)
      const send = (phase.operation === 'list' ? sendList : sendCreate)({
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
