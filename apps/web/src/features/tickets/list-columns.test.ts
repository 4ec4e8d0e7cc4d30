import { describe, expect, it } from 'vitest'
import { ariaSortOf, DEFAULT_COLUMNS, readColumns, sortAfterClick, toggleColumn } from './list-columns'

describe('list columns', () => {
  it("starts with the spec's seven, and reads a stored choice back in the list's order", () => {
    expect(DEFAULT_COLUMNS).toEqual(['id', 'subject', 'email', 'status', 'priority', 'processing', 'created'])
    expect(readColumns(undefined)).toEqual(DEFAULT_COLUMNS)
    expect(readColumns(['activity', 'nonsense', 'requester'])).toEqual([
      'id',
      'subject',
      'requester',
      'activity',
    ])
  })

  it('adds and removes a column, but never the ID or the subject', () => {
    expect(toggleColumn(DEFAULT_COLUMNS, 'assignee')).toContain('assignee')
    expect(toggleColumn(DEFAULT_COLUMNS, 'email')).not.toContain('email')
    expect(toggleColumn(DEFAULT_COLUMNS, 'subject')).toEqual(DEFAULT_COLUMNS)
  })

  it('sorts by a header: Created flips newest and oldest, Priority and Last activity sort one way', () => {
    expect(sortAfterClick('created', 'newest')).toBe('oldest')
    expect(sortAfterClick('created', 'oldest')).toBe('newest')
    expect(sortAfterClick('created', 'priority')).toBe('newest')
    expect(sortAfterClick('activity', 'newest')).toBe('activity')
    expect(sortAfterClick('priority', 'priority')).toBe('priority')
    expect(sortAfterClick('email', 'oldest')).toBe('oldest')
    expect(ariaSortOf('created', 'oldest')).toBe('ascending')
    expect(ariaSortOf('activity', 'activity')).toBe('descending')
    expect(ariaSortOf('created', 'activity')).toBeUndefined()
  })
})
