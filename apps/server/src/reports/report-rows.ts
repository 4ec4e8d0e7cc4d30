import {
  ReportHours,
  SlaMetric,
  TicketEventType,
  TicketStatus,
  type TReportHours,
  type TSlaMetric,
} from '@parsedesk/contracts'
import type { TSlaPolicy } from '../sla/clock/ticket-sla'
import { ticketSla } from '../sla/clock/ticket-sla'
import { statusAfter } from '../sla/metrics/metric-events'
import { type TMetricValue, ticketMetrics } from '../sla/metrics/ticket-metrics'
import type { TSchedules } from '../sla/sla-repository'
import { timelineOf } from '../sla/ticket-sla-read'
import { localDayOf } from './report-period'
import type { TReportTicket } from './report-repository'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Buckets by upper bound (exclusive); the last has none. Their keys are part of the slices' names. */
export type TBucket = { key: string; label: string; below: number }

export const FIRST_REPLY_BUCKETS: readonly TBucket[] = [
  { key: 'lt15m', label: 'Under 15 min', below: 15 * MINUTE },
  { key: '15m-1h', label: '15 min – 1 h', below: HOUR },
  { key: '1h-4h', label: '1 – 4 h', below: 4 * HOUR },
  { key: '4h-24h', label: '4 – 24 h', below: DAY },
  { key: 'gt24h', label: 'Over 24 h', below: Number.POSITIVE_INFINITY },
]

export const RESOLUTION_BUCKETS: readonly TBucket[] = [
  { key: 'lt1h', label: 'Under 1 h', below: HOUR },
  { key: '1h-8h', label: '1 – 8 h', below: 8 * HOUR },
  { key: '8h-24h', label: '8 – 24 h', below: DAY },
  { key: '1d-3d', label: '1 – 3 days', below: 3 * DAY },
  { key: '3d-7d', label: '3 – 7 days', below: 7 * DAY },
  { key: 'gt7d', label: 'Over 7 days', below: Number.POSITIVE_INFINITY },
]

export const BACKLOG_BUCKETS: readonly TBucket[] = [
  { key: 'lt1d', label: 'Under 1 day', below: DAY },
  { key: '1d-3d', label: '1 – 3 days', below: 3 * DAY },
  { key: '3d-7d', label: '3 – 7 days', below: 7 * DAY },
  { key: '7d-30d', label: '7 – 30 days', below: 30 * DAY },
  { key: 'gt30d', label: 'Over 30 days', below: Number.POSITIVE_INFINITY },
]

export const bucketOf = (buckets: readonly TBucket[], ms: number): TBucket =>
  buckets.find((bucket) => ms < bucket.below) ?? (buckets.at(-1) as TBucket)

export type TSlaOutcome = 'met' | 'breached'

/** One ticket as a report counts it: its measured values and the slices (bars, numbers) it belongs to. */
export type TMeasuredTicket = TReportTicket & {
  firstReplyMs: number | null
  resolutionMs: number | null
  reopenCount: number
  oneTouch: boolean
  sla: Partial<Record<TSlaMetric, TSlaOutcome>>
  slices: Set<string>
}

export type TMeasureContext = {
  timeZone: string
  hours: TReportHours
  /** The local dates of the period: only events on them count in the per-day series. */
  dates: ReadonlySet<string>
  policies: readonly TSlaPolicy[]
  schedules: TSchedules
  now: number
}

const none = (value: string | null) => value ?? 'none'

/**
 * The metrics of one ticket, by the same functions as the SLA clocks and the ticket page (decision 054):
 * `ticketMetrics` and `ticketSla` over its events. A running value is left out (docs/metrics.md).
 */
export function measureTicket(ticket: TReportTicket, context: TMeasureContext): TMeasuredTicket {
  const schedule =
    (ticket.groupId && context.schedules.byGroup.get(ticket.groupId)) || context.schedules.fallback
  const timeline = timelineOf(schedule)
  // In calendar hours no business time is read: walking a schedule day by day is the report's largest cost.
  const measure = context.hours === ReportHours.business ? timeline.business : timelineOf(null).business
  const metrics = ticketMetrics(ticket.events, context.now, measure)
  const done = (value: TMetricValue | null) =>
    value && !value.running
      ? context.hours === ReportHours.business
        ? value.businessMs
        : value.calendarMs
      : null
  const firstReplyMs = done(metrics.firstReply)
  const resolutionMs = done(metrics.fullResolution)
  const resolved = !metrics.firstResolution.running
  const sla: TMeasuredTicket['sla'] = {}
  if (context.policies.length > 0) {
    const clocks = ticketSla(ticket.events, ticket.mailboxId, context.policies, context.now, timeline).clocks
    for (const metric of Object.values(SlaMetric)) {
      const clock = clocks[metric]
      if (clock?.breached) sla[metric] = 'breached'
      else if (clock?.state === 'fulfilled') sla[metric] = 'met'
    }
  }

  const slices = new Set<string>(['all'])
  const day = (at: number) => {
    const date = localDayOf(context.timeZone, at)
    return context.dates.has(date) ? date : null
  }
  const created = day(ticket.createdAt)
  if (created) slices.add(`created:${created}`)
  for (const event of ticket.events) {
    if (event.type === TicketEventType.reopened) {
      const date = day(event.at)
      if (date) slices.add(`reopened:${date}`)
    } else if (event.type === TicketEventType.status && statusAfter(event) === TicketStatus.closed) {
      const date = day(event.at)
      if (date) slices.add(`closed:${date}`)
    }
  }
  if (ticket.status !== TicketStatus.closed) {
    slices.add(`backlog:${bucketOf(BACKLOG_BUCKETS, context.now - ticket.createdAt).key}`)
  }
  slices.add(`mailbox:${none(ticket.mailboxId)}`)
  slices.add(`category:${none(ticket.category)}`)
  slices.add(`priority:${none(ticket.priority)}`)
  slices.add(`group:${none(ticket.groupId)}`)
  slices.add(`agent:${none(ticket.assigneeId)}`)
  if (firstReplyMs !== null) slices.add(`firstReply:${bucketOf(FIRST_REPLY_BUCKETS, firstReplyMs).key}`)
  if (resolutionMs !== null) slices.add(`resolution:${bucketOf(RESOLUTION_BUCKETS, resolutionMs).key}`)
  if (resolved) slices.add('resolved')
  if (resolved && metrics.oneTouch) slices.add('oneTouch')
  if (resolved && metrics.reopenCount > 0) slices.add('reopened')
  if (ticket.status === TicketStatus.closed) slices.add('solved')
  if (ticket.csat) slices.add('csat:rated')
  if (ticket.csat === 'good') slices.add('csat:good')
  for (const [metric, outcome] of Object.entries(sla)) {
    slices.add(`sla:${metric}:done`)
    slices.add(`sla:${metric}:${outcome}`)
  }
  return {
    ...ticket,
    firstReplyMs,
    resolutionMs,
    reopenCount: metrics.reopenCount,
    oneTouch: metrics.oneTouch,
    sla,
    slices,
  }
}
