import { spawnSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchPostgresUrl, canReachPostgres, createBenchDatabase } from '../api/bench-database'
import type { TLatencyStats } from '../api/latency-stats'
import { describeMachine, formatMachine } from '../api/machine'
import { runIngestBench, type TIngestReport, type TPhaseReport } from './run-ingest'

// Emails per second from SMTP to a committed ticket and to an analysed ticket, 8 SMTP clients, on PGlite
// and Postgres, then the MIME parser alone on the same corpus. Usage: tsx bench/ingest/run.ts [burst=1000] [steady=200]

const CLIENTS = 8
const HERE = path.dirname(fileURLToPath(import.meta.url))
// PGlite belongs to one process, so only Postgres can have the worker role in another.
const SETUPS = [
  { kind: 'pglite', workerProcesses: 0, label: 'pglite' },
  { kind: 'postgres', workerProcesses: 0, label: 'postgres' },
  { kind: 'postgres', workerProcesses: 1, label: 'postgres, worker role in a process of its own' },
] as const

/** Other work on this machine slows every figure: each phase says how busy it was. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(8)

function row(label: string, stats: TLatencyStats): string {
  const rate = Number.isFinite(stats.perSecond) ? stats.perSecond.toFixed(1) : '-'
  return `  ${label.padEnd(32)} ${String(stats.count).padStart(6)} ${rate.padStart(8)} ${ms(stats.p50)} ${ms(stats.p95)} ${ms(stats.p99)} ${ms(stats.max)}`
}

function printPhase(title: string, report: TPhaseReport) {
  const outcomes = Object.entries(report.outcomes)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')
  console.log(`  ${title}: ${report.messages} deliveries (${outcomes})`)
  console.log(
    `  ${'from SMTP send start to'.padEnd(32)} ${'n'.padStart(6)} ${'per s'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}  (ms)`,
  )
  console.log(row('250 (raw message committed)', report.acknowledged))
  console.log(row('decision committed (ticket...)', report.committed))
  console.log(row('ticket analysed', report.analysed))
}

function printReport(label: string, report: TIngestReport) {
  console.log(`\n${label}, ${CLIENTS} SMTP clients (${loadAverage()} at the end)`)
  printPhase('burst, as fast as the clients can send', report.burst)
  printPhase('steady, each client waits for its ticket to be analysed', report.steady)
}

async function main() {
  const burstMessages = Number(process.argv[2] ?? 1000)
  const steadyMessages = Number(process.argv[3] ?? 200)
  console.log('ingest benchmark: SMTP DATA -> inbound store -> ingest job -> ticket -> analysis')
  console.log(`machine: ${formatMachine(describeMachine())}; ${loadAverage()}`)
  console.log('the SMTP clients and the smtp role share this process; so does the worker role unless said')
  const postgresUrl = benchPostgresUrl()
  const setups = (await canReachPostgres(postgresUrl)) ? SETUPS : SETUPS.filter((s) => s.kind === 'pglite')
  if (setups.length < SETUPS.length) console.log(`no Postgres at ${postgresUrl}: PGlite only`)
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
