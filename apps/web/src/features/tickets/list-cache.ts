import { LIST_TOTAL_CAP, type TViewFilters } from '@parsedesk/contracts'
import { ticketMatchesView } from '@/features/views/view-match'
import { TICKET_LIST_ATTRIBUTES, type TTicketSummary } from './ticket-model'

/**
 * One page of a list: `total` is what the server counted (only the first page of a list that is not a
 * search asks for it; null when it was not counted), `hasMore` whether a next page may follow.
 */
export type TTicketPage = { documents: TTicketSummary[]; total: number | null; hasMore: boolean }
export type TTicketPages = { pages: TTicketPage[]; pageParams: unknown[] }

export type TTicketChange = { kind: 'create' | 'update' | 'delete'; ticket: TTicketSummary }

/**
 * What the list keeps of a ticket the socket or an answer sent whole (body and raw mail are megabytes, and
 * unused), with its workspace, which decides the lists it may enter.
 */
export function toSummary(document: Record<string, unknown>): TTicketSummary {
  return Object.fromEntries(
    [...TICKET_LIST_ATTRIBUTES, 'teamId', '$collectionId', '$databaseId', '$permissions', '$sequence'].map(
      (key) => [key, document[key]],
    ),
  ) as TTicketSummary
}

/** Urgency as the server sorts it: none < low < medium < high. */
const URGENCY: Record<string, number> = { low: 1, medium: 2, high: 3 }
const urgencyOf = (ticket: TTicketSummary) => URGENCY[ticket.priority ?? ''] ?? 0

/** Where a ticket goes among rows sorted as the view sorts them: before the first row it sorts before. */
function sortsBefore(ticket: TTicketSummary, row: TTicketSummary, sort: TViewFilters['sort']): boolean {
  if (sort === 'oldest') return ticket.$createdAt < row.$createdAt
  if (sort === 'priority' && urgencyOf(ticket) !== urgencyOf(row)) return urgencyOf(ticket) > urgencyOf(row)
  if (sort === 'updated') return ticket.$updatedAt >= row.$updatedAt
  if (sort === 'activity') return (ticket.lastActivityAt ?? '') >= (row.lastActivityAt ?? '')
  return ticket.$createdAt >= row.$createdAt
}

/**
 * Whether a change leaves the list's total unknown: an update or a deletion of a ticket past the loaded
 * pages may or may not have been in the list before (its earlier state is not here), so the total cannot be
 * moved and is read again. Counted as if it entered, thirty changes to older tickets made 120 read 150.
 */
export function leavesTotalUnknown(data: TTicketPages, change: TTicketChange): boolean {
  if (change.kind === 'create' || !data.pages.at(-1)?.hasMore) return false
  return !data.pages.some((page) => page.documents.some((row) => row.$id === change.ticket.$id))
}

/**
 * One realtime change applied to the cached pages of one list, in place: a row that matches is replaced
 * or inserted where the sort puts it (past the loaded pages it is left for "Load more"), one that no longer
 * matches is dropped, and the totals follow where they are known (`leavesTotalUnknown`). Returns the same
 * object when nothing changed.
 */
export function applyTicketChange(
  data: TTicketPages,
  change: TTicketChange,
  filters: TViewFilters,
  me: string,
): TTicketPages {
  const { ticket } = change
  const matches = change.kind !== 'delete' && ticketMatchesView(ticket, filters, me)
  const wasListed = data.pages.some((page) => page.documents.some((row) => row.$id === ticket.$id))
  if (!wasListed && !matches) return data
  const delta = leavesTotalUnknown(data, change) ? 0 : (wasListed ? -1 : 0) + (matches ? 1 : 0)
  const rows = data.pages.flatMap((page) => page.documents.filter((row) => row.$id !== ticket.$id))
  if (matches) {
    const at = rows.findIndex((row) => sortsBefore(ticket, row, filters.sort))
    const isEverythingLoaded = !data.pages.at(-1)?.hasMore
    if (at >= 0) rows.splice(at, 0, ticket)
    else if (isEverythingLoaded) rows.push(ticket)
  }
  // The rows are cut back into pages of the sizes they had, the first page taking what was inserted.
  let start = 0
  const pages = data.pages.map((page, index) => {
    const size = index === 0 ? page.documents.length + (rows.length - countRows(data)) : page.documents.length
    const documents = rows.slice(start, start + Math.max(size, 0))
    start += Math.max(size, 0)
    return { ...page, documents, total: nextTotal(page.total, delta) }
  })
  return { ...data, pages }
}

/** A count after one change: one the server stopped at its cap is "that many or more", and stays so. */
function nextTotal(total: number | null, delta: number): number | null {
  if (total === null || total >= LIST_TOTAL_CAP) return total
  return Math.max(total + delta, 0)
}

function countRows(data: TTicketPages): number {
  return data.pages.reduce((sum, page) => sum + page.documents.length, 0)
}

/**
 * How one change moves a view's count: +1 when the ticket enters it, -1 when it leaves, 0 otherwise.
 * `previous` is the ticket as a cached list last held it (null when it did not exist before).
 */
export function countDelta(
  previous: TTicketSummary | null,
  change: TTicketChange,
  filters: TViewFilters,
  me: string,
): number {
  const was = previous !== null && ticketMatchesView(previous, filters, me)
  const is = change.kind !== 'delete' && ticketMatchesView(change.ticket, filters, me)
  return (is ? 1 : 0) - (was ? 1 : 0)
}

/** A count after a change's delta; a count the server stopped at its cap stays "that many or more". */
export function nextCount(count: number, delta: number): number {
  return nextTotal(count, delta) ?? count
}
