import { describe, expect, it } from 'vitest'
import { DEFAULT_FEATURE_CONFIG, extractFeatures, hashString } from './features'

const config = { ...DEFAULT_FEATURE_CONFIG, hashBits: 16 }
const norm = (values: Float32Array) => Math.sqrt(values.reduce((sum, value) => sum + value * value, 0))
const overlap = (a: Int32Array, b: Int32Array) => [...a].filter((slot) => b.includes(slot)).length

describe('extractFeatures', () => {
  it('gives a unit-length vector with slots inside the hash space', () => {
    const vector = extractFeatures({ tokens: ['cancel', 'my', 'order'], config })
    expect(norm(vector.values)).toBeCloseTo(1, 5)
    expect([...vector.indices].every((slot) => slot >= 0 && slot < 2 ** config.hashBits)).toBe(true)
  })

  it('gives the same vector for the same tokens every time', () => {
    const first = extractFeatures({ tokens: ['refund', 'please'], config })
    const second = extractFeatures({ tokens: ['refund', 'please'], config })
    expect([...second.indices]).toEqual([...first.indices])
    expect([...second.values]).toEqual([...first.values])
  })

  it('lets a misspelt word share character n-grams with the right spelling', () => {
    const right = extractFeatures({ tokens: ['cancelling'], config })
    const misspelt = extractFeatures({ tokens: ['cancdling'], config })
    const unrelated = extractFeatures({ tokens: ['newsletter'], config })
    expect(overlap(right.indices, misspelt.indices)).toBeGreaterThan(
      overlap(right.indices, unrelated.indices) + 3,
    )
  })

  it('adds word bigrams, so word order changes the vector', () => {
    const words = { ...config, charNgramMax: 0 }
    expect(extractFeatures({ tokens: ['not', 'good'], config: words }).indices).toHaveLength(3)
    const unigramsOnly = { ...words, wordNgramMax: 1 }
    expect(extractFeatures({ tokens: ['not', 'good'], config: unigramsOnly }).indices).toHaveLength(2)
  })

  it('weights a repeated word sublinearly', () => {
    const vector = extractFeatures({
      tokens: ['refund', 'refund', 'refund', 'refund', 'order'],
      config: { ...config, charNgramMax: 0, wordNgramMax: 1 },
    })
    const [first, second] = [...vector.values].sort((a, b) => b - a)
    expect(first! / second!).toBeCloseTo(1 + Math.log(4), 4)
  })

  it('reads only the first maxTokens tokens of a long text', () => {
    const tokens = Array.from({ length: 2000 }, (_, i) => `w${i}`)
    const limited = extractFeatures({
      tokens,
      config: { ...config, charNgramMax: 0, wordNgramMax: 1, maxTokens: 100 },
    })
    expect(limited.indices.length).toBeLessThanOrEqual(100)
  })

  it('returns an empty vector for no tokens', () => {
    expect(extractFeatures({ tokens: [], config }).indices).toHaveLength(0)
  })
})

describe('hashString', () => {
  it('depends on the seed and the text', () => {
    expect(hashString({ text: 'abc', seed: 1 })).not.toBe(hashString({ text: 'abc', seed: 2 }))
    expect(hashString({ text: 'abc', seed: 1 })).not.toBe(hashString({ text: 'abd', seed: 1 }))
    expect(hashString({ text: 'abc', seed: 1 })).toBe(hashString({ text: 'abc', seed: 1 }))
  })
})
