import { describe, expect, it } from 'vitest'
import { cleanText } from './clean-text'

describe('cleanText', () => {
  it('removes NUL and the other invisible controls, keeping tabs and line breaks', () => {
    expect(cleanText('a\u0000b')).toBe('ab')
    expect(cleanText('x\u0001\u0008\u000b\u000c\u001fy')).toBe('xy')
    expect(cleanText('tab\tnew\nline\r\n')).toBe('tab\tnew\nline\r\n')
  })

  it('replaces lone surrogates and keeps pairs and ordinary text', () => {
    expect(cleanText('x\uD800y')).toBe('x\uFFFDy')
    expect(cleanText('x\uDC00')).toBe('x\uFFFD')
    expect(cleanText('\uDC00\uD800')).toBe('\uFFFD\uFFFD')
    expect(cleanText('smile \uD83D\uDE00 ok, é € ü')).toBe('smile \uD83D\uDE00 ok, é € ü')
  })
})
