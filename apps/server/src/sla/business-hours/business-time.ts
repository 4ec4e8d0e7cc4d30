import type { TBusinessHours } from '@parsedesk/contracts'
import { instantOf, isoDateOf, localTimeOf, nextDate, type TLocalDate, weekdayOf } from './wall-clock'

/**
 * Business-time arithmetic on a schedule (decision 054): pure, so SLA clocks, metrics and reports agree.
 * A schedule is walked day by day on its own wall clock; `MAX_DAYS` bounds the walk (a schedule open one
 * hour a year still ends), and a target that cannot be reached in it is never due.
 */
const MAX_DAYS = 3_700

const minuteOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/**
 * Each schedule's days as already worked out: every ticket of a report walks the same days, and each day's
 * instants cost a dozen `Intl` calls (a 12-month report spent 95% of its time here). Keyed by the schedule
 * object, so a schedule read anew (changed) starts afresh and one no longer held is let go.
 */
const spansByDay = new WeakMap<TBusinessHours, Map<string, [number, number][]>>()

/** The open instants of one local day as [start, end) pairs, in order. */
function openSpansOn(
  schedule: TBusinessHours,
  date: TLocalDate,
  holidays: ReadonlySet<string>,
): readonly [number, number][] {
  const key = isoDateOf(date)
  let days = spansByDay.get(schedule)
  if (!days) {
    days = new Map()
    spansByDay.set(schedule, days)
  }
  let spans = days.get(key)
  if (!spans) {
    spans = holidays.has(key)
      ? []
      : [...schedule.weekly[weekdayOf(date)]!]
          .sort((a, b) => a.from.localeCompare(b.from))
          .map((span) => [
            instantOf(schedule.timeZone, date, minuteOf(span.from)),
            instantOf(schedule.timeZone, date, minuteOf(span.to)),
          ])
    days.set(key, spans)
  }
  return spans
}

function* openSpansFrom(schedule: TBusinessHours, from: number): Generator<[number, number]> {
  const holidays = new Set(schedule.holidays)
  const start = localTimeOf(schedule.timeZone, from)
  let date: TLocalDate = { year: start.year, month: start.month, day: start.day }
  for (let i = 0; i < MAX_DAYS; i++) {
    for (const [open, close] of openSpansOn(schedule, date, holidays)) {
      if (close > from) yield [Math.max(open, from), close]
    }
    date = nextDate(date)
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
  return openSpansOn(schedule, local, new Set(schedule.holidays)).some(
    ([open, close]) => open <= at && at < close,
  )
}
