import { BUILT_IN_VIEWS, BuiltInViewId, type TViewFilters } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_FILTERS,
  readFilters,
  sameFilters,
  writeFilters,
  writeSearch,
  writeView,
} from './list-params'

const pending = BUILT_IN_VIEWS.find((view) => view.id === BuiltInViewId.pending)?.filters as TViewFilters

describe('the list in the address', () => {
  it('writes no filters while the view is as saved', () => {
    const params = writeFilters(new URLSearchParams('view=pending'), pending, pending)
    expect(params.toString()).toBe('view=pending')
    expect(readFilters(params)).toBeUndefined()
  })

  it('reads back every filter it wrote, the sort with them', () => {
    const filters: TViewFilters = {
      status: ['open', 'pending'],
      priority: ['high'],
      category: ['spam-marketing'],
      tags: ['vip', 'a,b'],
      assignee: 'me',
      groupId: 'g1',
      requesterId: 'c1',
      mailbox: 'none',
      createdFrom: '2026-11-01',
      createdTo: '2026-11-28',
      hideSpam: true,
      sort: 'oldest',
    }
    const params = writeFilters(new URLSearchParams('q=refund'), filters, DEFAULT_FILTERS)
    expect(params.get('q')).toBe('refund')
    expect(readFilters(new URLSearchParams(params.toString()))).toEqual(filters)
  })

  it('keeps filters emptied below a view’s own, by the sort written with them', () => {
    const params = writeFilters(new URLSearchParams('view=pending'), DEFAULT_FILTERS, pending)
    expect(params.get('sort')).toBe('newest')
    expect(readFilters(params)).toEqual(DEFAULT_FILTERS)
  })

  it('drops values no list knows and ignores an unknown sort', () => {
    expect(readFilters(new URLSearchParams('sort=newest&status=nonsense&status=open'))?.status).toEqual([
      'open',
    ])
    expect(readFilters(new URLSearchParams('sort=sideways&status=open'))).toBeUndefined()
  })

  it('shows a view as saved, and leaves out the first view and an empty search', () => {
    const modified = writeFilters(new URLSearchParams('q=x'), { ...pending, tags: ['vip'] }, pending)
    expect(writeView(modified, 'abc').toString()).toBe('q=x&view=abc')
    expect(writeView(new URLSearchParams('view=abc'), BuiltInViewId.all).toString()).toBe('')
    expect(writeSearch(new URLSearchParams('q=x&view=abc'), '').toString()).toBe('view=abc')
  })

  it('compares filters whatever order their fields came in', () => {
    const reordered = Object.fromEntries(Object.entries(pending).reverse()) as TViewFilters
    expect(sameFilters(reordered, pending)).toBe(true)
    expect(sameFilters({ ...pending, assignee: undefined }, pending)).toBe(true)
    expect(sameFilters({ ...pending, sort: 'oldest' }, pending)).toBe(false)
  })

  it('keeps custom field filters in the address with their kinds, and knows a saved view with them', () => {
    const filters: TViewFilters = {
      ...pending,
      customFields: [
        { key: 'amount', op: 'range', from: 100, to: 500 },
        { key: 'due', op: 'range', from: '2026-04-01' },
        { key: 'plan', op: 'equals', values: ['pro'] },
      ],
    }
    const params = writeFilters(new URLSearchParams(), filters, pending)
    expect(readFilters(params)?.customFields).toEqual(filters.customFields)
    // The server's jsonb gives a view's objects back with their keys in another order.
    const stored = JSON.parse(
      '[{"to":500,"op":"range","key":"amount","from":100},{"op":"range","key":"due","from":"2026-04-01"},{"op":"equals","key":"plan","values":["pro"]}]',
    )
    expect(sameFilters({ ...filters, customFields: stored }, filters)).toBe(true)
    // An address edited by hand into something the contract refuses is left out, not sent.
    const edited = new URLSearchParams(params)
    edited.set('fields', '[{"key":"Bad Key","op":"equals","values":[]}]')
    expect(readFilters(edited)).not.toHaveProperty('customFields')
  })
})
