import { LIST_TOTAL_CAP } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count'

describe('formatCount', () => {
  it('groups thousands, and says "5,000+" where the server stopped counting', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(1234)).toBe('1,234')
    expect(formatCount(LIST_TOTAL_CAP - 1)).toBe('4,999')
    expect(formatCount(LIST_TOTAL_CAP)).toBe('5,000+')
  })
})
