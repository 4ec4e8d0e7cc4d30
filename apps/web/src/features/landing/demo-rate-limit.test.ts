import { DemoLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import {
  DEMO_COUNTER_KEY,
  demoBlockEndsAt,
  isDemoSubmissionBlocked,
  readDemoCounter,
  recordDemoSuccess,
  type TDemoCounter,
  writeDemoCounter,
} from './demo-rate-limit'

const HOUR = 3_600_000
const DAY = 86_400_000
const start = Date.UTC(2026, 10, 21, 9, 0, 0)

function succeed(
  times: number,
  { from = start, every = 60_000, counter = null as TDemoCounter | null } = {},
) {
  let current = counter
  for (let i = 0; i < times; i++) current = recordDemoSuccess({ counter: current, now: from + i * every })
  return current as TDemoCounter
}

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  }
}

describe('demo form rate limit (client side)', () => {
  it('uses the spec figures: 3 successes, a one-hour block, a 24-hour counter', () => {
    expect(DemoLimits).toMatchObject({ maxSuccesses: 3, blockMs: HOUR, counterResetMs: DAY })
  })

  it('lets the first three requests through', () => {
    expect(isDemoSubmissionBlocked({ counter: null, now: start })).toBe(false)
    expect(isDemoSubmissionBlocked({ counter: succeed(1), now: start + 60_000 })).toBe(false)
    expect(isDemoSubmissionBlocked({ counter: succeed(2), now: start + 120_000 })).toBe(false)
  })

  it('blocks the fourth until one hour after the last success, not the first', () => {
    const counter = succeed(3, { every: 10 * 60_000 })
    const last = start + 20 * 60_000
    expect(counter).toEqual({ count: 3, windowStartedAt: start, lastSuccessAt: last })
    expect(isDemoSubmissionBlocked({ counter, now: last + 1 })).toBe(true)
    expect(isDemoSubmissionBlocked({ counter, now: start + HOUR + 1 })).toBe(true)
    expect(isDemoSubmissionBlocked({ counter, now: last + HOUR - 1 })).toBe(true)
    expect(isDemoSubmissionBlocked({ counter, now: last + HOUR })).toBe(false)
    expect(demoBlockEndsAt({ counter, now: last + 1 })).toBe(last + HOUR)
  })

  it('blocks again for an hour after a success made once the block ended', () => {
    const third = succeed(3)
    const fourthAt = third.lastSuccessAt + HOUR + 5
    const fourth = recordDemoSuccess({ counter: third, now: fourthAt })
    expect(fourth.count).toBe(4)
    expect(isDemoSubmissionBlocked({ counter: fourth, now: fourthAt + HOUR - 1 })).toBe(true)
  })

  it('resets the counter 24 hours after the window opened', () => {
    const counter = succeed(3, { from: start, every: 11 * HOUR })
    const last = start + 22 * HOUR
    expect(isDemoSubmissionBlocked({ counter, now: last + 30 * 60_000 })).toBe(true)
    expect(isDemoSubmissionBlocked({ counter, now: start + DAY })).toBe(false)
    const afterReset = recordDemoSuccess({ counter, now: start + DAY })
    expect(afterReset).toEqual({ count: 1, windowStartedAt: start + DAY, lastSuccessAt: start + DAY })
  })

  it('keeps the counter in storage and ignores anything unreadable there', () => {
    const storage = memoryStorage()
    expect(readDemoCounter(storage)).toBeNull()
    writeDemoCounter(storage, succeed(2))
    expect(readDemoCounter(storage)).toEqual(succeed(2))
    storage.items.set(DEMO_COUNTER_KEY, '{"count":"three"}')
    expect(readDemoCounter(storage)).toBeNull()
    storage.items.set(DEMO_COUNTER_KEY, 'not json')
    expect(readDemoCounter(storage)).toBeNull()
  })
})
