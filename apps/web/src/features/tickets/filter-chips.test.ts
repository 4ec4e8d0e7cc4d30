import { BUILT_IN_VIEWS, BuiltInViewId, type TViewFilters } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { filterChips, type TFilterNames } from './filter-chips'

const NAMES: TFilterNames = {
  category: (key) => (key === 'billing' ? 'Billing and payment' : key),
  group: () => 'Billing team',
  member: () => 'Grace Hopper',
  mailbox: () => 'help@acme.example',
  customField: (key) => (key === 'amount' ? 'Amount' : 'Plan'),
}
const myOpen = BUILT_IN_VIEWS.find((view) => view.id === BuiltInViewId.myOpen)?.filters as TViewFilters

describe('filterChips', () => {
  it("names each active filter in words, the view's own included, and none for the sort", () => {
    expect(filterChips(myOpen, NAMES).map((chip) => chip.label)).toEqual([
      'Status: open, in progress',
      'Spam hidden',
      'Assignee: Me',
    ])
    expect(
      filterChips({ ...myOpen, status: [], hideSpam: false, assignee: undefined, sort: 'oldest' }, NAMES),
    ).toEqual([])
  })

  it('removes one filter per chip, a tag at a time, and keeps the rest', () => {
    const filters: TViewFilters = {
      ...myOpen,
      category: ['billing'],
      groupId: 'g1',
      assignee: 'u2',
      tags: ['vip', 'refund'],
      mailbox: 'none',
    }
    const chips = filterChips(filters, NAMES)
    expect(chips.map((chip) => chip.label)).toContain('Category: Billing and payment')
    expect(chips.map((chip) => chip.label)).toContain('Assignee: Grace Hopper')
    expect(chips.map((chip) => chip.label)).toContain('Mailbox: Form (no mailbox)')
    const vip = chips.find((chip) => chip.label === 'Tag: vip')
    expect(vip?.without).toEqual({ ...filters, tags: ['refund'] })
    expect(chips.find((chip) => chip.id === 'group')?.without.groupId).toBeUndefined()
  })

  it('names a custom field filter by its field’s label, and removes it alone', () => {
    const filters: TViewFilters = {
      ...myOpen,
      customFields: [
        { key: 'plan', op: 'equals', values: ['pro', 'basic'] },
        { key: 'amount', op: 'range', from: 100, to: 500 },
      ],
    }
    const chips = filterChips(filters, NAMES)
    expect(chips.map((chip) => chip.label)).toContain('Plan: pro, basic')
    expect(chips.map((chip) => chip.label)).toContain('Amount: 100 to 500')
    const amount = chips.find((chip) => chip.id === 'field:amount')
    expect(amount?.without.customFields).toEqual([{ key: 'plan', op: 'equals', values: ['pro', 'basic'] }])
    const onlyPlan: TViewFilters = {
      ...myOpen,
      customFields: [{ key: 'plan', op: 'equals', values: ['pro'] }],
    }
    const plan = filterChips(onlyPlan, NAMES)
    expect(plan.find((chip) => chip.id === 'field:plan')?.without.customFields).toBeUndefined()
  })
})
