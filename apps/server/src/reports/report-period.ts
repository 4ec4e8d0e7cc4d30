import type { TReportQuery } from '@parsedesk/contracts'
import { instantOf, isoDateOf, type TLocalDate } from '../sla/business-hours/wall-clock'

/** A report's filters with its period as instants: `[start, end)` covers its local days whole. */
export type TReportFilters = Omit<TReportQuery, 'from' | 'to' | 'timeZone' | 'hours'> & {
  start: number
  end: number
}

const DAY_MS = 86_400_000

const localDate = (iso: string): TLocalDate => {
  const [year, month, day] = iso.split('-').map(Number)
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 }
}

const shiftDate = (iso: string, days: number): string => {
  const at = new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS)
  return isoDateOf({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() })
}

/** The local dates from `from` to `to`, both included. */
export function datesOf(from: string, to: string): string[] {
  const dates: string[] = []
  for (let date = from; date <= to; date = shiftDate(date, 1)) dates.push(date)
  return dates
}

/** The period just before, as many days long. */
export function previousPeriod(query: TReportQuery): { from: string; to: string } {
  const days = datesOf(query.from, query.to).length
  return { from: shiftDate(query.from, -days), to: shiftDate(query.from, -1) }
}

/**
 * When each local date of the period starts, then the period's end: the `i`th date holds the instants from
 * the `i`th to the next (SQL's `width_bucket` finds it by bisection, report-counts.ts).
 */
export function dayStartsOf(query: Pick<TReportQuery, 'from' | 'to' | 'timeZone'>): number[] {
  return [...datesOf(query.from, query.to), shiftDate(query.to, 1)].map((date) =>
    instantOf(query.timeZone, localDate(date), 0),
  )
}

export function filtersOf(query: TReportQuery): TReportFilters {
  const { from, to, timeZone, hours: _hours, ...rest } = query
  return {
    ...rest,
    start: instantOf(timeZone, localDate(from), 0),
    end: instantOf(timeZone, localDate(shiftDate(to, 1)), 0),
  }
}

const QUARTER_HOUR = 15 * 60_000
// About three years of quarters per zone; past it the zone's dates start afresh, so a server asked in every
// zone over its whole history keeps a few megabytes.
const CACHED_QUARTERS = 100_000

type TDayCache = { formatter: Intl.DateTimeFormat; days: Map<number, string> }

const dayCaches = new Map<string, TDayCache>()

/**
 * The local date (YYYY-MM-DD) an instant falls on in `timeZone`. Every zone's offset is a whole number of
 * quarter hours, so a local midnight falls on a UTC quarter hour and the whole quarter shares one date: it is
 * formatted once per quarter, not once per instant (a year's report asks it for every ticket's every closing).
 */
export function localDayOf(timeZone: string, at: number): string {
  let cache = dayCaches.get(timeZone)
  if (!cache) {
    cache = {
      formatter: new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
      days: new Map(),
    }
    dayCaches.set(timeZone, cache)
  }
  const quarter = Math.floor(at / QUARTER_HOUR)
  let day = cache.days.get(quarter)
  if (day === undefined) {
    if (cache.days.size >= CACHED_QUARTERS) cache.days.clear()
    day = cache.formatter.format(quarter * QUARTER_HOUR)
    cache.days.set(quarter, day)
  }
  return day
}
