// @vitest-environment happy-dom
import { BUILT_IN_VIEWS, BuiltInViewId } from '@parsedesk/contracts'
import { act, cleanup, fireEvent, render, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createRef } from 'react'
import { MemoryRouter, useLocation, useNavigate } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useListColumns } from './use-list-columns'
import { useListShortcuts } from './use-list-shortcuts'
import { useSearchText } from './use-search-text'
import { useTicketDetails } from './use-ticket-details'
import { useTicketListParams } from './use-ticket-list-params'
import { useTicketSelection } from './use-ticket-selection'

afterEach(cleanup)

const views = [...BUILT_IN_VIEWS]

/** The list's params, and the address and history they live in. */
function renderListParams(entries: string[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      {children}
    </MemoryRouter>
  )
  return renderHook(
    () => {
      const params = useTicketListParams(views)
      const box = useSearchText(params.search, params.setSearch)
      return { params, box, location: useLocation(), navigate: useNavigate() }
    },
    { wrapper },
  )
}

describe('useTicketListParams', () => {
  it('opens the view, filters and search a link names', () => {
    const { result } = renderListParams(['/tickets?view=pending&q=refund'])
    expect(result.current.params.viewId).toBe(BuiltInViewId.pending)
    expect(result.current.params.filters.status).toEqual(['pending'])
    expect(result.current.params.search).toBe('refund')
    expect(result.current.box.text).toBe('refund')
    expect(result.current.params.isModified).toBe(false)
  })

  it('writes a filter into the address, where a reload reads it back', () => {
    const { result } = renderListParams(['/tickets'])
    act(() => result.current.params.setFilters({ ...result.current.params.filters, tags: ['vip'] }))
    expect(result.current.params.isModified).toBe(true)
    expect(result.current.location.search).toBe('?tag=vip&sort=newest')

    cleanup()
    const reloaded = renderListParams([`/tickets${result.current.location.search}`])
    expect(reloaded.result.current.params.filters.tags).toEqual(['vip'])
    expect(reloaded.result.current.params.isModified).toBe(true)
  })

  it('shows a chosen view as saved, dropping the filters changed before', () => {
    const { result } = renderListParams(['/tickets?tag=vip&sort=newest&q=parcel'])
    act(() => result.current.params.selectView(BuiltInViewId.closed))
    expect(result.current.location.search).toBe('?q=parcel&view=closed')
    expect(result.current.params.filters.status).toEqual(['closed'])
    act(() => result.current.params.selectView(BuiltInViewId.all))
    expect(result.current.location.search).toBe('?q=parcel')
  })

  it('searches once typing settles, and Back brings the earlier search into the box', async () => {
    const { result } = renderListParams(['/tickets?q=printer', '/tickets/7'])
    act(() => result.current.navigate('/tickets'))
    act(() => result.current.box.setText('parcel'))
    expect(result.current.params.search).toBe('')
    await waitFor(() => expect(result.current.location.search).toBe('?q=parcel'))
    expect(result.current.params.search).toBe('parcel')

    act(() => result.current.navigate(-2))
    expect(result.current.location.search).toBe('?q=printer')
    expect(result.current.box.text).toBe('printer')
    expect(result.current.params.search).toBe('printer')
  })

  it('keeps a view it does not know yet, listing as "All tickets" until it is read', () => {
    const { result } = renderListParams(['/tickets?view=saved-1&tag=vip&sort=newest'])
    expect(result.current.params.viewId).toBe(BuiltInViewId.all)
    expect(result.current.params.filters.tags).toEqual(['vip'])
    expect(result.current.location.search).toContain('view=saved-1')
  })
})

describe('useTicketSelection', () => {
  const tickets = [{ $id: 'a' }, { $id: 'b' }, { $id: 'c' }]

  it('ticks and unticks one, all, and drops the deleted', () => {
    const { result } = renderHook(() => useTicketSelection(tickets))
    act(() => result.current.toggle('b'))
    expect([...result.current.selected]).toEqual(['b'])
    act(() => result.current.toggleAll())
    expect([...result.current.selected].sort()).toEqual(['a', 'b', 'c'])
    act(() => result.current.drop(['a', 'c']))
    expect([...result.current.selected]).toEqual(['b'])
    act(() => result.current.toggle('b'))
    expect(result.current.selected.size).toBe(0)
    act(() => result.current.toggleAll())
    act(() => result.current.toggleAll())
    expect(result.current.selected.size).toBe(0)
  })
})

describe('useListShortcuts', () => {
  const rows = [
    { $id: 'a', number: 1 },
    { $id: 'b', number: 2 },
  ]

  function renderShortcuts(selected: ReadonlySet<string> = new Set()) {
    const handlers = {
      onToggle: vi.fn(),
      onOpen: vi.fn(),
      onAssignToMe: vi.fn(),
      onClose: vi.fn(),
      onHelp: vi.fn(),
    }
    const searchRef = createRef<HTMLInputElement>()
    const view = renderHook(
      ({ selection }) =>
        useListShortcuts({ rows, selected: selection, idOf: (row) => row.$id, searchRef, ...handlers }),
      { initialProps: { selection: selected } },
    )
    return { ...view, handlers }
  }

  const press = (key: string, target: Element = document.body) =>
    act(() => void fireEvent.keyDown(target, { key }))

  it('moves with j and k within the list, ticks with x and opens with o', () => {
    const { result, handlers } = renderShortcuts()
    expect(result.current.focusedIndex).toBe(-1)
    press('j')
    press('j')
    press('j')
    expect(result.current.focusedIndex).toBe(1)
    press('k')
    expect(result.current.focusedIndex).toBe(0)
    press('x')
    expect(handlers.onToggle).toHaveBeenCalledWith('a')
    press('o')
    expect(handlers.onOpen).toHaveBeenCalledWith(rows[0])
    press('?')
    expect(handlers.onHelp).toHaveBeenCalledOnce()
  })

  it('closes and assigns the selection, or else the row the keyboard is on', () => {
    const { result, handlers, rerender } = renderShortcuts()
    press('c')
    expect(handlers.onClose).toHaveBeenLastCalledWith([])
    press('j')
    press('c')
    expect(handlers.onClose).toHaveBeenLastCalledWith(['a'])
    rerender({ selection: new Set(['b']) })
    press('a')
    expect(handlers.onAssignToMe).toHaveBeenLastCalledWith(['b'])
    expect(result.current.targets()).toEqual(['b'])
  })

  it('leaves keys alone while typing in a field or with a dialog open', () => {
    const { result, handlers } = renderShortcuts()
    const input = document.createElement('input')
    document.body.append(input)
    press('j', input)
    expect(result.current.focusedIndex).toBe(-1)
    input.remove()

    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    document.body.append(dialog)
    press('?')
    expect(handlers.onHelp).not.toHaveBeenCalled()
    dialog.remove()
  })

  it('scrolls the focused row into sight', () => {
    const { result } = renderShortcuts()
    const row = document.createElement('tr')
    row.dataset.focused = 'true'
    row.scrollIntoView = vi.fn()
    render(
      <table>
        <tbody />
      </table>,
    )
    document.body.append(row)
    press('j')
    expect(result.current.focusedIndex).toBe(0)
    expect(row.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' })
    row.remove()
  })
})

describe('useTicketDetails', () => {
  it('shows the opened ticket as the list holds it, and gives focus back to its row', () => {
    const { result, rerender } = renderHook(({ tickets }) => useTicketDetails(tickets), {
      initialProps: { tickets: [{ $id: 'a', subject: 'Old' }] },
    })
    act(() => result.current.open('a'))
    rerender({ tickets: [{ $id: 'a', subject: 'Renamed' }] })
    expect(result.current.openTicket?.subject).toBe('Renamed')

    render(
      <table>
        <tbody>
          <tr data-ticket-id="a">
            <td>
              <button type="button">Open</button>
            </td>
          </tr>
        </tbody>
      </table>,
    )
    const closing = new Event('focusOutside', { cancelable: true })
    act(() => result.current.close())
    result.current.returnFocus(closing)
    expect(result.current.openTicket).toBeNull()
    expect(document.activeElement?.textContent).toBe('Open')
    expect(closing.defaultPrevented).toBe(true)
  })
})

describe('useListColumns', () => {
  it("keeps each member's columns for them, through a reload", () => {
    window.localStorage.clear()
    const ada = renderHook(() => useListColumns('ada'))
    act(() => ada.result.current.toggle('activity'))
    act(() => ada.result.current.toggle('email'))
    expect(ada.result.current.columns).toContain('activity')
    expect(ada.result.current.columns).not.toContain('email')
    cleanup()

    expect(renderHook(() => useListColumns('ada')).result.current.columns).toContain('activity')
    expect(renderHook(() => useListColumns('grace')).result.current.columns).not.toContain('activity')
  })

  it("takes the member's own choice once the session says who they are", () => {
    window.localStorage.clear()
    const ada = renderHook(() => useListColumns('ada'))
    act(() => ada.result.current.toggle('assignee'))
    ada.unmount()
    const { result, rerender } = renderHook(({ userId }) => useListColumns(userId), {
      initialProps: { userId: undefined as string | undefined },
    })
    expect(result.current.columns).not.toContain('assignee')
    rerender({ userId: 'ada' })
    expect(result.current.columns).toContain('assignee')
  })
})
