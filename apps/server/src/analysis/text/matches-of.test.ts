import { describe, expect, it } from 'vitest'
import { matchesOf } from './matches-of'

const asMatchAll = (pattern: RegExp, text: string) =>
  [...text.matchAll(pattern)].map((match) => [match.index, ...match])
const asMatchesOf = (pattern: RegExp, text: string) =>
  [...matchesOf(pattern, text)].map((match) => [match.index, ...match])

describe('matchesOf', () => {
  it('finds what matchAll finds, groups included', () => {
    const pattern = /(?<word>\w+)@(\w+)/g
    const text = 'a@b, c@d and e@f'
    expect(asMatchesOf(pattern, text)).toEqual(asMatchAll(pattern, text))
    expect([...matchesOf(pattern, text)][1]!.groups?.word).toBe('c')
  })

  it('steps past empty matches as matchAll does, by whole characters in a unicode pattern', () => {
    expect(asMatchesOf(/x*/g, 'axxb')).toEqual(asMatchAll(/x*/g, 'axxb'))
    expect(asMatchesOf(/(?:)/gu, 'a😀b')).toEqual(asMatchAll(/(?:)/gu, 'a😀b'))
  })

  it('starts afresh each time, even after a search that was left unfinished', () => {
    const pattern = /\d/g
    for (const _ of matchesOf(pattern, '1 2 3')) break
    expect(asMatchesOf(pattern, '4 5')).toEqual([
      [0, '4'],
      [2, '5'],
    ])
  })

  it('refuses a pattern without the global flag, which would find its first match for ever', () => {
    expect(() => [...matchesOf(/\d/, '1 2')]).toThrow(TypeError)
  })
})
