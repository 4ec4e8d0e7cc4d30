import { DemoLimits } from '@parsedesk/contracts'
import { z } from 'zod'

/** Successful demo requests from this browser; the window opens with the first success. */
const ZDemoCounter = z.object({
  count: z.number().int().nonnegative(),
  windowStartedAt: z.number(),
  lastSuccessAt: z.number(),
})
export type TDemoCounter = z.infer<typeof ZDemoCounter>

export const DEMO_COUNTER_KEY = 'parsedesk:demo-submissions'

type TCounterOptions = { counter: TDemoCounter | null; now: number }

/** The counter resets every 24 hours (spec, section 9): an expired window counts as no window. */
export function currentDemoCounter({ counter, now }: TCounterOptions): TDemoCounter | null {
  if (!counter || now - counter.windowStartedAt >= DemoLimits.counterResetMs) return null
  return counter
}

/** Blocked once the counter is at least 3 and the last success is less than an hour old. */
export function isDemoSubmissionBlocked(options: TCounterOptions): boolean {
  const counter = currentDemoCounter(options)
  if (!counter) return false
  return counter.count >= DemoLimits.maxSuccesses && options.now - counter.lastSuccessAt < DemoLimits.blockMs
}

/** When a blocked form opens again, or null when it is not blocked. */
export function demoBlockEndsAt(options: TCounterOptions): number | null {
  if (!isDemoSubmissionBlocked(options)) return null
  return (options.counter as TDemoCounter).lastSuccessAt + DemoLimits.blockMs
}

export function recordDemoSuccess(options: TCounterOptions): TDemoCounter {
  const counter = currentDemoCounter(options)
  if (!counter) return { count: 1, windowStartedAt: options.now, lastSuccessAt: options.now }
  return { ...counter, count: counter.count + 1, lastSuccessAt: options.now }
}

type TStorage = Pick<Storage, 'getItem' | 'setItem'>

/** Anything unreadable in storage (edited by hand, older format) counts as no counter. */
export function readDemoCounter(storage: TStorage): TDemoCounter | null {
  try {
    const raw = storage.getItem(DEMO_COUNTER_KEY)
    if (!raw) return null
    const parsed = ZDemoCounter.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function writeDemoCounter(storage: TStorage, counter: TDemoCounter) {
  try {
    storage.setItem(DEMO_COUNTER_KEY, JSON.stringify(counter))
  } catch {
    // Storage full or disabled: the server's own limit still applies.
  }
}
