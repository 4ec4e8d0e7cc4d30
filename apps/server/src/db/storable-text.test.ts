import { describe, expect, it } from 'vitest'
import { JsonTooDeepError, toStorableJson, toStorableParam } from './storable-text'

describe('toStorableParam', () => {
  it('cleans strings inside arrays and leaves bytes alone', () => {
    const bytes = Buffer.from([0, 1, 2])
    expect(toStorableParam(['a\u0000', 'b'])).toEqual(['a', 'b'])
    expect(toStorableParam(bytes)).toBe(bytes)
    expect(toStorableParam(42)).toBe(42)
  })
})

describe('toStorableJson', () => {
  it('cleans keys and values at any depth', () => {
    const json = toStorableJson({ 'k\u0000': ['v\u0000', { deep: '\uD800' }], when: new Date(0) })
    expect(JSON.parse(json)).toEqual({ k: ['v', { deep: '\uFFFD' }], when: '1970-01-01T00:00:00.000Z' })
    expect(json).not.toContain('\\u0000')
  })

  it('refuses nesting deeper than the limit instead of overflowing the stack', () => {
    let nested: unknown = 'bottom'
    for (let i = 0; i < 5000; i++) nested = { nested }
    expect(() => toStorableJson(nested)).toThrow(JsonTooDeepError)
    expect(() => toStorableJson({ a: { b: 1 } }, 2)).not.toThrow()
    expect(() => toStorableJson({ a: { b: { c: 1 } } }, 2)).toThrow(JsonTooDeepError)
  })
})
