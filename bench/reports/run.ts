import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { ReportLimits, type TReportDrill, type TReportSummary } from '@parsedesk/contracts'
import type { Client } from 'appwrite'
import { loadConfig } from '../../apps/server/src/config/config'
import { localDayOf } from '../../apps/server/src/reports/report-period'
import { startServer } from '../../apps/server/src/server'
import {
  benchPostgresUrl,
  canReachPostgres,
  createBenchDatabase,
  type TBenchDatabaseKind,
} from '../api/bench-database'
import { summariseLatencies, type TLatencyStats } from '../api/latency-stats'
import { describeMachine, formatMachine } from '../api/machine'
import { seedReportWorkspace } from './seed-reports'

/**
 * bench:reports (issue 27): a year of a workspace's tickets with their event history, then /reports as a
 * user opens it, through the official SDK over HTTP: the summary for the last 30 days and for 12 months, a
 * bar's drill-down and the tickets CSV. `--tickets=1000000` for the large run; BENCH_ONLY=pglite|postgres;
 * BENCH_ITERATIONS (per request, after 2 unmeasured); BENCH_KEEP=1 keeps the database.
 */
const DAYS = 365
const WARMUP = 2
const AIMS_MS: [number, number][] = [
  [50_000, 300],
  [1_000_000, 1000],
]

const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const TICKETS = Number(argument('tickets') ?? 50_000)
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20)

const isoDay = (at: number) => localDayOf('UTC', at)

type TRequest = { name: string; send: () => Promise<unknown> }

const get = <T>(client: Client, path: string, params: Record<string, string>, type?: 'arrayBuffer') =>
  client.call('get', new URL(`${client.config.endpoint}${path}`), {}, params, type) as Promise<T>

async function time(request: TRequest): Promise<TLatencyStats> {
  for (let i = 0; i < WARMUP; i++) await request.send()
  const durations: number[] = []
  const started = performance.now()
  for (let i = 0; i < ITERATIONS; i++) {
    const at = performance.now()
    await request.send()
    durations.push(performance.now() - at)
  }
  return summariseLatencies(durations, performance.now() - started)
}

const ms = (value: number) => value.toFixed(0).padStart(7)

async function benchKind(kind: TBenchDatabaseKind, postgresUrl: string) {
  const log = (line: string) => console.error(`… ${kind}: ${line}`)
  const database = await createBenchDatabase({ kind, postgresUrl })
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...database.env })
  const server = await startServer({ config, roles: new Set(['http']) })
  try {
    const now = Date.now()
    const seeded = await seedReportWorkspace({
      serverUrl: server.url ?? '',
      db: server.db,
      tickets: TICKETS,
      days: DAYS,
      now,
      log,
    })
    const client = seeded.owner.client
    const today = isoDay(now)
    const month = { teamId: seeded.teamId, from: isoDay(now - 29 * 86_400_000), to: today, timeZone: 'UTC' }
    const year = { ...month, from: isoDay(now - (DAYS - 1) * 86_400_000) }

    // Before timing: the numbers are the workspace's (the 12 months hold every ticket but the one
    // generated on the first day's edge), and the drill-down is a bar's. The generator writes no measured
    // rows (decision 069), as a workspace older than migration 061 has none: this first report measures
    // and stores every ticket's, which is what the first report after the upgrade costs.
    const firstStarted = performance.now()
    const yearly = await get<TReportSummary>(client, '/reports/summary', year)
    const firstSeconds = (performance.now() - firstStarted) / 1000
    const { rows } = await server.db.query<{ count: number }>(
      `select count(*)::int as count from tickets where "teamId" = $1 and created_at >= $2`,
      [seeded.teamId, new Date(`${year.from}T00:00:00Z`)],
    )
    const expected = Math.min(rows[0]?.count ?? 0, ReportLimits.tickets)
    if (yearly.headline.tickets !== expected)
      throw new Error(`12-month summary counts ${yearly.headline.tickets} tickets, the database ${expected}`)
    const monthly = await get<TReportSummary>(client, '/reports/summary', month)
    const busiest = [...monthly.days].sort((a, b) => b.closed.count - a.closed.count)[0]
    const slice = busiest?.closed.slice ?? 'all'
    const drill = await get<TReportDrill>(client, '/reports/tickets', { ...month, slice })
    if (drill.total !== busiest?.closed.count)
      throw new Error(`drill-down ${drill.total} ≠ bar ${busiest?.closed.count}`)

    const requests: TRequest[] = [
      { name: 'summary, last 30 days', send: () => get(client, '/reports/summary', month) },
      { name: 'summary, 12 months', send: () => get(client, '/reports/summary', year) },
      {
        name: 'summary, last 30 days, events cohort',
        send: () => get(client, '/reports/summary', { ...month, cohort: 'events' }),
      },
      { name: `drill-down (${slice})`, send: () => get(client, '/reports/tickets', { ...month, slice }) },
      {
        name: 'tickets CSV, last 30 days (all)',
        send: () => get(client, '/reports/tickets.csv', { ...month, slice: 'all' }, 'arrayBuffer'),
      },
    ]
    const version = await server.db.query<{ v: string }>("select current_setting('server_version') as v")
    console.log(
      `\n${kind} ${version.rows[0]?.v}: ${seeded.tickets} tickets, ${seeded.events} events, seeded in ` +
        `${seeded.seedSeconds.toFixed(0)} s; 30 days hold ${monthly.headline.tickets} tickets, ` +
        `12 months ${yearly.headline.tickets}${yearly.truncated ? ' (cut at the report limit)' : ''}; ` +
        `the first 12-month report, storing every ticket's measured row, took ${firstSeconds.toFixed(1)} s`,
    )
    console.log(
      `  ${'request (one in flight)'.padEnd(40)} ${'n'.padStart(4)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  ms`,
    )
    for (const request of requests) {
      log(request.name)
      const stats = await time(request)
      console.log(
        `  ${request.name.padEnd(40)} ${String(stats.count).padStart(4)} ${ms(stats.p50)} ${ms(stats.p95)} ` +
          `${ms(stats.p99)} ${ms(stats.max)}`,
      )
    }
    console.log(
      `  load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} (1, 5, 15 min)`,
    )
  } finally {
    await server.close()
    // BENCH_KEEP=1 leaves the database for EXPLAIN on the same rows; its name is printed.
    if (process.env.BENCH_KEEP === '1')
      console.log(`kept database ${database.postgresDatabase ?? database.env.DATA_DIR}`)
    else await database.drop()
  }
}

async function main() {
  console.log(`bench:reports on ${formatMachine(describeMachine())}`)
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
  const aim = AIMS_MS.find(([tickets]) => TICKETS <= tickets)?.[1] ?? 1000
  console.log(
    `${TICKETS} tickets over ${DAYS} days; server in-process (http role) on 127.0.0.1, the appwrite SDK as ` +
      `client in the same process; ${ITERATIONS} requests each after ${WARMUP} unmeasured; aim: p95 < ${aim} ms on Postgres`,
  )
  const only = process.env.BENCH_ONLY
  const postgresUrl = benchPostgresUrl()
  const kinds: TBenchDatabaseKind[] = []
  if (only !== 'postgres') kinds.push('pglite')
  if (only !== 'pglite') {
    if (await canReachPostgres(postgresUrl)) kinds.push('postgres')
    else console.log(`Postgres: nothing answers at ${new URL(postgresUrl).host}; set BENCH_DATABASE_URL`)
  }
  for (const kind of kinds) await benchKind(kind, postgresUrl)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
