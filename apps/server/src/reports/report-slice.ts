import {
  SLA_METRICS,
  type TCustomFieldValues,
  type TReportQuery,
  type TReportSlaDimension,
  type TReportTicketRow,
  type TSlaMetric,
} from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { bucketCase, limitOf, measuredTicketsSql, slaColumn, type TMeasuredSql } from './report-measured-sql'
import { datesOf } from './report-period'
import { BACKLOG_BUCKETS, FIRST_REPLY_BUCKETS, RESOLUTION_BUCKETS, type TBucket } from './report-rows'

/** The columns of `measuredTicketsSql` a breakdown's key is read from. */
const KEYED = { mailbox: 'mailbox', category: 'category', priority: 'priority', group: 'grp', agent: 'agent' }
const SLA_KEYED: Record<TReportSlaDimension, string> = {
  policy: 'policy',
  priority: 'priority',
  group: 'grp',
  agent: 'agent',
}
const BUCKETED = { firstReply: ['fr', FIRST_REPLY_BUCKETS], resolution: ['res', RESOLUTION_BUCKETS] } as const
const FLAGS = {
  all: 'true',
  resolved: 'resolved',
  oneTouch: 'resolved and "oneTouch"',
  reopened: 'resolved and "reopenCount" > 0',
  solved: `status = 'closed'`,
  'csat:rated': 'rating is not null',
  'csat:good': `rating = 'good'`,
} as const
const NOTHING = 'false'

const own = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(table, key)

/** Whether a bucket `key` names one of `buckets`: a slice names it by key only. */
const hasBucket = (buckets: readonly TBucket[], key: string) => buckets.some((bucket) => bucket.key === key)

/**
 * The condition a ticket of `measuredTicketsSql` meets to hold `slice`, as `measuredOf` gives its slices
 * (report-rows.ts): the same names the summary's counts carry. A name it never gives holds no ticket.
 */
export function sliceCondition(slice: string, sql: TMeasuredSql, dates: readonly string[]): string {
  // Own names only: a slice called `constructor` must not read the object's prototype.
  if (own(FLAGS, slice)) return FLAGS[slice]
  const colon = slice.indexOf(':')
  if (colon < 0) return NOTHING
  const prefix = slice.slice(0, colon)
  const key = slice.slice(colon + 1)
  if (own(KEYED, prefix)) return `${KEYED[prefix]} = ${sql.param(key)}`
  if (own(BUCKETED, prefix)) {
    const [column, buckets] = BUCKETED[prefix]
    return hasBucket(buckets, key) ? `${bucketCase(column, buckets)} = ${sql.param(key)}` : NOTHING
  }
  if (prefix === 'backlog')
    return hasBucket(BACKLOG_BUCKETS, key) ? `backlog_bucket = ${sql.param(key)}` : NOTHING
  if (prefix === 'created' || prefix === 'closed' || prefix === 'reopened') {
    const day = dates.indexOf(key) + 1
    if (day === 0) return NOTHING
    if (prefix === 'created') return `created_day = ${day}`
    // Closed (reopened) once: its day is a column; more often: any of its instants on the day.
    return `(${prefix}_day = ${day} or exists (select 1 from unnest(${prefix}_many) as e(at)
      where ${sql.dayIndex('e.at')} = ${day}))`
  }
  if (prefix === 'sla') return slaCondition(key, sql)
  return NOTHING
}

/** `<metric>:<met|breached|done>`, then optionally `:<dimension>:<key>` (`slaSlice`). */
function slaCondition(rest: string, sql: TMeasuredSql): string {
  const [metric, outcome, dimension, ...key] = rest.split(':')
  const index = SLA_METRICS.indexOf(metric as TSlaMetric)
  if (index < 0 || (outcome !== 'met' && outcome !== 'breached' && outcome !== 'done')) return NOTHING
  const column = slaColumn(index)
  const result = outcome === 'done' ? `${column} is not null` : `${column} = '${outcome}'`
  if (dimension === undefined) return result
  if (!own(SLA_KEYED, dimension) || key.length === 0) return NOTHING
  return `${result} and ${SLA_KEYED[dimension]} = ${sql.param(key.join(':'))}`
}

type TSliceRow = Omit<TReportTicketRow, 'createdAt' | 'customFields'> & {
  createdAt: Date
  customFields: TCustomFieldValues | null
}

/**
 * The tickets of one slice of `query`'s report at `now`, newest first, at most `limit` of them, with how many
 * hold it; `unmeasured` says how many of the report's tickets had no stored row yet (the caller stores theirs
 * and asks again). Picked by Postgres over the stored rows: only the listed tickets travel to the server.
 * Past the report limit the report's tickets are the first by creation, as the summary counts them.
 */
export async function listSlice(
  db: TQueryable,
  query: TReportQuery,
  slice: string,
  now: number,
  limit: number,
): Promise<{ total: number; unmeasured: number; tickets: TReportTicketRow[] }> {
  const sql = measuredTicketsSql(query, now, true)
  const condition = sliceCondition(slice, sql, datesOf(query.from, query.to))
  const { rows } = await db.query<TSliceRow & { total: number; unmeasured: number }>(
    `with m as materialized (
       select id, seq, created_at, unmeasured, ${condition} as hit, fr, res, "reopenCount", "oneTouch", rating,
         "number", subject, "customFields", status, t_priority, t_category, t_group, t_mailbox, t_assignee
       from (${sql.select} order by created_at, seq limit ${limitOf(sql)}) x
     ),
     picked as materialized (select * from m where hit)
     select h.total, h.unmeasured, p.* from (
       select (select count(*) from picked)::int as total, (select count(*) from m where unmeasured)::int as unmeasured
     ) h left join lateral (
       select id, "number", subject, status, t_priority as priority, t_category as category, t_group as "groupId",
         t_mailbox as "mailboxId", t_assignee as "assigneeId", created_at as "createdAt", fr as "firstReplyMs",
         res as "resolutionMs", "reopenCount", "oneTouch", rating as csat, "customFields", seq
       from picked order by created_at desc, seq desc limit ${sql.param(limit)}
     ) p on true
     order by p."createdAt" desc, p.seq desc`,
    sql.params,
  )
  const head = rows[0]
  return {
    total: head?.total ?? 0,
    unmeasured: head?.unmeasured ?? 0,
    tickets: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id,
        number: row.number,
        subject: row.subject,
        status: row.status,
        priority: row.priority,
        category: row.category,
        groupId: row.groupId,
        mailboxId: row.mailboxId,
        assigneeId: row.assigneeId,
        createdAt: row.createdAt.toISOString(),
        firstReplyMs: row.firstReplyMs === null ? null : Number(row.firstReplyMs),
        resolutionMs: row.resolutionMs === null ? null : Number(row.resolutionMs),
        reopenCount: row.reopenCount,
        oneTouch: row.oneTouch,
        csat: row.csat,
        customFields: row.customFields ?? {},
      })),
  }
}
