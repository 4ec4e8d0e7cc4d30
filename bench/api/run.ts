import os from 'node:os'
import { runBackendBench, type TBackendReport, type TBenchPlan } from './bench-backend'
import { benchPostgresUrl, canReachPostgres, type TBenchDatabaseKind } from './bench-database'
import type { TLatencyStats } from './latency-stats'
import { describeMachine, formatMachine } from './machine'

const PLAN: TBenchPlan = {
  users: 1000,
  tickets: 100_000,
  measuredUsers: 16,
  days: 365,
  warmup: 50,
  phases: [
    { operation: 'list', concurrency: 1, iterations: 1500 },
    { operation: 'list', concurrency: 8, iterations: 3000 },
    { operation: 'create', concurrency: 1, iterations: 500 },
    { operation: 'create', concurrency: 8, iterations: 1000 },
  ],
  stepIterations: 1000,
}

const LIST_P99_AIM_MS = 20

const percent = (share: number) => `${Math.round(share * 100)}%`
const ms = (value: number) => value.toFixed(2).padStart(7)

function statsRow(label: string, stats: TLatencyStats, extra = ''): string {
  const rate = Number.isFinite(stats.perSecond) ? stats.perSecond.toFixed(0).padStart(6) : '     -'
  return `  ${label.padEnd(28)} ${String(stats.count).padStart(5)} ${rate} ${ms(stats.p50)} ${ms(stats.p95)} ${ms(stats.p99)} ${ms(stats.max)}${extra}`
}

function printReport(report: TBackendReport) {
  const counts = [...report.ticketsOfMeasured].sort((a, b) => a - b)
  console.log(
    `\n${report.kind} (server ${report.serverVersion}), seeded in ${report.seedSeconds.toFixed(1)} s`,
  )
  console.log(`  measured users own ${counts.join(', ')} tickets`)
  console.log(
    `  ${'over HTTP'.padEnd(28)} ${'n'.padStart(5)} ${'req/s'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  (ms)`,
  )
  for (const phase of report.phases) {
    const label = `${phase.operation === 'list' ? 'list 25 newest' : 'create ticket'}, ${phase.concurrency} in flight`
    const cpu = phase.cpu
      ? `, CPU: bench ${percent(phase.cpu.self)}, postgres ${percent(phase.cpu.postgres)}, others ${percent(phase.cpu.others)}`
      : ''
    console.log(statsRow(label, phase.stats, `  ${phase.kbPerResponse.toFixed(1)} KB/answer${cpu}`))
  }
  console.log('  straight to the database, one at a time')
  console.log(statsRow('session + user lookup', report.steps.session))
  console.log(statsRow('list page query', report.steps.page))
  console.log(statsRow('list count query (capped)', report.steps.count))
  const list = report.phases.filter((p) => p.operation === 'list')
  const worst = Math.max(...list.map((p) => p.stats.p99))
  if (report.kind === 'postgres') {
    console.log(
      `  aim: list p99 < ${LIST_P99_AIM_MS} ms: ${worst < LIST_P99_AIM_MS ? 'met' : 'MISSED'} (worst p99 ${worst.toFixed(2)} ms)`,
    )
  }
  for (const explain of report.explains) {
    console.log(`\n  EXPLAIN ANALYZE, list page query, a user with ${explain.userTickets} tickets:`)
    console.log(explain.page.replace(/^/gm, '    '))
    console.log(`\n  EXPLAIN ANALYZE, capped count query, the same user:`)
    console.log(explain.count.replace(/^/gm, '    '))
  }
}

async function main() {
  const machine = describeMachine()
  console.log(`bench:api on ${formatMachine(machine)}`)
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
  console.log(
    `${PLAN.tickets} tickets of ${PLAN.users} users over ${PLAN.days} days; ${PLAN.measuredUsers} measured users; ` +
      `server in-process (http role) on 127.0.0.1, keep-alive HTTP client in the same process`,
  )
  const only = process.env.BENCH_ONLY
  const postgresUrl = benchPostgresUrl()
  const kinds: TBenchDatabaseKind[] = []
  if (only !== 'postgres') kinds.push('pglite')
  if (only !== 'pglite') {
    if (await canReachPostgres(postgresUrl)) kinds.push('postgres')
    else
      console.log(
        `Postgres: nothing answers at ${new URL(postgresUrl).host}; set BENCH_DATABASE_URL to include it`,
      )
  }
  const log = (line: string) => console.error(`… ${line}`)
  for (const kind of kinds) printReport(await runBackendBench({ kind, postgresUrl, plan: PLAN, log }))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
