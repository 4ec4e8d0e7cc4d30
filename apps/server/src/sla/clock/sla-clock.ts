import {
  SLA_WARNING_SHARE,
  SlaClockState,
  type TSlaClockState,
  type TSlaTarget,
  type TTicketStatus,
} from '@parsedesk/contracts'
import type { TStatusSpell } from '../metrics/metric-events'
import { activeTime, type TMeasure } from '../metrics/ticket-metrics'

/**
 * One SLA target's clock (decision 054): the time used on it counts only while the ticket is in a status
 * the policy does not pause, in calendar or business time as the target says. The target in force is the
 * latest applied (a priority or policy change re-applies it) and the time used is kept: a target already
 * used up when it is applied is breached at that moment.
 */
export type TTimeline = {
  /** Business ms of a stretch on the ticket's schedule, and the instant a business stretch ends. */
  business: TMeasure
  addBusiness: (from: number, ms: number) => number | null
}

export type TSlaClock = {
  /** When this run of the target started (a next reply has one run per customer message answered). */
  start: number
  state: TSlaClockState
  usedMs: number
  targetMs: number
  /** When the target is (or was) used up, if no pause comes; null while paused short of it. */
  dueAt: number | null
  /** When 75% of it is (or was) used. */
  warnAt: number | null
  breached: boolean
  /** Whether the target counts business hours (the badge says so). */
  businessHours: boolean
}

export type TSlaClockInput = {
  start: number
  /** The reply or close that fulfilled it, or null while it runs. */
  stop: number | null
  target: TSlaTarget
  /** When the target in force was applied (the policy's first match or the latest re-apply). */
  appliedAt: number
  spells: readonly TStatusSpell[]
  paused: readonly TTicketStatus[]
  now: number
}

/** The instant `ms` of the target is used, walking the ticket's running stretches; null if never. */
function reachedAt(input: TSlaClockInput, time: TTimeline, ms: number): number | null {
  const end = input.stop ?? input.now
  const business = input.target.businessHours
  let left = ms
  for (const spell of input.spells) {
    if (input.paused.includes(spell.status)) continue
    const from = Math.max(spell.from, input.start)
    const to = Math.min(spell.to ?? Number.POSITIVE_INFINITY, end)
    if (to <= from) continue
    const available = business ? time.business(from, to) : to - from
    if (available >= left) return business ? time.addBusiness(from, left) : from + left
    left -= available
  }
  // Still short at the end: it runs on from `now` while the ticket is in a running status.
  const current = input.spells.at(-1)
  if (input.stop !== null || !current || input.paused.includes(current.status)) return null
  return business ? time.addBusiness(end, left) : end + left
}

export function slaClock(input: TSlaClockInput, time: TTimeline): TSlaClock {
  const end = input.stop ?? input.now
  const used = activeTime(input.spells, input.paused, input.start, end, time.business)
  const usedMs = input.target.businessHours ? used.businessMs : used.calendarMs
  const targetMs = input.target.minutes * 60_000
  const at = (ms: number) => {
    const reached = reachedAt(input, time, ms)
    return reached === null ? null : Math.max(reached, input.appliedAt)
  }
  const current = input.spells.at(-1)
  const paused = current !== undefined && input.paused.includes(current.status)
  return {
    start: input.start,
    state:
      input.stop !== null ? SlaClockState.fulfilled : paused ? SlaClockState.paused : SlaClockState.active,
    usedMs,
    targetMs,
    dueAt: at(targetMs),
    warnAt: at(targetMs * SLA_WARNING_SHARE),
    // A reply exactly at the due time is in time; a running clock at its due time has run out.
    breached: input.stop === null ? usedMs >= targetMs : usedMs > targetMs,
    businessHours: input.target.businessHours,
  }
}
