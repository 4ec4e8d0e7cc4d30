import { TicketEventType, TicketStatus, type TTicketStatus } from '@parsedesk/contracts'
import {
  isCustomerMessage,
  isReply,
  statusSpells,
  type TMetricEvent,
  type TStatusSpell,
} from './metric-events'

/**
 * The metrics of `docs/metrics.md`, each computed from one ticket's events and nothing else, in calendar
 * and in business time. `business` measures a stretch on the ticket's schedule (`businessMsBetween`
 * bound to it); the same function serves the SLA clocks and the reports, so they never disagree.
 */
export type TMeasure = (from: number, to: number) => number

/** A measured metric; `running` when its stop has not happened by `now` (its value is the time so far). */
export type TMetricValue = {
  start: number
  stop: number | null
  calendarMs: number
  businessMs: number
  running: boolean
}

export type TTicketMetrics = {
  /** Null while a ticket a member opened has no customer message yet: nothing to reply to. */
  firstReply: TMetricValue | null
  nextReplies: TMetricValue[]
  requesterWait: TMetricValue
  agentWork: TMetricValue
  firstResolution: TMetricValue
  fullResolution: TMetricValue
  reopenCount: number
  oneTouch: boolean
}

const REQUESTER_WAIT_PAUSES: readonly TTicketStatus[] = [TicketStatus.pending, TicketStatus.closed]
const AGENT_WORK_PAUSES: readonly TTicketStatus[] = [
  TicketStatus.pending,
  TicketStatus.onHold,
  TicketStatus.closed,
]

function span(start: number, stop: number | null, now: number, business: TMeasure): TMetricValue {
  const end = stop ?? now
  return {
    start,
    stop,
    calendarMs: Math.max(0, end - start),
    businessMs: business(start, end),
    running: stop === null,
  }
}

/** Time in `[from, to)` spent in a status not in `paused`, in calendar and business ms. */
export function activeTime(
  spells: readonly TStatusSpell[],
  paused: readonly TTicketStatus[],
  from: number,
  to: number,
  business: TMeasure,
): { calendarMs: number; businessMs: number } {
  let calendarMs = 0
  let businessMs = 0
  for (const spell of spells) {
    if (paused.includes(spell.status)) continue
    const start = Math.max(spell.from, from)
    const end = Math.min(spell.to ?? to, to)
    if (end <= start) continue
    calendarMs += end - start
    businessMs += business(start, end)
  }
  return { calendarMs, businessMs }
}

function pausable(
  spells: readonly TStatusSpell[],
  paused: readonly TTicketStatus[],
  start: number,
  stop: number | null,
  now: number,
  business: TMeasure,
): TMetricValue {
  return { start, stop, running: stop === null, ...activeTime(spells, paused, start, stop ?? now, business) }
}

/** Reply metrics: first reply, then one next-reply cycle per customer message a reply answered after it. */
function replyMetrics(events: readonly TMetricEvent[], now: number, business: TMeasure) {
  let firstStart: number | null = null
  let first: TMetricValue | null = null
  let waitingSince: number | null = null
  const nextReplies: TMetricValue[] = []
  for (const event of events) {
    if (isCustomerMessage(event)) {
      if (firstStart === null) firstStart = event.at
      else if (first && waitingSince === null) waitingSince = event.at
    } else if (isReply(event) && firstStart !== null) {
      if (!first) first = span(firstStart, event.at, now, business)
      else if (waitingSince !== null) {
        nextReplies.push(span(waitingSince, event.at, now, business))
        waitingSince = null
      }
    }
  }
  if (!first && firstStart !== null) first = span(firstStart, null, now, business)
  if (waitingSince !== null) nextReplies.push(span(waitingSince, null, now, business))
  return { firstReply: first, nextReplies }
}

/** `events` in the order they were written; `now` ends what is still running. */
export function ticketMetrics(
  events: readonly TMetricEvent[],
  now: number,
  business: TMeasure,
): TTicketMetrics {
  const created = events.find((event) => event.type === TicketEventType.created)
  if (!created) throw new Error('A ticket event log starts with its created event.')
  const spells = statusSpells(events)
  const closings = spells.filter((spell) => spell.status === TicketStatus.closed)
  const firstClose = closings[0]?.from ?? null
  const last = spells.at(-1)
  const lastClose = last?.status === TicketStatus.closed ? last.from : null
  const reopenCount = events.filter((event) => event.type === TicketEventType.reopened).length
  const replies = events.filter(isReply).length
  return {
    ...replyMetrics(events, now, business),
    requesterWait: pausable(spells, REQUESTER_WAIT_PAUSES, created.at, lastClose, now, business),
    agentWork: pausable(spells, AGENT_WORK_PAUSES, created.at, lastClose, now, business),
    firstResolution: span(created.at, firstClose, now, business),
    fullResolution: span(created.at, lastClose, now, business),
    reopenCount,
    oneTouch: lastClose !== null && reopenCount === 0 && replies === 1,
  }
}
