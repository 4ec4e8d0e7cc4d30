import {
  ReportHours,
  SlaClockState,
  SlaMetric,
  TicketEventType,
  TicketStatus,
  type TReportHours,
  type TSatisfactionRating,
  type TSlaMetric,
  type TTicketPriority,
  type TTicketStatus,
} from '@parsedesk/contracts'
import type { TSlaPolicy } from '../sla/clock/ticket-sla'
import { ticketSla } from '../sla/clock/ticket-sla'
import { statusAfter, type TMetricEvent } from '../sla/metrics/metric-events'
import { type TMetricValue, ticketMetrics } from '../sla/metrics/ticket-metrics'
import type { TSchedules } from '../sla/sla-repository'
import { timelineOf } from '../sla/ticket-sla-read'
import { localDayOf } from './report-period'

/** What a report reads of one ticket: its fields now, its events in the order written, its rating. */
export type TReportTicket = {
  id: string
  number: number
  subject: string
  status: TTicketStatus
  priority: TTicketPriority | null
  category: string | null
  groupId: string | null
  mailboxId: string | null
  assigneeId: string | null
  createdAt: number
  events: TMetricEvent[]
  csat: 'good' | 'bad' | null
}

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

/** A finished metric's value in both kinds of hours: the report asks for one. */
export type TStoredDuration = { calendarMs: number; businessMs: number }

/**
 * One SLA target's result as stored: met, or breached from `breachAt` on (0 when it already was). A target
 * still running has no result yet but breaches at its due time if no event comes first, so a stored row
 * stays true as time passes without being measured again. `policyId`: the policy whose target it is, the one
 * in force now (a change of policy re-applies the targets, decision 054).
 */
export type TStoredSla = { met: boolean; breachAt: number | null; policyId: string }

/**
 * What a ticket's events measure to, whatever the report asks (hours, time zone, period, now): the row
 * stored for it beside its events (migration 061, decision 069), and what a live measuring gives.
 */
export type TStoredMeasure = {
  firstReply: TStoredDuration | null
  resolution: TStoredDuration | null
  reopenCount: number
  resolved: boolean
  oneTouch: boolean
  /** When it was closed, and reopened: each day of the per-day series is read from these in the report's zone. */
  closedAt: number[]
  reopenedAt: number[]
  sla: Partial<Record<TSlaMetric, TStoredSla>>
  /** The requester's answer to the survey (its `satisfaction` event), null when not rated. */
  rating: TSatisfactionRating | null
}

/** One ticket as a report counts it: its measured values and the slices (bars, numbers) it belongs to. */
export type TMeasuredTicket = Omit<TReportTicket, 'events'> & {
  firstReplyMs: number | null
  resolutionMs: number | null
  reopenCount: number
  oneTouch: boolean
  sla: Partial<Record<TSlaMetric, TSlaOutcome>>
  /** The SLA policy in force, null when none applies. */
  policyId: string | null
  slices: Set<string>
}

export type TMeasureContext = {
  timeZone: string
  hours: TReportHours
  /** The local dates of the period: only events on them count in the per-day series. */
  dates: ReadonlySet<string>
  now: number
}

const none = (value: string | null) => value ?? 'none'

/**
 * The metrics of one ticket, by the same functions as the SLA clocks and the ticket page (decision 054):
 * `ticketMetrics` and `ticketSla` over its events, on its group's schedule or the workspace's. A running
 * value is left out (docs/metrics.md).
 */
export function measureStored(
  events: readonly TMetricEvent[],
  ticket: { groupId: string | null; mailboxId: string | null },
  workspace: { policies: readonly TSlaPolicy[]; schedules: TSchedules },
  now: number,
): TStoredMeasure {
  const closedAt: number[] = []
  const reopenedAt: number[] = []
  let rating: TSatisfactionRating | null = null
  for (const event of events) {
    if (event.type === TicketEventType.reopened) reopenedAt.push(event.at)
    else if (event.type === TicketEventType.status && statusAfter(event) === TicketStatus.closed)
      closedAt.push(event.at)
    else if (event.type === TicketEventType.satisfaction) rating = event.after.rating
  }
  // A ticket written before the event log (migration 018) has no created event: when it opened, and so every
  // duration and target, is unknown. Its closings, reopenings and rating still count.
  if (!events.some((event) => event.type === TicketEventType.created))
    return {
      ...{ firstReply: null, resolution: null, reopenCount: reopenedAt.length, resolved: false },
      ...{ oneTouch: false, closedAt, reopenedAt, sla: {}, rating },
    }
  const schedule =
    (ticket.groupId && workspace.schedules.byGroup.get(ticket.groupId)) || workspace.schedules.fallback
  const timeline = timelineOf(schedule)
  const metrics = ticketMetrics(events, now, timeline.business)
  const done = (value: TMetricValue | null): TStoredDuration | null =>
    value && !value.running ? { calendarMs: value.calendarMs, businessMs: value.businessMs } : null
  const sla: TStoredMeasure['sla'] = {}
  if (workspace.policies.length > 0) {
    const { clocks, policyId } = ticketSla(events, ticket.mailboxId, workspace.policies, now, timeline)
    for (const metric of Object.values(SlaMetric)) {
      const clock = clocks[metric]
      if (!clock || !policyId) continue
      const running = clock.state === SlaClockState.active
      sla[metric] = {
        met: clock.state === SlaClockState.fulfilled && !clock.breached,
        breachAt: clock.breached ? 0 : running ? clock.dueAt : null,
        policyId,
      }
    }
  }
  return {
    firstReply: done(metrics.firstReply),
    resolution: done(metrics.fullResolution),
    reopenCount: metrics.reopenCount,
    resolved: !metrics.firstResolution.running,
    oneTouch: metrics.oneTouch,
    closedAt,
    reopenedAt,
    sla,
    rating,
  }
}

/** The slice of the tickets whose `metric` target ended `outcome` (or either: `done`) in one breakdown's row. */
export const slaSlice = (metric: string, outcome: string, dimension: string, key: string) =>
  `sla:${metric}:${outcome}:${dimension}:${key}`

/** A stored SLA result at `now`: a target still running when stored has breached once its due time passed. */
const outcomeAt = (stored: TStoredSla, now: number): TSlaOutcome | null =>
  stored.breachAt !== null && now >= stored.breachAt ? 'breached' : stored.met ? 'met' : null

/** A ticket's stored measure as the report asks it: its values in the report's hours, its slices. */
export function measuredOf(
  ticket: Omit<TReportTicket, 'events'>,
  stored: TStoredMeasure,
  context: TMeasureContext,
): TMeasuredTicket {
  const hours = (value: TStoredDuration | null) =>
    value === null ? null : context.hours === ReportHours.business ? value.businessMs : value.calendarMs
  const firstReplyMs = hours(stored.firstReply)
  const resolutionMs = hours(stored.resolution)
  const sla: TMeasuredTicket['sla'] = {}
  let policyId: string | null = null
  for (const [metric, result] of Object.entries(stored.sla) as [TSlaMetric, TStoredSla][]) {
    policyId = result.policyId
    const outcome = outcomeAt(result, context.now)
    if (outcome) sla[metric] = outcome
  }

  const slices = new Set<string>(['all'])
  const day = (at: number) => {
    const date = localDayOf(context.timeZone, at)
    return context.dates.has(date) ? date : null
  }
  const created = day(ticket.createdAt)
  if (created) slices.add(`created:${created}`)
  for (const at of stored.reopenedAt) {
    const date = day(at)
    if (date) slices.add(`reopened:${date}`)
  }
  for (const at of stored.closedAt) {
    const date = day(at)
    if (date) slices.add(`closed:${date}`)
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
  if (stored.resolved) slices.add('resolved')
  if (stored.resolved && stored.oneTouch) slices.add('oneTouch')
  if (stored.resolved && stored.reopenCount > 0) slices.add('reopened')
  if (ticket.status === TicketStatus.closed) slices.add('solved')
  if (ticket.csat) slices.add('csat:rated')
  if (ticket.csat === 'good') slices.add('csat:good')
  // SLA achievement per target, and per target by the policy, the priority, the group and the agent.
  const by = {
    policy: none(policyId),
    priority: none(ticket.priority),
    group: none(ticket.groupId),
    agent: none(ticket.assigneeId),
  }
  for (const [metric, outcome] of Object.entries(sla)) {
    slices.add(`sla:${metric}:done`)
    slices.add(`sla:${metric}:${outcome}`)
    for (const [dimension, key] of Object.entries(by)) {
      slices.add(slaSlice(metric, 'done', dimension, key))
      slices.add(slaSlice(metric, outcome, dimension, key))
    }
  }
  return {
    ...ticket,
    firstReplyMs,
    resolutionMs,
    reopenCount: stored.reopenCount,
    oneTouch: stored.oneTouch,
    sla,
    policyId,
    slices,
  }
}

/**
 * The reference: one ticket measured from its events at the report's `now`, which the stored rows are
 * tested against (report-measured-rows.integration.test.ts) and the report falls back to for a ticket not
 * yet stored.
 */
export function measureTicket(
  ticket: TReportTicket,
  workspace: { policies: readonly TSlaPolicy[]; schedules: TSchedules },
  context: TMeasureContext,
): TMeasuredTicket {
  const { events, ...fields } = ticket
  return measuredOf(fields, measureStored(events, ticket, workspace, context.now), context)
}
