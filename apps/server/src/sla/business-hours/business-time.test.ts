import { type TBusinessHours, ZBusinessHours } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { addBusinessMs, businessMsBetween, isWithinBusinessHours } from './business-time'

const HOUR = 3_600_000
const at = (iso: string) => Date.parse(iso)
const nineToFive = [{ from: '09:00', to: '17:00' }]

/** Monday to Friday, 09:00-17:00 in `timeZone`. */
const weekdays = (timeZone: string, holidays: string[] = []): TBusinessHours =>
  ZBusinessHours.parse({
    timeZone,
    weekly: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
    holidays,
  })

describe('business time', () => {
  const berlin = weekdays('Europe/Berlin')

  it('skips the weekend: Friday 16:00 to Monday 10:00 in Berlin is two business hours', () => {
    // 2026-11-27 is a Friday; Berlin is UTC+1 in winter.
    expect(businessMsBetween(berlin, at('2026-11-27T15:00:00Z'), at('2026-11-30T09:00:00Z'))).toBe(2 * HOUR)
    expect(addBusinessMs(berlin, at('2026-11-27T15:00:00Z'), 2 * HOUR)).toBe(at('2026-11-30T09:00:00Z'))
  })

  it('skips a holiday typed in: a target due across Christmas moves past both days', () => {
    const christmas = weekdays('Europe/Berlin', ['2026-12-24', '2026-12-25'])
    // Wednesday 23 Dec 16:00 local + 4 business hours: 1 h that day, Thursday and Friday are holidays,
    // then Monday 28 Dec 09:00 + 3 h = 12:00 local (11:00 UTC).
    expect(addBusinessMs(christmas, at('2026-12-23T15:00:00Z'), 4 * HOUR)).toBe(at('2026-12-28T11:00:00Z'))
    expect(businessMsBetween(christmas, at('2026-12-23T08:00:00Z'), at('2026-12-28T16:00:00Z'))).toBe(
      16 * HOUR,
    )
  })

  it('follows the wall clock across a DST change: a night shift on the spring-forward night is five hours', () => {
    const nights = ZBusinessHours.parse({
      timeZone: 'Europe/Berlin',
      weekly: [[{ from: '00:00', to: '06:00' }], [], [], [], [], [], []],
      holidays: [],
    })
    // Sunday 29 March 2026: Berlin's clocks jump from 02:00 to 03:00. 00:00 local is 23:00 UTC Saturday.
    expect(businessMsBetween(nights, at('2026-03-28T12:00:00Z'), at('2026-03-29T12:00:00Z'))).toBe(5 * HOUR)
    // On the autumn night (25 October 2026) the hour from 02:00 runs twice: seven hours.
    expect(businessMsBetween(nights, at('2026-10-24T12:00:00Z'), at('2026-10-25T12:00:00Z'))).toBe(7 * HOUR)
  })

  it('reads hours in the schedule’s time zone: 09:00 in New York opens at 14:00 UTC in winter, 13:00 in summer', () => {
    const newYork = weekdays('America/New_York')
    expect(isWithinBusinessHours(newYork, at('2026-12-01T13:59:00Z'))).toBe(false)
    expect(isWithinBusinessHours(newYork, at('2026-12-01T14:00:00Z'))).toBe(true)
    expect(isWithinBusinessHours(newYork, at('2026-07-01T13:00:00Z'))).toBe(true)
    expect(isWithinBusinessHours(newYork, at('2026-07-04T15:00:00Z'))).toBe(false) // a Saturday
  })

  it('is closed on a holiday and between split spans', () => {
    const lunch = ZBusinessHours.parse({
      timeZone: 'UTC',
      weekly: [
        [],
        [
          { from: '09:00', to: '12:00' },
          { from: '13:00', to: '17:00' },
        ],
        [],
        [],
        [],
        [],
        [],
      ],
      holidays: ['2026-12-07'],
    })
    expect(isWithinBusinessHours(lunch, at('2026-11-30T12:30:00Z'))).toBe(false)
    expect(isWithinBusinessHours(lunch, at('2026-11-30T13:30:00Z'))).toBe(true)
    expect(isWithinBusinessHours(lunch, at('2026-12-07T10:00:00Z'))).toBe(false)
    expect(businessMsBetween(lunch, at('2026-11-30T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toBe(7 * HOUR)
  })

  it('never finds a due time on a schedule with no hours, and ends the search', () => {
    const closed = ZBusinessHours.parse({
      timeZone: 'UTC',
      weekly: [[], [], [], [], [], [], []],
      holidays: [],
    })
    expect(addBusinessMs(closed, at('2026-11-30T00:00:00Z'), HOUR)).toBeNull()
  })

  it('refuses overlapping spans, a span ending before it starts and an unknown time zone', () => {
    const day = (spans: { from: string; to: string }[]) => ({
      timeZone: 'UTC',
      weekly: [spans, [], [], [], [], [], []],
      holidays: [],
    })
    expect(ZBusinessHours.safeParse(day([{ from: '10:00', to: '09:00' }])).success).toBe(false)
    expect(
      ZBusinessHours.safeParse(
        day([
          { from: '09:00', to: '12:00' },
          { from: '11:00', to: '13:00' },
        ]),
      ).success,
    ).toBe(false)
    expect(ZBusinessHours.safeParse({ ...day([]), timeZone: 'Mars/Olympus' }).success).toBe(false)
  })
})
