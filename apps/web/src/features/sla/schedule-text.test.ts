import { ZBusinessHours } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { formatSpans, mergeDates, parseDates, parseSpans } from './schedule-text'

describe('a schedule as typed', () => {
  it('reads a day’s spans and writes them back the same way', () => {
    const spans = parseSpans(' 09:00-12:00,13:00 – 17:30 ')
    expect(spans).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:30' },
    ])
    expect(formatSpans(spans)).toBe('09:00-12:00, 13:00-17:30')
    expect(parseSpans('')).toEqual([])
  })

  it('leaves a wrong span for the contract to refuse with its message', () => {
    const weekly = [[], parseSpans('9-5'), [], [], [], [], []]
    const parsed = ZBusinessHours.safeParse({ timeZone: 'Europe/Berlin', weekly, holidays: [] })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('A time is written HH:MM (00:00 to 24:00).')
  })

  it('reads holidays by line or comma and merges imported ones without repeats', () => {
    expect(parseDates('2026-12-25\n2026-12-26, 2027-01-01')).toEqual([
      '2026-12-25',
      '2026-12-26',
      '2027-01-01',
    ])
    expect(mergeDates(['2026-12-26', '2026-12-25'], ['2026-12-25', '2026-01-01'])).toEqual([
      '2026-01-01',
      '2026-12-25',
      '2026-12-26',
    ])
  })
})
