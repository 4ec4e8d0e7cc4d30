import { ReportLimits, SLA_METRICS, type TReportQuery } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { bucketCase, limitOf, measuredTicketsSql } from './report-measured-sql'
import { datesOf } from './report-period'
import { FIRST_REPLY_BUCKETS, RESOLUTION_BUCKETS, slaSlice } from './report-rows'
import type { TAgentCounts, TDurationStats, TReportCounts } from './report-summary'

/**
 * A report's numbers counted by Postgres over the stored rows (decision 069, session 16): each slice of
 * `measuredOf` (report-rows.ts) is a grouping set over the columns `measuredTicketsSql` reads, a per-day
 * series the period's date each instant falls in (`width_bucket` over the dates' starts, `dayStartsOf`), the
 * percentiles `percentile_disc` (nearest rank, as `quantile`). Only the counts travel to the server.
 * `countsOf` (report-summary.ts) counts the same over tickets measured one by one, and
 * report-measured-rows.integration.test.ts holds the two equal.
 */

/** Columns named by the SLA metric's position: `sla0` is the first of SLA_METRICS. */
const slaColumns = SLA_METRICS.map((_, index) => `sla${index}`)

// Breakdowns that only count tickets, as grouping sets, with the slice prefix of their rows.
const VOLUME_SETS = [
  ['mailbox', 'mailbox'],
  ['category', 'category'],
  ['firstReply', 'fr_bucket'],
  ['resolution', 'res_bucket'],
  ['backlog', 'backlog_bucket'],
] as const
// The per-day series, counted with them: their `day` is the date's index in the period, 1 for its first.
const DAY_SETS = [
  ['created', 'created'],
  ['closed', 'closed'],
  ['reopened', 'reopened'],
] as const
// Breakdowns that also count SLA results (and, for agents, the leaderboard's numbers).
const SLA_SETS = [
  ['priority', 'priority'],
  ['group', 'grp'],
  ['agent', 'agent'],
  ['policy', 'policy'],
] as const

type TGroupRow = {
  dimension: string | null
  key: string | null
  n: number
  resolved: number
  oneTouch: number
  reopened: number
  solved: number
  rated: number
  good: number
  sla: [number, number, number][]
}
/** The period's durations (`agent` null), then each agent's median first reply. */
type TStatsRow = { agent: string | null; fr: TDurationStats; res: TDurationStats }
type TVolumeRow = { dimension: string; key: string | null; day: number | null; n: number }
type TCountsRow = {
  total: number
  unmeasured: number
  volume: TVolumeRow[]
  groups: TGroupRow[]
  stats: TStatsRow[]
  days: TVolumeRow[]
}

const statsSql = (column: string) =>
  `json_build_object('count', count(${column}), 'medianMs', percentile_disc(0.5) within group (order by ${column}),
     'p90Ms', percentile_disc(0.9) within group (order by ${column}), 'meanMs', avg(${column}))`

const dimensionOf = (sets: readonly (readonly [string, string])[]) => ({
  name: `case ${sets.map(([name, column]) => `when grouping(${column}) = 0 then '${name}'`).join(' ')} end`,
  key: `coalesce(${sets.map(([, column]) => column).join(', ')})`,
  sets: sets.map(([, column]) => `(${column})`).join(', '),
})

/**
 * The numbers of one report: `query`'s tickets (at most the report limit, the first by creation) read from
 * their stored rows at `now`, in one statement; `unmeasured` says how many had no row yet (counted as
 * measuring nothing): the caller stores theirs and counts again. `headline`: only what `headlineOf` reads
 * (the previous period's), no breakdown, series or agent.
 */
export async function countReport(
  db: TQueryable,
  query: TReportQuery,
  now: number,
  scope: 'all' | 'headline' = 'all',
): Promise<TReportCounts & { truncated: boolean; unmeasured: number }> {
  const all = await countTickets(db, query, now, 'all', scope)
  if (all.total <= ReportLimits.tickets) return { ...all, truncated: false }
  return { ...(await countTickets(db, query, now, 'first', scope)), truncated: true }
}

/**
 * `all`: every ticket of the report in one unordered scan, counted only when they are within the limit (past
 * it `total` says so and nothing else is counted); `first`: the first by creation up to the limit.
 */
async function countTickets(
  db: TQueryable,
  query: TReportQuery,
  now: number,
  which: 'all' | 'first',
  scope: 'all' | 'headline',
) {
  const whole = scope === 'all'
  const sql = measuredTicketsSql(query, now)
  const { params, dayIndex } = sql
  const limit = limitOf(sql)
  // Past the limit, `all` counts nothing: the caller asks for the `first` instead.
  const fits = `(select n from size) <= ${limit}`
  const volume = dimensionOf([...VOLUME_SETS, ...DAY_SETS])
  const sla = dimensionOf(SLA_SETS)
  const slaCounts = slaColumns.map(
    (column) =>
      `json_build_array(count(${column}), count(*) filter (where ${column} = 'met'),
         count(*) filter (where ${column} = 'breached'))`,
  )
  const { rows } = await db.query<TCountsRow>(
    `with m as materialized (
       ${sql.select} ${which === 'first' ? 'order by created_at, seq' : ''}
       limit ${limit} + ${which === 'first' ? 0 : 1}
     ),
     size as (select count(*) as n from m),
     volume as (
       select ${volume.name} as dimension, ${dimensionOf(VOLUME_SETS).key} as key,
         ${dimensionOf(DAY_SETS).key} as day, count(*) as n
       from (
         select mailbox, category, backlog_bucket, ${bucketCase('fr', FIRST_REPLY_BUCKETS)} as fr_bucket,
           ${bucketCase('res', RESOLUTION_BUCKETS)} as res_bucket, created_day as created, closed_day as closed,
           reopened_day as reopened
         from m where ${fits}
       ) b
       group by grouping sets (${volume.sets})
     ),
     groups as (
       select ${whole ? sla.name : 'null'} as dimension, ${whole ? sla.key : 'null'} as key, count(*) as n,
         count(*) filter (where resolved) as resolved, count(*) filter (where resolved and "oneTouch") as "oneTouch",
         count(*) filter (where resolved and "reopenCount" > 0) as reopened,
         count(*) filter (where status = 'closed') as solved, count(rating) as rated,
         count(*) filter (where rating = 'good') as good, json_build_array(${slaCounts.join(', ')}) as sla
       from m where ${fits} group by grouping sets (${whole ? `(), ${sla.sets}` : '()'})
     ),
     stats as (
       select null as agent, ${statsSql('fr')} as fr, ${statsSql('res')} as res from m where ${fits}
       union all
       select agent, json_build_object('medianMs', percentile_disc(0.5) within group (order by fr)), null
       from m where agent <> 'none' and ${whole} and ${fits} group by agent
     ),
     -- A ticket closed (or reopened) more than once counts once on each of their days.
     repeated as (
       select distinct 'closed' as kind, ${dayIndex('e.at')} as day, m.seq
       from m, unnest(m.closed_many) as e(at) where m.closed_many is not null and ${fits}
       union all
       select distinct 'reopened', ${dayIndex('e.at')}, m.seq
       from m, unnest(m.reopened_many) as e(at) where m.reopened_many is not null and ${fits}
     )
     select (select n from size)::int as total,
       (select count(*) from m where unmeasured)::int as unmeasured,
       ${whole ? `(select coalesce(json_agg(volume), '[]') from volume)` : `'[]'::json`} as volume,
       (select coalesce(json_agg(groups), '[]') from groups) as groups,
       (select coalesce(json_agg(stats), '[]') from stats) as stats,
       ${
         whole
           ? `(select coalesce(json_agg(days), '[]')
              from (select kind as dimension, null as key, day, count(*) as n from repeated group by kind, day) days)`
           : `'[]'::json`
       } as days`,
    params,
  )
  const result = rows[0] ?? { total: 0, unmeasured: 0, volume: [], groups: [], stats: [], days: [] }
  return {
    total: result.total,
    unmeasured: result.unmeasured,
    ...countsFrom(result, datesOf(query.from, query.to)),
  }
}

/** The statement's rows as the slices' counts `countSlices` gives: only slices some ticket holds. */
function countsFrom(result: TCountsRow, dates: readonly string[]): TReportCounts {
  const counts = new Map<string, number>()
  const add = (slice: string, n: number) => {
    if (n > 0) counts.set(slice, n)
  }
  const agents = new Map<string, TAgentCounts>()
  for (const row of result.groups) {
    if (row.dimension === null) {
      add('all', row.n)
      add('resolved', row.resolved)
      add('oneTouch', row.oneTouch)
      add('reopened', row.reopened)
      add('solved', row.solved)
      add('csat:rated', row.rated)
      add('csat:good', row.good)
      for (const [index, metric] of SLA_METRICS.entries()) {
        const [done, met, breached] = row.sla[index] ?? [0, 0, 0]
        add(`sla:${metric}:done`, done)
        add(`sla:${metric}:met`, met)
        add(`sla:${metric}:breached`, breached)
      }
      continue
    }
    if (row.key === null) continue
    if (row.dimension !== 'policy') add(`${row.dimension}:${row.key}`, row.n)
    for (const [index, metric] of SLA_METRICS.entries()) {
      const [done, met, breached] = row.sla[index] ?? [0, 0, 0]
      add(slaSlice(metric, 'done', row.dimension, row.key), done)
      add(slaSlice(metric, 'met', row.dimension, row.key), met)
      add(slaSlice(metric, 'breached', row.dimension, row.key), breached)
    }
    if (row.dimension === 'agent' && row.key !== 'none')
      agents.set(row.key, {
        solved: row.solved,
        oneTouch: row.oneTouch,
        csatGood: row.good,
        csatRated: row.rated,
        firstReplyMedianMs: null,
      })
  }
  for (const row of [...result.volume, ...result.days]) {
    if (row.key !== null) add(`${row.dimension}:${row.key}`, row.n)
    // Only the period's days are counted; a ticket closed once and one closed twice may share a day.
    const date = row.day === null ? undefined : dates[row.day - 1]
    if (date) add(`${row.dimension}:${date}`, (counts.get(`${row.dimension}:${date}`) ?? 0) + row.n)
  }
  const none: TDurationStats = { count: 0, medianMs: null, p90Ms: null, meanMs: null }
  let firstReply = none
  let resolution = none
  for (const row of result.stats) {
    if (row.agent === null) {
      firstReply = row.fr
      resolution = row.res
      continue
    }
    const agent = agents.get(row.agent)
    if (agent) agent.firstReplyMedianMs = row.fr.medianMs
  }
  return { counts, firstReply, resolution, agents }
}
