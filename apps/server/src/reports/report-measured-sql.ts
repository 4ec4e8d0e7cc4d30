import {
  ReportCohort,
  ReportHours,
  ReportLimits,
  SLA_METRICS,
  type TReportQuery,
  type TSlaMetric,
} from '@parsedesk/contracts'
import { dayStartsOf, filtersOf } from './report-period'
import {
  CREATED_IN_PERIOD,
  filterConditions,
  PERIOD_EVENTS,
  ROW_CREATED_IN_PERIOD,
} from './report-repository'
import { BACKLOG_BUCKETS, type TBucket } from './report-rows'
import { MET, SLA_COLUMNS } from './report-store'

/**
 * A report's tickets as `measuredOf` (report-rows.ts) sees them, in SQL over their stored rows (decision
 * 069): one row per ticket with the columns its slices are read from. The count (report-counts.ts) groups
 * them, the drill-down and the CSV (report-slice.ts) pick one slice's; both read the same columns, so a
 * number and the tickets it opens cannot disagree.
 */
export type TMeasuredSql = {
  /** A statement of the tickets, no order, no limit; `created_at` and `seq` among its columns to order by. */
  select: string
  params: unknown[]
  /** Adds a parameter, and says how the statement names it. */
  param: (value: unknown) => string
  /** The date's index in the period (1 its first), by bisection of its days' starts: 0 before, past it after. */
  dayIndex: (ms: string) => string
}

/** A bucket's key by the same bounds as `bucketOf`: the first whose bound the value is under. */
export const bucketCase = (value: string, buckets: readonly TBucket[]) =>
  `case when ${value} is null then null ${buckets
    .map((bucket) =>
      Number.isFinite(bucket.below)
        ? `when ${value} < ${bucket.below} then '${bucket.key}'`
        : `else '${bucket.key}'`,
    )
    .join(' ')} end`

/**
 * A stored SLA result at the report's `now`, as `outcomeAt`: met (-1, `MET`), or breached once its due time
 * has passed. The column's number is read once: its bucket among [-1, 0), [0, now] and past `now` (instants
 * are whole milliseconds).
 */
const outcomeCase = (metric: TSlaMetric, now: string) =>
  `(array['met', 'breached'])[width_bucket(r."${SLA_COLUMNS[metric]}", array[${MET}, 0, ${now} + 0.5])]`

/** A stored duration in the report's hours; null unless both kinds were measured (`storedOf`). */
const hoursCase = (calendar: string, business: string, isBusiness: string) =>
  `case when r."${calendar}" is null or r."${business}" is null then null
   when ${isBusiness} then r."${business}" else r."${calendar}" end`

/** The column of an SLA metric's outcome, by its position in SLA_METRICS: `sla0` is the first. */
export const slaColumn = (index: number) => `sla${index}`

/**
 * A listed ticket's own fields, read with its measure: a list of tens of thousands (the CSV) looked each up
 * again by key cost 0.4 s, and joined instead, the planner hashed every ticket of the database.
 */
const LISTED_COLUMNS = `t.id, t."number", t.subject, t."customFields", t.priority as t_priority,
  t.category as t_category, t."groupId" as t_group, t."mailboxId" as t_mailbox, t."assigneeId" as t_assignee`

/** The most tickets one report reads, as a parameter of `sql`. */
export const limitOf = (sql: TMeasuredSql) => sql.param(ReportLimits.tickets)

/**
 * `query`'s tickets at `now`, read with their stored rows (of the tickets created in the period, by the rows'
 * own index of creation: not every row of the database hashed), each with: `created_at`, `seq`, `status`,
 * `unmeasured` (no row yet, or none the report reads: `rowOfPeriod`);
 * `mailbox`, `category`, `priority`, `grp`, `agent`, `policy` ('none' when unset); `fr`, `res` (in the
 * report's hours); `resolved`, `oneTouch`, `reopenCount`, `rating`; `sla0`... ('met', 'breached' or null);
 * `created_day`, and `closed_day` / `reopened_day` for a ticket closed (reopened) once, `closed_many` /
 * `reopened_many` the instants of one closed (reopened) more often; `backlog_bucket`. `listed`: with what a
 * list shows of the ticket (`LISTED_COLUMNS`); a count does without (each column more is carried through
 * every pass over the materialised rows).
 */
export function measuredTicketsSql(query: TReportQuery, now: number, listed = false): TMeasuredSql {
  const { where, params } = filterConditions(filtersOf(query))
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const nowMs = `${param(now)}::float8`
  const business = `${param(query.hours === ReportHours.business)}::boolean`
  const dayStarts = dayStartsOf(query)
  const starts = `${param(dayStarts)}::float8[]`
  const startsAt = `${param(dayStarts.map((at) => new Date(at)))}::timestamptz[]`
  const dayIndex = (ms: string) => `width_bucket((${ms})::float8, ${starts})`
  // Open for under `below` at `now` as `bucketOf` reads it, the creation cut to the millisecond as JavaScript
  // holds it: created at or after `now - below + 1 ms`. Compared as timestamps: no arithmetic per ticket.
  // Most tickets were closed once, or never: their day is a column; the others' days are listed apart.
  const once = (column: string) =>
    `case when cardinality(r."${column}") = 1 then ${dayIndex(`r."${column}"[1]`)} end`
  const many = (column: string) => `case when cardinality(r."${column}") > 1 then r."${column}" end`
  const backlog = BACKLOG_BUCKETS.map((bucket) =>
    Number.isFinite(bucket.below)
      ? `when t.created_at >= ${param(new Date(now - bucket.below + 1))}::timestamptz then '${bucket.key}'`
      : `else '${bucket.key}'`,
  ).join(' ')
  const outcomes = SLA_METRICS.map((metric, index) => `${outcomeCase(metric, nowMs)} as ${slaColumn(index)}`)
  const columns = `${listed ? `${LISTED_COLUMNS}, ` : ''}t.created_at, t.seq, t.status,
       r."ticketId" is null as unmeasured,
       coalesce(t."mailboxId", 'none') as mailbox, coalesce(t.category, 'none') as category,
       coalesce(t.priority, 'none') as priority, coalesce(t."groupId", 'none') as grp,
       coalesce(t."assigneeId", 'none') as agent, coalesce(r."policyId", 'none') as policy,
       ${hoursCase('firstReplyMs', 'firstReplyBusinessMs', business)} as fr,
       ${hoursCase('resolutionMs', 'resolutionBusinessMs', business)} as res,
       coalesce(r.resolved, false) as resolved, coalesce(r."oneTouch", false) as "oneTouch",
       coalesce(r."reopenCount", 0) as "reopenCount", r.rating, ${outcomes.join(', ')},
       width_bucket(t.created_at, ${startsAt}) as created_day,
       ${once('closedAt')} as closed_day, ${once('reopenedAt')} as reopened_day,
       ${many('closedAt')} as closed_many, ${many('reopenedAt')} as reopened_many,
       case when t.status <> 'closed' then case ${backlog} end end as backlog_bucket`
  // Created in the period, read with a row that holds a creation in the period, as `rowOfPeriod` has it.
  const born = (cohort = '') =>
    `select ${columns}
     from tickets t left join report_rows r on r."ticketId" = t.id and ${ROW_CREATED_IN_PERIOD}
     where ${where} and ${CREATED_IN_PERIOD} ${cohort}`
  if (query.cohort === ReportCohort.created) return { select: born(), params, param, dayIndex }
  // The "events" cohort in two parts. Most of its tickets were created in the period: read by creation, as
  // above, those that had an event. The few created outside it (before, nearly always) are the period's
  // event tickets less those created in it, each read by key with any row, as `rowOfPeriod` has it. Matched
  // against every ticket instead, 83,000 event tickets of 1,000,000 cost a pass over all tickets and all rows. (The period's rows read first into a CTE did no better, and
  // once the planner, misjudging how many tickets had events, scanned that CTE again for each ticket.)
  const select = `${born(`and t.id in (select "ticketId" ${PERIOD_EVENTS})`)}
     union all
     select ${columns}
     from (select "ticketId" ${PERIOD_EVENTS} except select id from tickets t where t."teamId" = $1 and ${CREATED_IN_PERIOD}) o
       cross join lateral (select * from tickets t where t.id = o."ticketId" offset 0) t
       left join report_rows r on r."ticketId" = t.id
     where ${where}`
  return { select, params, param, dayIndex }
}
