import type { TViewFilters } from '@parsedesk/contracts'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { TListView } from '@/features/views/components/views-bar'
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

/** Typing settles this long before the list is searched (and the address follows). */
export const SEARCH_DELAY_MS = 250

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

  // The search box answers every key at once; the list and the address follow once typing settles.
  const [searchText, setSearchText] = useState(search)
  const written = useRef(search)
  useEffect(() => {
    if (searchText === search) return
    const timer = setTimeout(() => {
      written.current = searchText
      setParams((current) => writeSearch(current, searchText), { replace: true })
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [searchText, search, setParams])
  // An address changed from elsewhere (Back, a link) brings its search into the box; the box's own
  // search coming back through the address leaves alone what was typed since.
  const [heldSearch, setHeldSearch] = useState(search)
  if (search !== heldSearch) {
    setHeldSearch(search)
    if (search !== written.current) setSearchText(search)
  }

  return {
    viewId: activeView?.id ?? DEFAULT_VIEW_ID,
    activeView,
    filters,
    isModified: !sameFilters(filters, viewFilters),
    /** What the list is searched for (settled). */
    search,
    /** What the search box shows. */
    searchText,
    setSearchText,
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
