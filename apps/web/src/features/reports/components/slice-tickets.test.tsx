// @vitest-environment happy-dom
import type { TReportTicketRow } from '@parsedesk/contracts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { SliceTicketsTable } from './slice-tickets'

afterEach(cleanup)

const row = (number: number, customFields: TReportTicketRow['customFields']): TReportTicketRow => ({
  id: `t${number}`,
  number,
  subject: `Order ${number}`,
  status: 'open',
  priority: null,
  category: null,
  groupId: null,
  mailboxId: null,
  assigneeId: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  firstReplyMs: 30 * 60_000,
  resolutionMs: null,
  reopenCount: 0,
  oneTouch: false,
  csat: null,
  customFields,
})

const cellsOf = (tableRow: HTMLElement) =>
  within(tableRow)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('the reports drill-down table', () => {
  it("shows a column per custom field of the workspace, by label as the CSV has them, with each ticket's value", () => {
    render(
      <MemoryRouter>
        <SliceTicketsTable
          tickets={[row(7, { amount: 1249.5, plan: 'pro', due: '2026-04-03' }), row(8, { plan: 'basic' })]}
          fields={[
            { key: 'amount', label: 'Amount' },
            { key: 'due', label: 'Due date' },
            { key: 'plan', label: 'Plan' },
          ]}
        />
      </MemoryRouter>,
    )
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual([
      '#',
      'Subject',
      'Status',
      'First reply',
      'Resolution',
      'Amount',
      'Due date',
      'Plan',
    ])
    const [, first, second] = screen.getAllByRole('row')
    expect(cellsOf(first as HTMLElement)).toEqual([
      '7',
      'Order 7',
      'open',
      '30 min',
      '–',
      '1249.5',
      '2026-04-03',
      'pro',
    ])
    expect(cellsOf(second as HTMLElement).slice(5)).toEqual(['–', '–', 'basic'])
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: '7' })
        .getAttribute('href'),
    ).toBe('/tickets/7')
  })

  it('has only the ticket columns in a workspace without custom fields', () => {
    render(
      <MemoryRouter>
        <SliceTicketsTable tickets={[row(9, {})]} fields={[]} />
      </MemoryRouter>,
    )
    expect(screen.getAllByRole('columnheader')).toHaveLength(5)
  })
})
