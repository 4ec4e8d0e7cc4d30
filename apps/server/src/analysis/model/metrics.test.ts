import { describe, expect, it } from 'vitest'
import { measureClassification, measureMajorityBaseline } from './metrics'

describe('measureClassification', () => {
  it('computes accuracy, per-label precision and recall, and macro-F1', () => {
    const metrics = measureClassification({ expected: ['a', 'a', 'b', 'b'], predicted: ['a', 'b', 'b', 'b'] })
    expect(metrics.accuracy).toBe(0.75)
    const a = metrics.perLabel.find((row) => row.label === 'a')!
    const b = metrics.perLabel.find((row) => row.label === 'b')!
    expect([a.precision, a.recall, a.support]).toEqual([1, 0.5, 2])
    expect([b.precision, b.recall]).toEqual([2 / 3, 1])
    expect(metrics.macroF1).toBeCloseTo((2 / 3 + 0.8) / 2, 10)
  })
})

describe('measureMajorityBaseline', () => {
  it('always answers the most frequent training label', () => {
    const baseline = measureMajorityBaseline({ trainLabels: ['x', 'y', 'y'], expected: ['y', 'x', 'y', 'y'] })
    expect(baseline.majorityLabel).toBe('y')
    expect(baseline.accuracy).toBe(0.75)
  })
})
