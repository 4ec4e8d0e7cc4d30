import type { TBackendReport, TOperation, TPhaseReport } from './bench-backend'
import { DASHBOARD_PAGE_SIZE } from './dashboard-requests'
import type { TLatencyStats } from './latency-stats'

const percent = (share: number) => `${Math.round(share * 100)}%`
const fixed = (value: number, width = 7, digits = 2) =>
  (Number.isFinite(value) ? value.toFixed(digits) : '-').padStart(width)

const HEADER =
  `${''.padEnd(30)} ${'n'.padStart(5)} ${'req/s'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ` +
  `${'p99'.padStart(7)} ${'max'.padStart(7)}`

function latencyColumns(label: string, stats: TLatencyStats): string {
  return (
    `  ${label.padEnd(28)} ${String(stats.count).padStart(5)} ${fixed(stats.perSecond, 6, 0)} ` +
    `${fixed(stats.p50)} ${fixed(stats.p95)} ${fixed(stats.p99)} ${fixed(stats.max)}`
  )
}

/**
 * CPU per request (the Node process holds the server and the load generator; Postgres is its own
 * processes) shows the cost even when other processes disturbed the latencies; `others` says how much.
 */
const OPERATION_LABELS: Record<TOperation, string> = {
  list: `list ${DASHBOARD_PAGE_SIZE} newest`,
  get: 'get one ticket',
  create: 'create ticket',
}

// The index that serves "the newest tickets of one workspace" (migration 017).
const WORKSPACE_INDEX = 'tickets_team_created_idx'

function phaseRow(kind: TBackendReport['kind'], phase: TPhaseReport): string {
  const label = `${OPERATION_LABELS[phase.operation]}, ${phase.concurrency} in flight`
  const cpu = phase.cpu
  const perRequest = (ms: number) => fixed(ms / phase.stats.count, 6)
  const cpuColumns = cpu
    ? `${perRequest(cpu.selfMs)} ${kind === 'postgres' ? perRequest(cpu.postgresMs) : '     -'} ` +
      `${percent(cpu.othersMs / cpu.capacityMs).padStart(6)}`
    : ''
  const retried = phase.attempts > 1 ? `  least disturbed of ${phase.attempts} runs` : ''
  return `${latencyColumns(label, phase.stats)} ${fixed(phase.kbPerResponse, 6, 1)} ${cpuColumns}${retried}`
}

export function formatBackendReport(report: TBackendReport, listP99AimMs: number): string {
  const counts = [...report.ticketsOfMeasured].sort((a, b) => a - b)
  const lines = [
    '',
    `${report.kind} (server ${report.serverVersion}), seeded in ${report.seedSeconds.toFixed(1)} s`,
    `  measured users' workspaces hold ${counts.join(', ')} tickets`,
    '  over HTTP: latency in ms, KB per answer, CPU ms per request in this Node process (server and load',
    '  generator) and in Postgres processes, share of the machine other processes took meanwhile',
    `  ${HEADER.slice(2)} ${'KB'.padStart(6)} ${'node'.padStart(6)} ${'pg'.padStart(6)} ${'others'.padStart(6)}`,
    ...report.phases.map((phase) => phaseRow(report.kind, phase)),
    '  straight to the database, one after another, ms',
    `  ${HEADER.slice(2)}`,
    latencyColumns('session, user, memberships', report.steps.session),
    latencyColumns('list page weighing', report.steps.weigh),
    latencyColumns('list page query', report.steps.page),
    latencyColumns('list count query (capped)', report.steps.count),
  ]
  if (report.kind === 'postgres') {
    const verdicts = report.phases
      .filter((p) => p.operation === 'list')
      .map(
        (p) =>
          `${p.concurrency} in flight ${p.stats.p99 < listP99AimMs ? 'met' : 'MISSED'} (${p.stats.p99.toFixed(2)})`,
      )
    lines.push(`  aim, list p99 under ${listP99AimMs} ms: ${verdicts.join(', ')}`)
  }
  for (const explain of report.explains) {
    const uses = (plan: string) => (plan.includes(WORKSPACE_INDEX) ? 'uses' : 'does NOT use')
    lines.push(
      '',
      `  a workspace of ${explain.userTickets} tickets: the weighing ${uses(explain.weigh)} ${WORKSPACE_INDEX}, ` +
        `the page ${uses(explain.page)} it, the count ${uses(explain.count)} it`,
      '',
      `  EXPLAIN ANALYZE, list page weighing, a workspace with ${explain.userTickets} tickets:`,
      explain.weigh.replace(/^/gm, '    '),
      '',
      `  EXPLAIN ANALYZE, list page query, the same workspace:`,
      explain.page.replace(/^/gm, '    '),
      '',
      '  EXPLAIN ANALYZE, capped count query, the same workspace:',
      explain.count.replace(/^/gm, '    '),
    )
  }
  return lines.join('\n')
}
