import {
  REPORT_SLA_DIMENSIONS,
  SLA_METRICS,
  TICKET_PRIORITIES,
  type TReportCount,
  type TReportDuration,
  type TReportHeadline,
  type TReportLeader,
  type TReportRate,
  type TReportSla,
  type TReportSlaDimension,
  type TReportSlaRow,
  type TReportSummary,
} from '@parsedesk/contracts'
import {
  BACKLOG_BUCKETS,
  FIRST_REPLY_BUCKETS,
  RESOLUTION_BUCKETS,
  slaSlice,
  type TBucket,
  type TMeasuredTicket,
} from './report-rows'

/** How many tickets hold each slice: every number of the report is one of these counts. */
export function countSlices(tickets: readonly TMeasuredTicket[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const ticket of tickets) {
    for (const slice of ticket.slices) counts.set(slice, (counts.get(slice) ?? 0) + 1)
  }
  return counts
}

/** The value at quantile `q` (nearest rank) of ascending `sorted`. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? null
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length

/** A duration's figures over the tickets measured (running ones are left out, docs/metrics.md). */
export type TDurationStats = {
  count: number
  medianMs: number | null
  p90Ms: number | null
  meanMs: number | null
}

/** One agent's numbers on the leaderboard beside their tickets' count (`agent:<id>`). */
export type TAgentCounts = {
  solved: number
  oneTouch: number
  csatGood: number
  csatRated: number
  firstReplyMedianMs: number | null
}

/**
 * What a report counts: how many tickets hold each slice, the durations' figures, the agents'. Counted in SQL
 * over the stored rows (report-counts.ts, decision 069 session 16); `countsOf` is the same over measured
 * tickets, the reference the SQL is tested against.
 */
export type TReportCounts = {
  counts: Map<string, number>
  firstReply: TDurationStats
  resolution: TDurationStats
  agents: Map<string, TAgentCounts>
}

function statsOf(values: readonly (number | null)[]): TDurationStats {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b)
  return {
    count: sorted.length,
    medianMs: quantile(sorted, 0.5),
    p90Ms: quantile(sorted, 0.9),
    meanMs: mean(sorted),
  }
}

/** The reference: what `countReport` gives, counted over tickets measured one by one. */
export function countsOf(tickets: readonly TMeasuredTicket[]): TReportCounts {
  const byAgent = new Map<string, TMeasuredTicket[]>()
  for (const ticket of tickets) {
    if (!ticket.assigneeId) continue
    byAgent.set(ticket.assigneeId, [...(byAgent.get(ticket.assigneeId) ?? []), ticket])
  }
  const agents = new Map<string, TAgentCounts>()
  for (const [agentId, own] of byAgent) {
    const counts = countSlices(own)
    agents.set(agentId, {
      solved: counts.get('solved') ?? 0,
      oneTouch: counts.get('oneTouch') ?? 0,
      csatGood: counts.get('csat:good') ?? 0,
      csatRated: counts.get('csat:rated') ?? 0,
      firstReplyMedianMs: statsOf(own.map((ticket) => ticket.firstReplyMs)).medianMs,
    })
  }
  return {
    counts: countSlices(tickets),
    firstReply: statsOf(tickets.map((ticket) => ticket.firstReplyMs)),
    resolution: statsOf(tickets.map((ticket) => ticket.resolutionMs)),
    agents,
  }
}

function duration(
  stats: TDurationStats,
  prefix: string,
  buckets: readonly TBucket[],
  counts: Map<string, number>,
): TReportDuration {
  return {
    ...stats,
    histogram: buckets.map((bucket) => {
      const slice = `${prefix}:${bucket.key}`
      return { slice, label: bucket.label, count: counts.get(slice) ?? 0 }
    }),
  }
}

const rate = (counts: Map<string, number>, slice: string, of: string): TReportRate => ({
  slice,
  count: counts.get(slice) ?? 0,
  total: counts.get(of) ?? 0,
})

export function headlineOf(report: TReportCounts): TReportHeadline {
  const { counts } = report
  return {
    tickets: counts.get('all') ?? 0,
    firstReplyMedianMs: report.firstReply.medianMs,
    resolutionMedianMs: report.resolution.medianMs,
    oneTouch: rate(counts, 'oneTouch', 'resolved'),
    reopened: rate(counts, 'reopened', 'resolved'),
    csat: rate(counts, 'csat:good', 'csat:rated'),
  }
}

/** The bars of one breakdown (`mailbox:...`), largest first, named by `label`. */
function breakdown(
  counts: Map<string, number>,
  prefix: string,
  label: (key: string) => string,
): TReportCount[] {
  const bars: TReportCount[] = []
  for (const [slice, count] of counts) {
    if (!slice.startsWith(`${prefix}:`)) continue
    bars.push({ slice, label: label(slice.slice(prefix.length + 1)), count })
  }
  return bars.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}

export type TReportNames = {
  users: Map<string, string>
  groups: Map<string, string>
  mailboxes: Map<string, string>
  policies: Map<string, string>
}

/** The SLA targets' results in one row of a breakdown (`policy`, key `<id>`), each opening its tickets. */
const slaTargets = (counts: Map<string, number>, dimension: string, key: string): TReportSla[] =>
  SLA_METRICS.map((metric) => ({
    metric,
    met: rate(counts, slaSlice(metric, 'met', dimension, key), slaSlice(metric, 'done', dimension, key)),
    breached: rate(
      counts,
      slaSlice(metric, 'breached', dimension, key),
      slaSlice(metric, 'done', dimension, key),
    ),
  }))

/** SLA achievement per policy, priority, group and agent: a row for each with a target done. */
function slaBreakdowns(
  counts: Map<string, number>,
  names: TReportNames,
): Record<TReportSlaDimension, TReportSlaRow[]> {
  const labels: Record<TReportSlaDimension, (key: string) => string> = {
    policy: (key) => names.policies.get(key) ?? key,
    priority: (key) => (key === 'none' ? 'No priority' : key),
    group: (key) => (key === 'none' ? 'No group' : (names.groups.get(key) ?? key)),
    agent: (key) => (key === 'none' ? 'Unassigned' : (names.users.get(key) ?? key)),
  }
  const done = (row: TReportSlaRow) => row.targets.reduce((sum, target) => sum + target.met.total, 0)
  const entries = REPORT_SLA_DIMENSIONS.map((dimension) => {
    const keys = new Set<string>()
    for (const metric of SLA_METRICS) {
      const prefix = slaSlice(metric, 'done', dimension, '')
      for (const slice of counts.keys()) if (slice.startsWith(prefix)) keys.add(slice.slice(prefix.length))
    }
    const rows = [...keys].map((key) => ({
      key,
      label: labels[dimension](key),
      targets: slaTargets(counts, dimension, key),
    }))
    return [dimension, rows.sort((a, b) => done(b) - done(a) || a.label.localeCompare(b.label))]
  })
  return Object.fromEntries(entries) as Record<TReportSlaDimension, TReportSlaRow[]>
}

function leaderboard(report: TReportCounts, names: TReportNames): TReportLeader[] {
  return [...report.agents]
    .map(([agentId, own]) => ({
      agentId,
      name: names.users.get(agentId) ?? agentId,
      slice: `agent:${agentId}`,
      tickets: report.counts.get(`agent:${agentId}`) ?? 0,
      ...own,
    }))
    .sort((a, b) => b.solved - a.solved || a.name.localeCompare(b.name))
}

export function summaryOf(
  report: TReportCounts,
  context: {
    dates: readonly string[]
    names: TReportNames
    truncated: boolean
    query: TReportSummary['query']
    previous: TReportSummary['previous']
  },
): TReportSummary {
  const { counts } = report
  const count = (slice: string, label: string): TReportCount => ({
    slice,
    label,
    count: counts.get(slice) ?? 0,
  })
  const sla: TReportSla[] = SLA_METRICS.map((metric) => ({
    metric,
    met: rate(counts, `sla:${metric}:met`, `sla:${metric}:done`),
    breached: rate(counts, `sla:${metric}:breached`, `sla:${metric}:done`),
  }))
  const orNone = (text: string) => (key: string) => (key === 'none' ? text : key)
  return {
    query: context.query,
    previous: context.previous,
    truncated: context.truncated,
    headline: headlineOf(report),
    days: context.dates.map((date) => ({
      date,
      created: count(`created:${date}`, date),
      closed: count(`closed:${date}`, date),
      reopened: count(`reopened:${date}`, date),
    })),
    backlog: BACKLOG_BUCKETS.map((bucket) => count(`backlog:${bucket.key}`, bucket.label)),
    volume: {
      // A mailbox removed since keeps its tickets (migration 029): they show its id, as nothing names it.
      mailbox: breakdown(counts, 'mailbox', (key) =>
        key === 'none' ? 'No mailbox (form, API)' : (context.names.mailboxes.get(key) ?? key),
      ),
      category: breakdown(counts, 'category', orNone('No category')),
      priority: [...TICKET_PRIORITIES, 'none'].map((priority) =>
        count(`priority:${priority}`, priority === 'none' ? 'No priority' : priority),
      ),
      group: breakdown(counts, 'group', (key) =>
        key === 'none' ? 'No group' : (context.names.groups.get(key) ?? key),
      ),
    },
    firstReply: duration(report.firstReply, 'firstReply', FIRST_REPLY_BUCKETS, counts),
    resolution: duration(report.resolution, 'resolution', RESOLUTION_BUCKETS, counts),
    sla,
    slaBy: slaBreakdowns(counts, context.names),
    leaderboard: leaderboard(report, context.names),
  }
}
