import {
  BUILT_IN_VIEWS,
  BuiltInViewId,
  type TViewFilters,
  ViewMailbox,
  ZViewFilters,
} from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { ticketMatchesView } from './view-match'
import { searchQueries, startOfLocalDay, viewQueries } from './view-queries'

const ME = 'user-ada'

function readable(queries: string[]) {
  return queries.map(
    (query) => JSON.parse(query) as { method: string; attribute?: string; values?: unknown[] },
  )
}

function builtIn(id: string): TViewFilters {
  const view = BUILT_IN_VIEWS.find((candidate) => candidate.id === id)
  if (!view) throw new Error(`no view ${id}`)
  return view.filters
}

describe('viewQueries', () => {
  it('lists everything, newest first, for no filters', () => {
    expect(readable(viewQueries(ZViewFilters.parse({}), ME))).toEqual([
      { method: 'orderDesc', attribute: '$createdAt' },
    ])
  })

  it('gives My open: the work statuses, assigned to the member looking, without spam', () => {
    expect(readable(viewQueries(builtIn(BuiltInViewId.myOpen), ME))).toEqual([
      { method: 'equal', attribute: 'status', values: ['open', 'in-progress'] },
      { method: 'notEqual', attribute: 'category', values: ['spam-marketing'] },
      { method: 'equal', attribute: 'assigneeId', values: [ME] },
      { method: 'orderDesc', attribute: '$createdAt' },
    ])
  })

  it('gives Unassigned as no assignee and Closed without the spam rule', () => {
    expect(readable(viewQueries(builtIn(BuiltInViewId.unassigned), ME))).toContainEqual({
      method: 'isNull',
      attribute: 'assigneeId',
    })
    const closed = readable(viewQueries(builtIn(BuiltInViewId.closed), ME))
    expect(closed).toEqual([
      { method: 'equal', attribute: 'status', values: ['closed'] },
      { method: 'orderDesc', attribute: '$createdAt' },
    ])
  })

  it('turns every field into its query, a named assignee and any of the tags', () => {
    const filters = ZViewFilters.parse({
      priority: ['high'],
      category: ['billing'],
      assignee: 'user-bob',
      groupId: 'group-1',
      requesterId: 'contact-7',
      tags: ['VIP', 'refund'],
      createdFrom: '2026-11-01',
      createdTo: '2026-11-24',
      sort: 'updated',
    })
    expect(readable(viewQueries(filters, ME))).toEqual([
      { method: 'equal', attribute: 'priority', values: ['high'] },
      { method: 'equal', attribute: 'category', values: ['billing'] },
      { method: 'equal', attribute: 'assigneeId', values: ['user-bob'] },
      { method: 'equal', attribute: 'groupId', values: ['group-1'] },
      { method: 'equal', attribute: 'requesterId', values: ['contact-7'] },
      { method: 'contains', attribute: 'tags', values: ['vip', 'refund'] },
      { method: 'greaterThanEqual', attribute: '$createdAt', values: [new Date(2026, 10, 1).toISOString()] },
      // The last day is included whole: up to the next day's start.
      { method: 'lessThan', attribute: '$createdAt', values: [new Date(2026, 10, 25).toISOString()] },
      { method: 'orderDesc', attribute: '$updatedAt' },
    ])
  })

  it('asks for one mailbox, or for no mailbox (the form), and matches on the client alike', () => {
    const imap = ZViewFilters.parse({ mailbox: 'imap-account-1' })
    const form = ZViewFilters.parse({ mailbox: ViewMailbox.none })
    expect(readable(viewQueries(imap, ME))[0]).toEqual({
      method: 'equal',
      attribute: 'mailboxId',
      values: ['imap-account-1'],
    })
    expect(readable(viewQueries(form, ME))[0]).toEqual({ method: 'isNull', attribute: 'mailboxId' })
    const ticket = (mailboxId: string | null) => ({
      $createdAt: '2026-11-25T08:00:00Z',
      status: 'open',
      mailboxId,
    })
    expect(ticketMatchesView(ticket('imap-account-1'), imap, ME)).toBe(true)
    expect(ticketMatchesView(ticket('parsing-mailbox'), imap, ME)).toBe(false)
    expect(ticketMatchesView(ticket(null), imap, ME)).toBe(false)
    expect(ticketMatchesView(ticket(null), form, ME)).toBe(true)
    expect(ticketMatchesView(ticket('parsing-mailbox'), form, ME)).toBe(false)
  })

  it('sorts oldest first or most urgent first on request', () => {
    expect(readable(viewQueries(ZViewFilters.parse({ sort: 'oldest' }), ME))).toEqual([
      { method: 'orderAsc', attribute: '$createdAt' },
    ])
    expect(readable(viewQueries(ZViewFilters.parse({ sort: 'priority' }), ME))).toEqual([
      { method: 'orderDesc', attribute: 'priority' },
    ])
  })

  it('reads a day in the viewer time zone and crosses month ends', () => {
    expect(startOfLocalDay('2026-02-28').getDate()).toBe(28)
    const to = readable(viewQueries(ZViewFilters.parse({ createdTo: '2026-02-28' }), ME))[0]
    expect(to?.values).toEqual([new Date(2026, 2, 1).toISOString()])
  })
})

describe('searchQueries', () => {
  it('adds a full-text search for words and nothing for blank text', () => {
    expect(readable(searchQueries('  refund order '))).toEqual([
      { method: 'search', attribute: 'text', values: ['refund order'] },
    ])
    expect(searchQueries('   ')).toEqual([])
    expect(searchQueries(' "&! ')).toEqual([])
  })

  it('reads #42 as ticket 42, and 42 or a #tag as words', () => {
    expect(readable(searchQueries(' #42 '))).toEqual([{ method: 'equal', attribute: 'number', values: [42] }])
    expect(readable(searchQueries('42'))).toEqual([{ method: 'search', attribute: 'text', values: ['42'] }])
    expect(readable(searchQueries('#urgent'))).toEqual([
      { method: 'search', attribute: 'text', values: ['#urgent'] },
    ])
  })
})

describe('ZViewFilters', () => {
  it('refuses an unknown status or field and a day in another shape', () => {
    expect(ZViewFilters.safeParse({ status: ['archived'] }).success).toBe(false)
    expect(ZViewFilters.safeParse({ mood: 'happy' }).success).toBe(false)
    expect(ZViewFilters.safeParse({ createdFrom: '25.11.2026' }).success).toBe(false)
  })
})
