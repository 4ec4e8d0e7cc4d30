import { SLA_MESSAGES } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { parseIcalHolidays } from './ical-holidays'

const calendar = (...events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...events.flatMap((e) => ['BEGIN:VEVENT', ...e.split('\n'), 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n')

describe('holidays from an iCal file', () => {
  it('reads all-day events, a multi-day one as each of its days, and skips timed events', () => {
    const text = calendar(
      'DTSTART;VALUE=DATE:20261225\nDTEND;VALUE=DATE:20261227\nSUMMARY:Christmas',
      'SUMMARY:New Year\nDTSTART;VALUE=DATE:20270101',
      'DTSTART:20261201T100000Z\nSUMMARY:A meeting, not a holiday',
    )
    expect(parseIcalHolidays(text)).toEqual(['2026-12-25', '2026-12-26', '2027-01-01'])
  })

  it('unfolds continued lines', () => {
    const folded =
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2026\r\n 0501\r\nEND:VEVENT\r\nEND:VCALENDAR'
    expect(parseIcalHolidays(folded)).toEqual(['2026-05-01'])
  })

  it('refuses a file with no all-day event, with the message the settings show', () => {
    expect(() => parseIcalHolidays(calendar('DTSTART:20261201T100000Z'))).toThrow(SLA_MESSAGES.icalEmpty)
  })
})
