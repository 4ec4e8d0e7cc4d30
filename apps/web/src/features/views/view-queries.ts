import {
  SPAM_CATEGORY,
  type TViewFilters,
  type TViewSort,
  ViewAssignee,
  ViewMailbox,
} from '@parsedesk/contracts'
import { Query } from 'appwrite'
import { customFieldQueries } from './custom-field-filters'

/** The search-only attribute of tickets: subject, first mail and every message of the conversation (docs/api.md). */
export const TICKET_SEARCH_ATTRIBUTE = 'text'

const ORDERS: Record<TViewSort, () => string> = {
  newest: () => Query.orderDesc('$createdAt'),
  oldest: () => Query.orderAsc('$createdAt'),
  updated: () => Query.orderDesc('$updatedAt'),
  // The server sorts priority by urgency (none < low < medium < high), not by its letters.
  priority: () => Query.orderDesc('priority'),
  activity: () => Query.orderDesc('lastActivityAt'),
}

/** The start of a day (YYYY-MM-DD) in the viewer's time zone, as the server's dates are compared. */
export function startOfLocalDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date)
}

function nextLocalDay(day: string): Date {
  const start = startOfLocalDay(day)
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1)
}

/**
 * A view's filters as SDK queries (the order last). `me` is the member looking, for "assigned to me".
 * A ticket with any of the tags is listed.
 */
export function viewQueries(filters: TViewFilters, me: string): string[] {
  const queries: string[] = []
  if (filters.status.length) queries.push(Query.equal('status', [...filters.status]))
  if (filters.priority.length) queries.push(Query.equal('priority', [...filters.priority]))
  if (filters.category.length) queries.push(Query.equal('category', [...filters.category]))
  if (filters.hideSpam) queries.push(Query.notEqual('category', SPAM_CATEGORY))
  if (filters.assignee === ViewAssignee.me) queries.push(Query.equal('assigneeId', me))
  else if (filters.assignee === ViewAssignee.none) queries.push(Query.isNull('assigneeId'))
  else if (filters.assignee) queries.push(Query.equal('assigneeId', filters.assignee))
  if (filters.groupId) queries.push(Query.equal('groupId', filters.groupId))
  if (filters.requesterId) queries.push(Query.equal('requesterId', filters.requesterId))
  if (filters.mailbox === ViewMailbox.none) queries.push(Query.isNull('mailboxId'))
  else if (filters.mailbox) queries.push(Query.equal('mailboxId', filters.mailbox))
  if (filters.tags.length) queries.push(Query.contains('tags', [...filters.tags]))
  if (filters.createdFrom) {
    queries.push(Query.greaterThanEqual('$createdAt', startOfLocalDay(filters.createdFrom).toISOString()))
  }
  if (filters.createdTo) {
    queries.push(Query.lessThan('$createdAt', nextLocalDay(filters.createdTo).toISOString()))
  }
  queries.push(...customFieldQueries(filters))
  queries.push(ORDERS[filters.sort]())
  return queries
}

/** `#42`: what an agent types to reach ticket 42, as the ticket's page and its mail say it. */
const TICKET_NUMBER_SEARCH = /^#(\d{1,9})$/

/**
 * What the search box adds to a view's queries: nothing for blank text or punctuation alone; the ticket of
 * that number for `#42`; otherwise the words, matched in the whole conversation and who asked.
 */
export function searchQueries(text: string): string[] {
  const words = text.trim()
  const number = TICKET_NUMBER_SEARCH.exec(words)?.[1]
  if (number) return [Query.equal('number', Number(number))]
  // The server refuses a search without a letter or digit; such text filters nothing.
  return /[\p{L}\p{N}]/u.test(words) ? [Query.search(TICKET_SEARCH_ATTRIBUTE, words)] : []
}
