import { SLA_MESSAGES, SlaLimits } from '@parsedesk/contracts'

/**
 * Holidays from an iCal file (RFC 5545): the dates of its all-day VEVENTs (`DTSTART;VALUE=DATE:20261225`),
 * a multi-day one (`DTEND` is exclusive) giving each of its days. Timed events are not holidays and are
 * skipped. A tight reader rather than a library: only these two properties matter and no recurrence is
 * expanded (public-holiday feeds list each year's dates).
 */
export class IcalHolidayError extends Error {}

const DAY_MS = 86_400_000

const dateOf = (value: string): number | null => {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim())
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null
}

export function parseIcalHolidays(text: string): string[] {
  if (text.length > SlaLimits.icalBytes) throw new IcalHolidayError(SLA_MESSAGES.icalTooLarge)
  // Unfold: a line starting with a space or tab continues the one before it.
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)
  const dates = new Set<string>()
  let start: number | null = null
  let end: number | null = null
  let inEvent = false
  for (const line of lines) {
    const upper = line.toUpperCase()
    if (upper === 'BEGIN:VEVENT') {
      inEvent = true
      start = null
      end = null
    } else if (upper === 'END:VEVENT' && inEvent) {
      inEvent = false
      if (start === null) continue
      const last = end !== null && end > start ? end - DAY_MS : start
      for (let day = start; day <= last && dates.size <= SlaLimits.holidays; day += DAY_MS) {
        dates.add(new Date(day).toISOString().slice(0, 10))
      }
    } else if (inEvent && /^DTSTART[;:]/.test(upper)) {
      start = allDayValue(line)
    } else if (inEvent && /^DTEND[;:]/.test(upper)) {
      end = allDayValue(line)
    }
  }
  if (dates.size === 0) throw new IcalHolidayError(SLA_MESSAGES.icalEmpty)
  if (dates.size > SlaLimits.holidays) throw new IcalHolidayError(SLA_MESSAGES.icalTooMany)
  return [...dates].sort()
}

/** The date of a `DTSTART`/`DTEND` line when it is a date, not a date-time. */
function allDayValue(line: string): number | null {
  const colon = line.indexOf(':')
  const params = line.slice(0, colon).toUpperCase()
  const value = line.slice(colon + 1)
  if (!params.includes('VALUE=DATE') && value.includes('T')) return null
  return dateOf(value)
}
