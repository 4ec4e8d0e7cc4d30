import { describe, expect, it } from 'vitest'
import { SlaMetric, slaBadge } from './sla'

const now = Date.parse('2026-11-30T12:00:00Z')
const iso = (minutesFromNow: number) => new Date(now + minutesFromNow * 60_000).toISOString()
const clock = (dueIn: number, extra: Partial<Parameters<typeof slaBadge>[1]> = {}) => ({
  state: 'active' as const,
  dueAt: iso(dueIn),
  warnAt: iso(dueIn * 0.25),
  breached: false,
  businessHours: false,
  ...extra,
})

describe('SLA badges', () => {
  it('says when a target is due, in the largest unit, yellow once 75% is used', () => {
    expect(slaBadge(SlaMetric.firstReply, clock(42), now)).toEqual({
      text: 'first reply due in 42 min',
      tone: 'blue',
    })
    expect(slaBadge(SlaMetric.resolution, clock(30, { warnAt: iso(-5) }), now)?.tone).toBe('yellow')
    expect(slaBadge(SlaMetric.resolution, clock(3 * 24 * 60 + 5), now)?.text).toBe('resolution due in 3 d')
  })

  it('says how long ago a breached target was due, and nothing for a fulfilled one', () => {
    expect(slaBadge(SlaMetric.firstReply, clock(-125, { breached: true }), now)).toEqual({
      text: 'first reply breached 2 h ago',
      tone: 'red',
    })
    expect(slaBadge(SlaMetric.nextReply, clock(10, { state: 'fulfilled' }), now)).toBeNull()
    expect(slaBadge(SlaMetric.nextReply, clock(10, { state: 'paused', dueAt: null }), now)?.text).toBe(
      'next reply paused',
    )
  })
})
