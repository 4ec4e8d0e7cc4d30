import { describe, expect, it } from 'vitest'
import { formatTicketDate } from '@/lib/format-date'
import { type TTicketSummary, ticketListRefreshInterval } from './ticket-model'
import { priorityTone, processingTone, statusTone } from './ticket-tones'

function ticket(processing_status: string) {
  return { processing_status } as TTicketSummary
}

describe('ticket display', () => {
  it('colours status, priority and processing as the spec says', () => {
    expect([
      statusTone('open'),
      statusTone('in-progress'),
      statusTone('closed'),
      statusTone('pending'),
      statusTone('on-hold'),
      statusTone('archived'),
    ]).toEqual(['red', 'blue', 'green', 'gray', 'gray', 'gray'])
    expect([priorityTone('high'), priorityTone('medium'), priorityTone('low')]).toEqual([
      'red',
      'yellow',
      'green',
    ])
    expect(priorityTone(null)).toBeNull()
    expect(priorityTone(undefined)).toBeNull()
    expect(['waiting', 'processing', 'completed', 'failed'].map(processingTone)).toEqual([
      'gray',
      'blue',
      'green',
      'red',
    ])
  })

  it('refreshes every 2 s while any ticket is not completed, and not at all otherwise', () => {
    expect(ticketListRefreshInterval(undefined)).toBe(false)
    expect(ticketListRefreshInterval([])).toBe(false)
    expect(ticketListRefreshInterval([ticket('completed'), ticket('completed')])).toBe(false)
    expect(ticketListRefreshInterval([ticket('completed'), ticket('waiting')])).toBe(2000)
    expect(ticketListRefreshInterval([ticket('processing')])).toBe(2000)
    expect(ticketListRefreshInterval([ticket('failed')])).toBe(2000)
  })

  it('shows dates as en-US short month, day, hour and minute', () => {
    expect(formatTicketDate('2026-11-21T09:54:55.000+00:00', 'UTC')).toBe('Nov 21, 9:54 AM')
    expect(formatTicketDate('2026-01-03T23:05:00.000+00:00', 'UTC')).toBe('Jan 3, 11:05 PM')
    expect(formatTicketDate('not a date')).toBe('not a date')
  })
})
