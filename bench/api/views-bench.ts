import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { Query } from 'appwrite'
import { loadConfig } from '../../apps/server/src/config/config'
import type { TDatabase, TQueryable } from '../../apps/server/src/db/database'
import { listDocuments } from '../../apps/server/src/documents/document-repository'
import { compileQueries, parseQueryStrings } from '../../apps/server/src/documents/queries'
import { startServer } from '../../apps/server/src/server'
import { createTicketsCollection } from '../../apps/server/src/tickets/tickets-collection'
import { TICKET_LIST_ATTRIBUTES } from '../../apps/web/src/features/tickets/ticket-model'
import { createBenchDatabase } from './bench-database'
import { sessionHeaders } from './dashboard-requests'
import { createHttpClient, type THttpClient } from './http-client'
import { summariseLatencies, type TLatencyStats } from './latency-stats'
import { signUpMeasuredUsers } from './measured-users'
import { runLoad } from './run-load'
import { seedWorkspace } from './seed-workspace'

const DOCUMENTS_PATH = `/v1/databases/${DATABASE_ID}/collections/${CollectionId.tickets}/documents`

export type TViewsPlan = {
  tickets: number
  messagesPerTicket: number
  days: number
  pageSize: number
  warmup: number
  iterations: number
}

export type TViewReport = {
  name: string
  stats: TLatencyStats
  documents: number
  /** Null for a page asked for without its count (a search). */
  total: number | null
  /** What Postgres itself spent on each statement of the list (EXPLAIN ANALYZE), apart from the HTTP round. */
  databaseMs: { weigh: number; page: number; count: number }
}

export type TViewsReport = {
  serverVersion: string
  seedSeconds: number
  messages: number
  /** Every ticket reached once by cursor through the whole workspace, and how long that walk took. */
  walk: { pages: number; tickets: number; seconds: number }
  views: TViewReport[]
}

type TBenchedList = { name: string; queries: string[]; withTotal: boolean }

/**
 * The list's views and searches as the web app asks for them (docs/api.md), newest or latest first. A view's
 * page comes with its count; a search's page comes without, and its count is a request of its own that
 * the rows do not wait for ("count ..." rows).
 */
function views(teamId: string, memberId: string, deepCursor: string, pageSize: number): TBenchedList[] {
  const open = Query.equal('status', ['open', 'in-progress'])
  const newest = Query.orderDesc('$createdAt')
  const latest = Query.orderDesc('$updatedAt')
  const pages = [
    { name: 'My open', queries: [Query.equal('assigneeId', memberId), open, latest] },
    { name: 'Unassigned', queries: [Query.isNull('assigneeId'), Query.notEqual('status', 'closed'), newest] },
    { name: 'All open', queries: [open, newest] },
    { name: 'Pending', queries: [Query.equal('status', 'pending'), latest] },
    { name: 'Closed', queries: [Query.equal('status', 'closed'), latest] },
    { name: 'Tag vip', queries: [Query.contains('tags', ['vip']), newest] },
    { name: 'Open by priority', queries: [open, Query.orderDesc('priority')] },
    { name: 'Page 1,000 deep', queries: [newest, Query.cursorAfter(deepCursor)] },
  ].map(({ name, queries }) => ({
    name,
    queries: [
      Query.equal('teamId', teamId),
      ...queries,
      Query.limit(pageSize),
      Query.select([...TICKET_LIST_ATTRIBUTES]),
    ],
    withTotal: true,
  }))
  const searches = [
    { name: '"invoice"', queries: [Query.search('text', 'invoice')] },
    { name: '"zebra"', queries: [Query.search('text', 'zebra')] },
    { name: '"rechn konto"', queries: [Query.search('text', 'rechn konto')] },
    { name: '"refund" + open', queries: [Query.search('text', 'refund'), open] },
  ].flatMap(({ name, queries }) => [
    {
      name: `Search ${name}`,
      queries: [
        Query.equal('teamId', teamId),
        ...queries,
        newest,
        Query.limit(pageSize),
        Query.select([...TICKET_LIST_ATTRIBUTES]),
      ],
      withTotal: false,
    },
    {
      name: `  count ${name}`,
      queries: [Query.equal('teamId', teamId), ...queries, Query.limit(1), Query.select(['$id'])],
      withTotal: true,
    },
  ])
  return [...pages, ...searches]
}

function listPath(queries: string[], withTotal: boolean): string {
  return `${DOCUMENTS_PATH}?${queries
    .map((q, i) => `${encodeURIComponent(`queries[${i}]`)}=${encodeURIComponent(q)}`)
    .join('&')}${withTotal ? '' : '&total=false'}`
}

async function list(
  client: THttpClient,
  headers: Record<string, string>,
  queries: string[],
  withTotal = true,
) {
  const response = await client.request({ method: 'GET', path: listPath(queries, withTotal), headers })
  if (response.status !== 200) throw new Error(`list answered ${response.status}: ${response.body}`)
  return JSON.parse(response.body) as { total: number; documents: { $id: string }[] }
}

/**
 * The statements the server runs for one list (the cursor's lookup, the weighing, the page, the capped
 * count), taken from its own compiler and repository, and what Postgres spends executing each.
 */
async function databaseTimes(db: TDatabase, teamId: string, benched: TBenchedList) {
  const statements: { sql: string; params: readonly unknown[] }[] = []
  const recorder: TQueryable = {
    query: async (sql, params) => {
      statements.push({ sql, params: params ?? [] })
      return db.query(sql, params)
    },
  }
  const tickets = createTicketsCollection({})
  const compiled = compileQueries(parseQueryStrings(benched.queries), tickets.attributes, tickets.fullText)
  await listDocuments(recorder, tickets, compiled, { roles: [`team:${teamId}`] }, benched.withTotal)
  const [weigh, page, count] = statements.slice(benched.withTotal ? -3 : -2)
  const executionMs = async (statement: { sql: string; params: readonly unknown[] } | undefined) => {
    if (!statement) return Number.NaN
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze) ${statement.sql}`,
      statement.params,
    )
    const line = rows.map((row) => row['QUERY PLAN']).find((text) => text.startsWith('Execution Time'))
    return Number(/([\d.]+) ms/.exec(line ?? '')?.[1])
  }
  return { weigh: await executionMs(weigh), page: await executionMs(page), count: await executionMs(count) }
}

/** Pages through every ticket of the workspace by cursor and checks each comes exactly once. */
async function walkAll(options: {
  client: THttpClient
  headers: Record<string, string>
  teamId: string
  expected: number
}) {
  const started = Date.now()
  const seen = new Set<string>()
  let pages = 0
  let last: string | undefined
  for (;;) {
    const { documents } = await list(options.client, options.headers, [
      Query.equal('teamId', options.teamId),
      Query.orderDesc('$updatedAt'),
      Query.limit(1000),
      Query.select(['$id']),
      ...(last ? [Query.cursorAfter(last)] : []),
    ])
    if (documents.length === 0) break
    pages++
    for (const document of documents) {
      if (seen.has(document.$id)) throw new Error(`ticket ${document.$id} came twice`)
      seen.add(document.$id)
    }
    last = documents.at(-1)?.$id
  }
  if (seen.size !== options.expected)
    throw new Error(`the cursor walk reached ${seen.size} tickets of ${options.expected}`)
  return { pages, tickets: seen.size, seconds: (Date.now() - started) / 1000 }
}

/**
 * One workspace of `plan.tickets` tickets and their messages on Postgres, a member signed in through the
 * API, then each view and search requested over HTTP one at a time, as one agent clicking through them.
 */
export async function runViewsBench(options: {
  postgresUrl: string
  plan: TViewsPlan
  log(line: string): void
}): Promise<TViewsReport> {
  const { plan, log } = options
  const database = await createBenchDatabase({ kind: 'postgres', postgresUrl: options.postgresUrl })
  try {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...database.env })
    const server = await startServer({ config, roles: new Set(['http']) })
    const client = createHttpClient({ baseUrl: server.url ?? '', maxSockets: 1 })
    try {
      const { rows } = await server.db.query<{ v: string }>("select current_setting('server_version') as v")
      const [member] = await signUpMeasuredUsers({ client, projectId: config.projectId, count: 1 })
      if (!member) throw new Error('no member signed up')
      const { rows: teams } = await server.db.query<{ team_id: string }>(
        'select team_id from memberships where user_id = $1',
        [member.userId],
      )
      const teamId = teams[0]?.team_id ?? ''
      log(`seeding ${plan.tickets} tickets with about ${plan.messagesPerTicket} messages each through SQL`)
      const seed = await seedWorkspace({
        db: server.db,
        teamId,
        memberId: member.userId,
        tickets: plan.tickets,
        messagesPerTicket: plan.messagesPerTicket,
        days: plan.days,
      })
      const headers = sessionHeaders({ projectId: config.projectId, secret: member.secret })
      log('paging through every ticket by cursor')
      const walk = await walkAll({ client, headers, teamId, expected: plan.tickets })
      const { rows: deep } = await server.db.query<{ id: string }>(
        `select id from tickets where "teamId" = $1 order by created_at desc, seq desc offset $2 limit 1`,
        [teamId, plan.pageSize * 1000],
      )
      const reports: TViewReport[] = []
      for (const view of views(teamId, member.userId, deep[0]?.id ?? '', plan.pageSize)) {
        const first = await list(client, headers, view.queries, view.withTotal)
        if (first.documents.length === 0) throw new Error(`${view.name} found nothing`)
        const send = async () => {
          await list(client, headers, view.queries, view.withTotal)
          return 0
        }
        await runLoad({ iterations: plan.warmup, concurrency: 1, send })
        log(`${view.name.trim()}: ${plan.iterations} requests`)
        const result = await runLoad({ iterations: plan.iterations, concurrency: 1, send })
        reports.push({
          name: view.name,
          stats: summariseLatencies(result.durationsMs, result.wallMs),
          documents: first.documents.length,
          total: view.withTotal ? first.total : null,
          databaseMs: await databaseTimes(server.db, teamId, view),
        })
      }
      return {
        serverVersion: rows[0]?.v ?? 'unknown',
        seedSeconds: seed.seconds,
        messages: seed.messages,
        walk,
        views: reports,
      }
    } finally {
      client.close()
      await server.close()
    }
  } finally {
    await database.drop()
  }
}

export function formatViewsReport(report: TViewsReport, plan: TViewsPlan, aimMs: number): string {
  const ms = (n: number) => n.toFixed(1).padStart(6)
  const lines = [
    `Postgres ${report.serverVersion}: one workspace, ${plan.tickets} tickets, ${report.messages} messages ` +
      `(seeded in ${report.seedSeconds.toFixed(0)} s); pages of ${plan.pageSize}, one request at a time`,
    `  cursor walk: ${report.walk.tickets} tickets in ${report.walk.pages} pages of 1000, each once, ` +
      `${report.walk.seconds.toFixed(1)} s`,
    `  ${'view'.padEnd(22)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)}  ` +
      'in Postgres: weigh / page / count (ms), total',
  ]
  for (const view of report.views) {
    const { p50, p95, p99, max } = view.stats
    const db = view.databaseMs
    lines.push(
      `  ${view.name.padEnd(22)} ${ms(p50)} ${ms(p95)} ${ms(p99)} ${ms(max)}  ` +
        `${[db.weigh, db.page, db.count].map((n) => (Number.isNaN(n) ? '-' : n.toFixed(1))).join(' / ')}, ` +
        `${view.total ?? 'not counted'}` +
        `${p99 > aimMs ? `  (p99 over ${aimMs} ms)` : ''}`,
    )
  }
  return lines.join('\n')
}
