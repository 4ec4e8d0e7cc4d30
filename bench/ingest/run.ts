import { spawnSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchPostgresUrl, canReachPostgres, createBenchDatabase } from '../api/bench-database'
import type { TLatencyStats } from '../api/latency-stats'
import { describeMachine, formatMachine } from '../api/machine'
import { runIngestBench, type TIngestReport, type TPhaseReport } from './run-ingest'

// Emails per second from SMTP to a committed ticket and to an analysed ticket, 8 SMTP clients, on PGlite
// and Postgres; how long after the end of SMTP DATA each ticket reaches an open dashboard (the official SDK
// subscribed over /v1/realtime); then the MIME parser alone on the same corpus.
// Usage: tsx bench/ingest/run.ts [burst=1000] [steady=200] [pglite|postgres|postgres-worker: that setup only]

const CLIENTS = 8
const HERE = path.dirname(fileURLToPath(import.meta.url))
// PGlite belongs to one process, so only Postgres can have the worker role in another.
const SETUPS = [
  { id: 'pglite', kind: 'pglite', workerProcesses: 0, label: 'pglite' },
  { id: 'postgres', kind: 'postgres', workerProcesses: 0, label: 'postgres' },
  {
    id: 'postgres-worker',
    kind: 'postgres',
    workerProcesses: 1,
    label: 'postgres, worker role in a process of its own',
  },
] as const

/** Other work on this machine slows every figure: each phase says how busy it was. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(8)

const LABEL_WIDTH = 44

function row(label: string, stats: TLatencyStats): string {
  const rate = Number.isFinite(stats.perSecond) ? stats.perSecond.toFixed(1) : '-'
  return `  ${label.padEnd(LABEL_WIDTH)} ${String(stats.count).padStart(6)} ${rate.padStart(8)} ${ms(stats.p50)} ${ms(stats.p95)} ${ms(stats.p99)} ${ms(stats.max)}`
}

function heading(label: string): string {
  return `  ${label.padEnd(LABEL_WIDTH)} ${'n'.padStart(6)} ${'per s'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}  (ms)`
}

function printPhase(title: string, report: TPhaseReport) {
  const outcomes = Object.entries(report.outcomes)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')
  console.log(`  ${title}: ${report.messages} deliveries (${outcomes})`)
  console.log(heading('from SMTP send start (MAIL FROM) to'))
  console.log(row('250 (raw message committed)', report.acknowledged))
  console.log(row('ticket committed (server bus, no socket)', report.committed))
  console.log(row('ticket analysed (server bus, no socket)', report.analysed))
  console.log(heading("from end of DATA (sender's last byte) to"))
  console.log(row('250 (raw message committed)', report.dataToAck))
  console.log(row('ticket on an open dashboard (socket)', report.shown))
  console.log(row('ticket analysed on the dashboard (socket)', report.shownAnalysed))
  const perMessage = (ms: number) => (report.messages > 0 ? (ms / report.messages).toFixed(2) : '-')
  const machine = report.machine
  // Postgres is told apart only when it runs here; "other" is the worker processes and anything else.
  const split = machine
    ? `, Postgres ${perMessage(machine.postgresMs)} ms, other processes ${perMessage(Math.max(0, machine.othersMs - report.sendersCpuMs - report.dashboardCpuMs))} ms; machine ${perMessage(machine.selfMs + machine.postgresMs + machine.othersMs)} ms of ${perMessage(machine.capacityMs)} ms it had`
    : ''
  console.log(
    `  CPU per message: this process ${perMessage(report.serverCpuMs)} ms, senders ${perMessage(report.sendersCpuMs)} ms, dashboard ${perMessage(report.dashboardCpuMs)} ms${split}`,
  )
  console.log(`  events of another user's tickets on the dashboard's socket so far: ${report.foreignEvents}`)
}

function printReport(label: string, report: TIngestReport) {
  console.log(`\n${label}, ${CLIENTS} SMTP clients (${loadAverage()} at the end)`)
  printPhase('burst (a backlog), as fast as the clients can send', report.burst)
  printPhase('steady, each client waits until its ticket shows analysed on the dashboard', report.steady)
}

async function main() {
  const burstMessages = Number(process.argv[2] ?? 1000)
  const steadyMessages = Number(process.argv[3] ?? 200)
  console.log('ingest benchmark: SMTP DATA -> inbound store -> ingest job -> ticket -> analysis')
  console.log(`machine: ${formatMachine(describeMachine())}; ${loadAverage()}`)
  console.log(
    'the 8 SMTP clients and the dashboard (appwrite SDK, one realtime socket) run in processes of their own; the smtp and http roles in this one, the worker role too unless said',
  )
  const postgresUrl = benchPostgresUrl()
  const reachable = (await canReachPostgres(postgresUrl)) ? SETUPS : SETUPS.filter((s) => s.kind === 'pglite')
  if (reachable.length < SETUPS.length) console.log(`no Postgres at ${postgresUrl}: PGlite only`)
  const only = process.argv[4]
  const setups = only === undefined ? reachable : reachable.filter((s) => s.id === only)
  for (const setup of setups) {
    const database = await createBenchDatabase({ kind: setup.kind, postgresUrl })
    try {
      printReport(
        setup.label,
        await runIngestBench({
          env: database.env,
          burstMessages,
          steadyMessages,
          clients: CLIENTS,
          workerProcesses: setup.workerProcesses,
          postgresDatabase: database.postgresDatabase,
        }),
      )
    } finally {
      await database.drop()
    }
  }
  console.log('\nparse-only (bench/ingest/parse-only.ts, same corpus, one core):')
  const parseOnly = spawnSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'parse-only.ts'), '3'], {
    encoding: 'utf8',
  })
  console.log(parseOnly.stdout.replace(/^/gm, '  ').trimEnd())
}

await main()
