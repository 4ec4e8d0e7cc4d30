import { LIST_TOTAL_CAP, ZViewFilters } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import {
  applyTicketChange,
  countDelta,
  leavesTotalUnknown,
  nextCount,
  type TTicketPages,
  toSummary,
} from './list-cache'
import type { TTicketSummary } from './ticket-model'

const ME = 'user-ada'
const OPEN = ZViewFilters.parse({ status: ['open'] })

function ticket(id: string, minute: number, extra: Partial<TTicketSummary> = {}): TTicketSummary {
  const at = new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString()
  return {
    $id: id,
    $createdAt: at,
    $updatedAt: at,
    status: 'open',
    number: minute,
    tags: [],
    ...extra,
  } as TTicketSummary
}

function pages(...documents: TTicketSummary[][]): TTicketPages {
  const total = documents.flat().length
  return {
    pages: documents.map((page, index) => ({
      documents: page,
      total: index === 0 ? total : null,
      hasMore: index < documents.length - 1,
    })),
    pageParams: documents.map(() => null),
  }
}

const ids = (data: TTicketPages) => data.pages.map((page) => page.documents.map((row) => row.$id))

describe('applyTicketChange', () => {
  it('puts a new ticket at the top of a newest-first list and counts it', () => {
    const next = applyTicketChange(
      pages([ticket('b', 2), ticket('a', 1)]),
      { kind: 'create', ticket: ticket('c', 3) },
      OPEN,
      ME,
    )
    expect(ids(next)).toEqual([['c', 'b', 'a']])
    expect(next.pages[0]?.total).toBe(3)
  })

  it('replaces a changed row where it is, and drops it when it leaves the view', () => {
    const data = pages([ticket('b', 2), ticket('a', 1)])
    const renamed = applyTicketChange(
      data,
      { kind: 'update', ticket: ticket('a', 1, { subject: 'New' }) },
      OPEN,
      ME,
    )
    expect(renamed.pages[0]?.documents[1]?.subject).toBe('New')
    const closed = applyTicketChange(
      data,
      { kind: 'update', ticket: ticket('b', 2, { status: 'closed' }) },
      OPEN,
      ME,
    )
    expect(ids(closed)).toEqual([['a']])
    expect(closed.pages[0]?.total).toBe(1)
  })

  it('leaves the list alone for a ticket that is not in it and does not match', () => {
    const data = pages([ticket('a', 1)])
    expect(
      applyTicketChange(data, { kind: 'create', ticket: ticket('z', 5, { status: 'closed' }) }, OPEN, ME),
    ).toBe(data)
    expect(applyTicketChange(data, { kind: 'delete', ticket: ticket('z', 5) }, OPEN, ME)).toBe(data)
  })

  it('removes a deleted row from whichever page holds it, keeping the other pages', () => {
    const data = pages([ticket('d', 4), ticket('c', 3)], [ticket('b', 2), ticket('a', 1)])
    const next = applyTicketChange(data, { kind: 'delete', ticket: ticket('b', 2) }, OPEN, ME)
    expect(next.pages.flatMap((page) => page.documents.map((row) => row.$id))).toEqual(['d', 'c', 'a'])
    expect(next.pages[0]?.total).toBe(3)
    expect(next.pages[1]?.total).toBeNull()
  })

  it('brings a ticket that starts matching into place, and leaves one sorting past the loaded rows for Load more', () => {
    const data = {
      ...pages([ticket('c', 3), ticket('b', 2)]),
      pages: [{ documents: [ticket('c', 3), ticket('b', 2)], total: 10, hasMore: true }],
    }
    const reopened = applyTicketChange(data, { kind: 'update', ticket: ticket('x', 2.5 as number) }, OPEN, ME)
    expect(ids(reopened)).toEqual([['c', 'x', 'b']])
    const older = applyTicketChange(data, { kind: 'update', ticket: ticket('y', 0) }, OPEN, ME)
    expect(ids(older)).toEqual([['c', 'b']])
  })

  it('moves the total for a new ticket, but not for a change to one past the loaded pages, which is read again', () => {
    const data = {
      ...pages([ticket('c', 3), ticket('b', 2)]),
      pages: [{ documents: [ticket('c', 3), ticket('b', 2)], total: 10, hasMore: true }],
    }
    // y may have been open (and counted) all along: only the server can say.
    const changed = { kind: 'update', ticket: ticket('y', 0, { subject: 'Assigned' }) } as const
    expect(leavesTotalUnknown(data, changed)).toBe(true)
    expect(applyTicketChange(data, changed, OPEN, ME).pages[0]?.total).toBe(10)
    const deleted = { kind: 'delete', ticket: ticket('y', 0) } as const
    expect(leavesTotalUnknown(data, deleted)).toBe(true)
    const created = { kind: 'create', ticket: ticket('z', 0) } as const
    expect(leavesTotalUnknown(data, created)).toBe(false)
    expect(applyTicketChange(data, created, OPEN, ME).pages[0]?.total).toBe(11)
    // A row of the loaded pages, or a list loaded whole, is known.
    expect(leavesTotalUnknown(data, { kind: 'update', ticket: ticket('b', 2) })).toBe(false)
    const whole = { ...data, pages: [{ ...data.pages[0]!, hasMore: false }] }
    expect(leavesTotalUnknown(whole, changed)).toBe(false)
  })

  it('appends a ticket sorting past the rows when the list has no more pages, and leaves an uncounted total uncounted', () => {
    const data: TTicketPages = {
      pages: [{ documents: [ticket('c', 3), ticket('b', 2)], total: null, hasMore: false }],
      pageParams: [null],
    }
    const next = applyTicketChange(data, { kind: 'update', ticket: ticket('y', 0) }, OPEN, ME)
    expect(ids(next)).toEqual([['c', 'b', 'y']])
    expect(next.pages[0]?.total).toBeNull()
  })

  it('leaves a count the server stopped at its cap as it is, whatever comes or goes', () => {
    const data: TTicketPages = {
      pages: [{ documents: [ticket('c', 3), ticket('b', 2)], total: LIST_TOTAL_CAP, hasMore: true }],
      pageParams: [null],
    }
    const created = applyTicketChange(data, { kind: 'create', ticket: ticket('d', 4) }, OPEN, ME)
    expect(created.pages[0]?.total).toBe(LIST_TOTAL_CAP)
    const deleted = applyTicketChange(data, { kind: 'delete', ticket: ticket('c', 3) }, OPEN, ME)
    expect(deleted.pages[0]?.total).toBe(LIST_TOTAL_CAP)
  })

  it('keeps only the list attributes of a ticket the socket sent whole', () => {
    const summary = toSummary({ ...ticket('a', 1), body: 'x'.repeat(1000), rawJson: { big: true } })
    expect(summary).not.toHaveProperty('body', expect.anything())
    expect(summary.$id).toBe('a')
  })
})

describe('countDelta', () => {
  const open = ticket('t', 1)
  const closed = ticket('t', 1, { status: 'closed' })

  it('counts a ticket into a view it enters, out of one it leaves, and never twice', () => {
    expect(countDelta(null, { kind: 'create', ticket: open }, OPEN, ME)).toBe(1)
    expect(countDelta(open, { kind: 'update', ticket: closed }, OPEN, ME)).toBe(-1)
    expect(countDelta(closed, { kind: 'update', ticket: open }, OPEN, ME)).toBe(1)
    expect(countDelta(open, { kind: 'update', ticket: open }, OPEN, ME)).toBe(0)
    expect(countDelta(open, { kind: 'delete', ticket: open }, OPEN, ME)).toBe(-1)
    expect(nextCount(LIST_TOTAL_CAP, 1)).toBe(LIST_TOTAL_CAP)
  })
})
