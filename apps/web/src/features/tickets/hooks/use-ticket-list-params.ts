import type { TViewFilters } from '@parsedesk/contracts'
import { useSearchParams } from 'react-router'
import type { TListView } from '@/features/views/components/views-nav'
import {
  DEFAULT_FILTERS,
  DEFAULT_VIEW_ID,
  ListParam,
  readFilters,
  sameFilters,
  writeFilters,
  writeSearch,
  writeView,
} from '../list-params'

/**
 * The list's view, filters, search and sort, kept in the address (`list-params.ts`), so a link, a reload
 * or Back shows the same list. Each change replaces the address rather than adding to the history: Back
 * leaves the list rather than stepping through every filter typed.
 */
export function useTicketListParams(views: readonly TListView[]) {
  const [params, setParams] = useSearchParams()
  const viewId = params.get(ListParam.view) ?? DEFAULT_VIEW_ID
  // A saved view not read yet (or no longer there) lists as "All tickets" until it is.
  const activeView =
    views.find((view) => view.id === viewId) ?? views.find((view) => view.id === DEFAULT_VIEW_ID)
  const viewFilters = activeView?.filters ?? DEFAULT_FILTERS
  const filters = readFilters(params) ?? viewFilters
  const search = params.get(ListParam.search) ?? ''

  return {
    viewId: activeView?.id ?? DEFAULT_VIEW_ID,
    activeView,
    filters,
    isModified: !sameFilters(filters, viewFilters),
    /** What the list is searched for (settled). */
    search,
    setSearch: (text: string) => setParams((current) => writeSearch(current, text), { replace: true }),
    selectView: (id: string) => setParams((current) => writeView(current, id), { replace: true }),
    setFilters: (next: TViewFilters) =>
      setParams((current) => writeFilters(current, next, viewFilters), { replace: true }),
    /** A view just saved from the list's filters: shown as it, its filters kept until it is read. */
    showSavedView: (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.set(ListParam.view, id)
          return next
        },
        { replace: true },
      ),
  }
}
