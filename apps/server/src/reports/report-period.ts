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

export function filtersOf(query: TReportQuery): TReportFilters {
  const { from, to, timeZone, hours: _hours, ...rest } = query
  return {
    ...rest,
    start: instantOf(timeZone, localDate(from), 0),
    end: instantOf(timeZone, localDate(shiftDate(to, 1)), 0),
  }
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>()

/** The local date (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function localDayOf(timeZone: string, at: number): string {
  let formatter = dayFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormatters.set(timeZone, formatter)
  }
  return formatter.format(at)
}
