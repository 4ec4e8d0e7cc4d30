import os from 'node:os'
import { benchPostgresUrl, canReachPostgres } from './bench-database'
import { describeMachine, formatMachine } from './machine'
import { formatViewsReport, runViewsBench, type TViewsPlan } from './views-bench'

const PLAN: TViewsPlan = {
  tickets: Number(process.env.BENCH_VIEWS_TICKETS ?? 100_000),
  messagesPerTicket: 2,
  days: 365,
  pageSize: 50,
  warmup: 20,
  iterations: Number(process.env.BENCH_VIEWS_ITERATIONS ?? 200),
}

const P99_AIM_MS = 50

/** `npx tsx bench/api/run-views.ts`: the ticket list's views and search over one big workspace. */
async function main() {
  console.log(`bench:api views on ${formatMachine(describeMachine())}`)
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
  const postgresUrl = benchPostgresUrl()
  if (!(await canReachPostgres(postgresUrl))) {
    console.log(`Postgres: nothing answers at ${new URL(postgresUrl).host}; set BENCH_DATABASE_URL`)
    return
  }
  const report = await runViewsBench({ postgresUrl, plan: PLAN, log: (line) => console.error(`… ${line}`) })
  console.log(formatViewsReport(report, PLAN, P99_AIM_MS))
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
