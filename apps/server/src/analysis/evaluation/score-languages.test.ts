import { describe, expect, it } from 'vitest'
import { scoreLanguages } from './score-languages'

const input = { subject: '', body: '' }

describe('scoreLanguages', () => {
  it('scores each language by family, per family, share filed other and priority', () => {
    const rows = [
      { language: 'de', queue: 'Technical Support', priority: 'high', input, key: 'technical-problem' },
      { language: 'de', queue: 'Billing and Payments', priority: 'low', input, key: 'technical-problem' },
      { language: 'de', queue: 'Returns and Exchanges', priority: 'low', input, key: 'refund-cancellation' },
      { language: 'de', queue: 'Human Resources', priority: 'medium', input, key: 'other' },
      { language: 'fr', queue: 'Product Support', priority: 'medium', input, key: 'bug-report' },
    ]
    let next = 0
    const scores = scoreLanguages({
      rows,
      analyse: () => ({ categoryKey: rows[next++]!.key, priority: 'low' }),
    })
    const german = scores.find((score) => score.language === 'de')!
    expect(german.rows).toBe(4)
    // Human Resources belongs to no family: counted in Other only.
    expect(german.familyRows).toBe(3)
    expect(german.familyAccuracy).toBeCloseTo(2 / 3)
    expect(german.byFamily.billing).toEqual({ rows: 1, accuracy: 0 })
    expect(german.byFamily.orders).toEqual({ rows: 1, accuracy: 1 })
    expect(german.otherRate).toBe(0.25)
    expect(german.priorityAccuracy).toBe(0.5)
    expect(scores.find((score) => score.language === 'fr')!.familyAccuracy).toBe(1)
  })
})
