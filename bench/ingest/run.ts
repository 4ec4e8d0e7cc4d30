import { spawnSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchPostgresUrl, canReachPostgres, createBenchDatabase } from '../api/bench-database'
import type { TLatencyStats } from '../api/latency-stats'
import { describeMachine, formatMachine } from '../api/machine'
import { BENCH_RULES } from './automation-setup'
import { runIngestBench, type TIngestReport, type TPhaseReport } from './run-ingest'
import { BENCH_TEMPLATES } from './templates-setup'

// Emails per second from SMTP to a committed ticket and to an analysed ticket, 8 SMTP clients, on PGlite
// and Postgres; how long after the end of SMTP DATA each ticket reaches an open dashboard (the official SDK
// subscribed over /v1/realtime); then the MIME parser alone on the same corpus.
// Usage: tsx bench/ingest/run.ts [burst=1000] [steady=200] [pglite|postgres|postgres-worker|all] [automation|templates] [rounds=1]
// With `automation`, each setup runs twice in the same run: without rules, then with 50 on-create rules and
// a routed group (issue 25 item 4: within 15% of the figure without them), and the two rates are compared.
// With `templates`, the same without and with 20 enabled extraction templates (issue 26 item 4: within 10%).
// With rounds > 1 the pair runs that many times, every other round with the extra first, and the median
// change is printed too: one pair moves by 10 to 20 points from run to run on this machine.

const CLIENTS = 8
/** What a run adds to its second variant, and how much slower that may be. */
const EXTRAS = {
  automation: { label: `${BENCH_RULES} rules and routing`, aim: 15 },
  templates: { label: `${BENCH_TEMPLATES} templates`, aim: 10 },
} as const
type TExtra = keyof typeof EXTRAS
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

const PHASES = ['burst', 'steady'] as const

const changeOf = (plain: TIngestReport, automated: TIngestReport, phase: (typeof PHASES)[number]) =>
  ((automated[phase].shown.perSecond - plain[phase].shown.perSecond) / plain[phase].shown.perSecond) * 100

const signed = (change: number) => `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`

/** Tickets shown per second on the dashboard with rules and routing against without, per phase. */
function printAutomationCost(label: string, plain: TIngestReport, automated: TIngestReport, extra: TExtra) {
  console.log(`\n${label}: tickets on the dashboard per second, without and with ${EXTRAS[extra].label}`)
  for (const phase of PHASES) {
    const before = plain[phase].shown.perSecond
    const after = automated[phase].shown.perSecond
    console.log(
      `  ${phase.padEnd(7)} ${before.toFixed(1).padStart(8)} ${after.toFixed(1).padStart(8)}  ${signed(changeOf(plain, automated, phase))} (aim: no worse than -${EXTRAS[extra].aim}%)`,
    )
  }
}

/** The middle change of several rounds' pairs, per phase (the mean of the middle two for an even count). */
function printMedianCost(label: string, pairs: [TIngestReport, TIngestReport][], extra: TExtra) {
  console.log(
    `\n${label}: median change over ${pairs.length} rounds, without and with ${EXTRAS[extra].label}`,
  )
  for (const phase of PHASES) {
    const changes = pairs.map(([plain, automated]) => changeOf(plain, automated, phase)).sort((a, b) => a - b)
    const middle = changes.length / 2
    const median =
      changes.length % 2 === 1
        ? (changes[Math.floor(middle)] ?? 0)
        : ((changes[middle - 1] ?? 0) + (changes[middle] ?? 0)) / 2
    console.log(
      `  ${phase.padEnd(7)} ${signed(median)} (each: ${changes.map(signed).join(', ')}; aim: no worse than -${EXTRAS[extra].aim}%)`,
    )
  }
}

type TSetup = (typeof SETUPS)[number]
type TRunOptions = { burstMessages: number; steadyMessages: number; postgresUrl: string }

/**
 * One setup without and with the extra (or once, with none), in the order given; the pair compared when
 * there is one.
 */
async function runRound(
  setup: TSetup,
  extra: TExtra | undefined,
  options: TRunOptions & { extraFirst: boolean },
) {
  const reports = new Map<boolean, TIngestReport>()
  const order = extra ? [options.extraFirst, !options.extraFirst] : [false]
  for (const withExtra of order) {
    const database = await createBenchDatabase({ kind: setup.kind, postgresUrl: options.postgresUrl })
    try {
      const report = await runIngestBench({
        env: database.env,
        burstMessages: options.burstMessages,
        steadyMessages: options.steadyMessages,
        clients: CLIENTS,
        workerProcesses: setup.workerProcesses,
        postgresDatabase: database.postgresDatabase,
        automation: withExtra && extra === 'automation',
        templates: withExtra && extra === 'templates',
      })
      reports.set(withExtra, report)
      printReport(`${setup.label}${withExtra && extra ? `, ${EXTRAS[extra].label}` : ''}`, report)
    } finally {
      await database.drop()
    }
  }
  const plain = reports.get(false)
  const automated = reports.get(true)
  if (!plain || !automated || !extra) return []
  printAutomationCost(setup.label, plain, automated, extra)
  return [[plain, automated] as [TIngestReport, TIngestReport]]
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
  const setups = only === undefined || only === 'all' ? reachable : reachable.filter((s) => s.id === only)
  const extra =
    process.argv[5] === 'automation' || process.argv[5] === 'templates' ? process.argv[5] : undefined
  const rounds = extra ? Math.max(1, Number(process.argv[6] ?? 1)) : 1
  for (const setup of setups) {
    const pairs: [TIngestReport, TIngestReport][] = []
    for (let round = 0; round < rounds; round += 1) {
      // Every other round runs the extra first: a machine that slows or speeds up over a run favours neither.
      const extraFirst = round % 2 === 1
      pairs.push(
        ...(await runRound(setup, extra, { burstMessages, steadyMessages, postgresUrl, extraFirst })),
      )
    }
    if (extra && pairs.length > 1) printMedianCost(setup.label, pairs, extra)
  }
  console.log('\nparse-only (bench/ingest/parse-only.ts, same corpus, one core):')
  const parseOnly = spawnSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'parse-only.ts'), '3'], {
    encoding: 'utf8',
  })
  console.log(parseOnly.stdout.replace(/^/gm, '  ').trimEnd())
}

await main()
