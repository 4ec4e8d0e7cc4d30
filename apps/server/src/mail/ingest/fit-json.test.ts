import { describe, expect, it } from 'vitest'
import { cutToJsonBytes, fitJsonToBytes } from './fit-json'

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

describe('cutToJsonBytes', () => {
  it('counts escapes and multi-byte characters as JSON writes them, never splitting a pair', () => {
    expect(cutToJsonBytes('abcdef', 5)).toBe('abc')
    expect(cutToJsonBytes('"""', 6)).toBe('""')
    expect(cutToJsonBytes('\u0001\u0001', 8)).toBe('\u0001')
    expect(cutToJsonBytes('ééé', 6)).toBe('éé')
    expect(cutToJsonBytes('a\uD83D\uDE00', 6)).toBe('a')
    expect(cutToJsonBytes('a\uD83D\uDE00', 7)).toBe('a\uD83D\uDE00')
    for (const text of ['plain', '"\\\n\t', 'é€\uD83D\uDE00', '\u0001\u001f']) {
      for (let max = 2; max < 40; max++) expect(bytesOf(cutToJsonBytes(text, max))).toBeLessThanOrEqual(max)
    }
  })
})

describe('fitJsonToBytes', () => {
  it('leaves JSON within the limit alone', () => {
    const value = { Subject: 'hello', TextBody: 'short' }
    expect(fitJsonToBytes(value, 1000)).toEqual({ value, isCut: false })
  })

  it('cuts only the long texts, sharing the room between them, and fits the limit', () => {
    const value = {
      Subject: 'a short subject stays whole',
      TextBody: 'x'.repeat(100_000),
      HtmlBody: '\u0001'.repeat(100_000),
      Headers: [{ Name: 'X-Short', Value: 'kept' }],
    }
    const fitted = fitJsonToBytes(value, 50_000)
    expect(fitted?.isCut).toBe(true)
    expect(bytesOf(fitted?.value)).toBeLessThanOrEqual(50_000)
    expect(bytesOf(fitted?.value)).toBeGreaterThan(49_000)
    expect(fitted?.value.Subject).toBe(value.Subject)
    expect(fitted?.value.Headers).toEqual(value.Headers)
    expect(fitted?.value.TextBody.length).toBeGreaterThan(20_000)
    expect(fitted?.value.HtmlBody.length).toBeGreaterThan(3_000)
  })

  it('says so when nothing can make it fit', () => {
    expect(fitJsonToBytes({ a: 'x', b: 'y' }, 5)).toBeUndefined()
  })
})
