import type { TBusinessHours } from '@parsedesk/contracts'
import { instantOf, isoDateOf, localTimeOf, nextDate, type TLocalDate, weekdayOf } from './wall-clock'

/**
 * Business-time arithmetic on a schedule (decision 054): pure, so SLA clocks, metrics and reports agree.
 * A schedule is walked day by day on its own wall clock; `MAX_DAYS` bounds the walk (a schedule open one
 * hour a year still ends), and a target that cannot be reached in it is never due.
 */
const MAX_DAYS = 3_700

const minuteOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/** The open instants of one local day as [start, end) pairs, in order. */
function openSpansOn(
  schedule: TBusinessHours,
  date: TLocalDate,
  holidays: ReadonlySet<string>,
): [number, number][] {
  if (holidays.has(isoDateOf(date))) return []
  return [...schedule.weekly[weekdayOf(date)]!]
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((span) => [
      instantOf(schedule.timeZone, date, minuteOf(span.from)),
      instantOf(schedule.timeZone, date, minuteOf(span.to)),
    ])
}

/** A day worked out, linked to the next once that is: a walk over known days is pointer steps. */
type TDay = { date: TLocalDate; spans: readonly [number, number][]; next: TDay | null }

/**
 * Each schedule's days as already worked out: every ticket of a report walks the same days, and each day's
 * instants cost a dozen `Intl` calls (a 12-month report spent 95% of its time here). Keyed by the schedule
 * object, so a schedule read anew (changed) starts afresh and one no longer held is let go.
 */
const daysBySchedule = new WeakMap<TBusinessHours, { holidays: Set<string>; days: Map<string, TDay> }>()

function dayOf(schedule: TBusinessHours, date: TLocalDate): TDay {
  let known = daysBySchedule.get(schedule)
  if (!known) {
    known = { holidays: new Set(schedule.holidays), days: new Map() }
    daysBySchedule.set(schedule, known)
  }
  const key = isoDateOf(date)
  let day = known.days.get(key)
  if (!day) {
    day = { date, spans: openSpansOn(schedule, date, known.holidays), next: null }
    known.days.set(key, day)
  }
  return day
}

function* openSpansFrom(schedule: TBusinessHours, from: number): Generator<[number, number]> {
  const start = localTimeOf(schedule.timeZone, from)
  let day = dayOf(schedule, { year: start.year, month: start.month, day: start.day })
  for (let i = 0; i < MAX_DAYS; i++) {
    for (const [open, close] of day.spans) {
      if (close > from) yield [Math.max(open, from), close]
    }
    day.next ??= dayOf(schedule, nextDate(day.date))
    day = day.next
  }
}

/** Business ms between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(schedule: TBusinessHours, from: number, to: number): number {
  let total = 0
  if (to <= from) return 0
  for (const [open, close] of openSpansFrom(schedule, from)) {
    if (open >= to) break
    total += Math.min(close, to) - open
  }
  return total
}

/** The instant `ms` business time after `from`, or null when the schedule never gets there. */
export function addBusinessMs(schedule: TBusinessHours, from: number, ms: number): number | null {
  let left = ms
  for (const [open, close] of openSpansFrom(schedule, from)) {
    if (close - open >= left) return open + left
    left -= close - open
  }
  return null
}

/** Whether the schedule is open at `at`: what a rule's business-hours condition asks. */
export function isWithinBusinessHours(schedule: TBusinessHours, at: number): boolean {
  const local = localTimeOf(schedule.timeZone, at)
  return dayOf(schedule, { year: local.year, month: local.month, day: local.day }).spans.some(
    ([open, close]) => open <= at && at < close,
  )
}
