/**
 * A time zone's wall clock through `Intl` (no time-zone library is a dependency of the server): the local
 * date and minute of an instant, and the instant of a local date and minute, DST changes included.
 */

export type TLocalDate = { year: number; month: number; day: number }
export type TLocalTime = TLocalDate & { weekday: number; minute: number }

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

function partsOf(timeZone: string, at: number): Record<string, number> {
  const parts: Record<string, number> = {}
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return parts
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const p = partsOf(timeZone, at)
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!)
  return wall - Math.floor(at / 1000) * 1000
}

export function localTimeOf(timeZone: string, at: number): TLocalTime {
  const p = partsOf(timeZone, at)
  const weekday = new Date(Date.UTC(p.year!, p.month! - 1, p.day!)).getUTCDay()
  return { year: p.year!, month: p.month!, day: p.day!, weekday, minute: p.hour! * 60 + p.minute! }
}

/**
 * The instant the zone's clock shows `minute` on `date`. A minute shown twice (autumn) maps to its first
 * showing; one skipped by a spring-forward change moves on by the gap, as Temporal's "compatible" does.
 */
export function instantOf(timeZone: string, date: TLocalDate, minute: number): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minute * 60_000
  // Offsets either side of any change near this minute; a candidate is right when its own offset agrees.
  const before = offsetAt(timeZone, wall - 86_400_000)
  const after = offsetAt(timeZone, wall + 86_400_000)
  const valid = [wall - before, wall - after].filter(
    (at, i) => offsetAt(timeZone, at) === (i === 0 ? before : after),
  )
  return valid.length > 0 ? Math.min(...valid) : wall - before
}

export const nextDate = (date: TLocalDate): TLocalDate => {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1))
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }
}

export const weekdayOf = (date: TLocalDate): number =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()

export const isoDateOf = (date: TLocalDate): string =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
