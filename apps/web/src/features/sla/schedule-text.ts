import type { TOpeningSpan } from '@parsedesk/contracts'

/**
 * A weekday's opening spans as typed: "09:00-12:00, 13:00-17:00"; empty is closed. Spans that do not read
 * as `from-to` are kept as typed, so the contract's check names what is wrong with them.
 */
export function parseSpans(text: string): TOpeningSpan[] {
  return text
    .split(',')
    .map((span) => span.trim())
    .filter((span) => span.length > 0)
    .map((span) => {
      const [from = '', to = ''] = span.split(/\s*[-–]\s*/)
      return { from, to }
    })
}

export const formatSpans = (spans: readonly TOpeningSpan[]): string =>
  spans.map((span) => `${span.from}-${span.to}`).join(', ')

/** Holiday dates as typed: one per line or separated by commas, each `YYYY-MM-DD`. */
export function parseDates(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((date) => date.trim())
    .filter((date) => date.length > 0)
}

/** Dates put together without repeats, in calendar order. */
export const mergeDates = (...lists: readonly string[][]): string[] => [...new Set(lists.flat())].sort()

/** The weekdays as the form lists them, Monday first, with JavaScript's numbers (0 is Sunday). */
export const WEEKDAY_ROWS = [
  { day: 1, label: 'Monday' },
  { day: 2, label: 'Tuesday' },
  { day: 3, label: 'Wednesday' },
  { day: 4, label: 'Thursday' },
  { day: 5, label: 'Friday' },
  { day: 6, label: 'Saturday' },
  { day: 0, label: 'Sunday' },
] as const
