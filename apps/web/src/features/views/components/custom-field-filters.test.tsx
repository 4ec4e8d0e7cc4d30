// @vitest-environment happy-dom
import { type TViewFilters, ZViewFilters } from '@parsedesk/contracts'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ticketMatchesView } from '../view-match'
import { viewQueries } from '../view-queries'
import { CustomFieldFilters, type TFilterableField } from './custom-field-filters'

afterEach(cleanup)

const FIELDS: TFilterableField[] = [
  {
    key: 'plan',
    label: 'Plan',
    type: 'choice',
    options: [
      { value: 'basic', synonyms: [] },
      { value: 'pro', synonyms: [] },
    ],
  },
  { key: 'amount', label: 'Amount', type: 'number', options: [] },
  { key: 'due', label: 'Due date', type: 'date', options: [] },
  { key: 'order_number', label: 'Order number', type: 'text', options: [] },
]

function Editor({ initial = ZViewFilters.parse({}) }: { initial?: TViewFilters }) {
  const [filters, setFilters] = useState<TViewFilters>(initial)
  return (
    <>
      <CustomFieldFilters fields={FIELDS} filters={filters} onChange={setFilters} />
      <output data-testid="filters">{JSON.stringify(filters)}</output>
    </>
  )
}

const current = () => JSON.parse(screen.getByTestId('filters').textContent ?? '{}') as TViewFilters
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const ticket = (customFields: Record<string, string | number>) => ({
  $createdAt: '2026-11-28T10:00:00.000Z',
  status: 'open',
  customFields,
})

describe('the view editor’s custom field filters', () => {
  it('offers each field by its type and makes a filter the contract and the server read', () => {
    render(<Editor />)
    type('Plan', 'pro')
    type('Amount from', '100')
    type('Amount to', '5000')
    type('Due date from', '2026-04-01')
    type('Order number', 'ZX-1002')
    const filters = current()
    expect(ZViewFilters.parse(filters)).toEqual(filters)
    expect(filters.customFields).toEqual([
      { key: 'plan', op: 'equals', values: ['pro'] },
      { key: 'amount', op: 'range', from: 100, to: 5000 },
      { key: 'due', op: 'range', from: '2026-04-01' },
      { key: 'order_number', op: 'equals', values: ['ZX-1002'] },
    ])
    const queries = viewQueries(filters, 'me').map((query) => JSON.parse(query))
    expect(queries).toContainEqual({ method: 'equal', attribute: 'customFields.plan', values: ['pro'] })
    expect(queries).toContainEqual({
      method: 'between',
      attribute: 'customFields.amount',
      values: [100, 5000],
    })
    expect(queries).toContainEqual({
      method: 'greaterThanEqual',
      attribute: 'customFields.due',
      values: ['2026-04-01'],
    })
    // A realtime change is placed by the same rules.
    const big = { plan: 'pro', amount: 1249.9, due: '2026-05-05', order_number: 'ZX-1002' }
    expect(ticketMatchesView(ticket(big), filters, 'me')).toBe(true)
    expect(ticketMatchesView(ticket({ ...big, amount: 9.5 }), filters, 'me')).toBe(false)
    expect(ticketMatchesView(ticket({ ...big, due: '2026-03-31' }), filters, 'me')).toBe(false)
    expect(ticketMatchesView(ticket({ plan: 'pro' }), filters, 'me')).toBe(false)
  })

  it('clears a filter when its inputs are emptied, leaving no empty list behind', () => {
    render(
      <Editor
        initial={ZViewFilters.parse({ customFields: [{ key: 'amount', op: 'equals', values: [42] }] })}
      />,
    )
    // A view asking for an equal number shows it as a range from the value to itself.
    expect((screen.getByLabelText('Amount from') as HTMLInputElement).value).toBe('42')
    expect((screen.getByLabelText('Amount to') as HTMLInputElement).value).toBe('42')
    type('Amount from', '')
    expect(current().customFields).toEqual([{ key: 'amount', op: 'range', to: 42 }])
    type('Amount to', '')
    expect(current()).not.toHaveProperty('customFields')
    type('Plan', 'basic')
    type('Plan', '')
    expect(current()).not.toHaveProperty('customFields')
  })
})
