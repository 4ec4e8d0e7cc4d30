import { AppError } from '../core/app-error'
import { LIST_LIMIT_DEFAULT, parseQueryStrings } from '../documents/queries'
import type { TListWindow } from './team-repository'

const MAX_LIMIT = 100
const MAX_SEARCH = 256
const ORDER_COLUMNS: Record<string, TListWindow['order']['column']> = {
  $createdAt: 'created_at',
  name: 'name',
}

/**
 * The queries the Teams API takes on its lists: limit (at most 100), offset, and one order by
 * `$createdAt` or `name`; anything else is refused, as an unknown query is by the documents API.
 */
export function parseListWindow(options: { queries: unknown; search: unknown }): TListWindow {
  const window: TListWindow = {
    limit: LIST_LIMIT_DEFAULT,
    offset: 0,
    order: { column: 'created_at', direction: 'asc' },
    search: typeof options.search === 'string' ? options.search.trim().slice(0, MAX_SEARCH) : '',
  }
  for (const query of parseQueryStrings(options.queries)) {
    const value = query.values?.[0]
    if (query.method === 'limit' || query.method === 'offset') {
      const max = query.method === 'limit' ? MAX_LIMIT : Number.MAX_SAFE_INTEGER
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < (query.method === 'limit' ? 1 : 0) ||
        value > max
      ) {
        throw AppError.invalidQuery(`Invalid query: ${query.method} must be an integer up to ${max}`)
      }
      window[query.method] = value
    } else if (query.method === 'orderAsc' || query.method === 'orderDesc') {
      const column = ORDER_COLUMNS[query.attribute ?? '']
      if (!column)
        throw AppError.invalidQuery(`Invalid query: cannot order by ${query.attribute ?? 'nothing'}`)
      window.order = { column, direction: query.method === 'orderAsc' ? 'asc' : 'desc' }
    } else {
      throw AppError.invalidQuery(`Invalid query: ${query.method} is not supported on this list`)
    }
  }
  return window
}
