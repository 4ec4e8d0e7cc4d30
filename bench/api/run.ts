import os from 'node:os'
import { runBackendBench, type TBenchPlan } from './bench-backend'
import { benchPostgresUrl, canReachPostgres, type TBenchDatabaseKind } from './bench-database'
import { formatBackendReport } from './format-report'
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
    { operation: 'get', concurrency: 1, iterations: 1500 },
    { operation: 'get', concurrency: 8, iterations: 3000 },
    { operation: 'create', concurrency: 1, iterations: 500 },
    { operation: 'create', concurrency: 8, iterations: 1000 },
  ],
  stepIterations: 1000,
  maxAttempts: 3,
  busyShare: 0.15,
}

const LIST_P99_AIM_MS = 20

async function main() {
  const machine = describeMachine()
  console.log(`bench:api on ${formatMachine(machine)}`)
  const load = os.loadavg().map((l) => l.toFixed(2))
  console.log(`load average at start: ${load.join(', ')} (1, 5, 15 min)`)
  console.log(
    `${PLAN.tickets} tickets of ${PLAN.users} users, each in a workspace of their own, over ${PLAN.days} days; ` +
      `${PLAN.measuredUsers} measured users; ` +
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
  for (const kind of kinds) {
    console.log(
      formatBackendReport(await runBackendBench({ kind, postgresUrl, plan: PLAN, log }), LIST_P99_AIM_MS),
    )
    console.log(
      `  load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} (1, 5, 15 min)`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
