import { afterEach, describe, expect, it, vi } from 'vitest'
import { createReadBudget } from './read-budget'

describe('the read budget', () => {
  afterEach(() => vi.useRealTimers())

  it('lets a reader have a burst, then refuses until time has refilled it, one reader at a time', () => {
    vi.useFakeTimers()
    const budget = createReadBudget({ bytesPerSecond: 1000, burstBytes: 3000 })
    budget.spend('ada', 2000)
    budget.spend('ada', 2000)
    expect(() => budget.spend('ada', 10)).toThrow(/great deal of data/)
    expect(() => budget.spend('bob', 2000)).not.toThrow()
    vi.advanceTimersByTime(500)
    expect(() => budget.spend('ada', 10)).toThrow()
    vi.advanceTimersByTime(1000)
    expect(() => budget.spend('ada', 10)).not.toThrow()
  })
})
