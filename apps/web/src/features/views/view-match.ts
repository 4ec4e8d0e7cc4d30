import {
  SPAM_CATEGORY,
  type TCustomFieldValues,
  type TViewFilters,
  ViewAssignee,
  ViewMailbox,
} from '@parsedesk/contracts'
import { matchesCustomFields } from './custom-field-filters'
import { startOfLocalDay } from './view-queries'

/** What a ticket must carry for a view to be decided on the client (the list's attributes hold it). */
export type TMatchableTicket = {
  $createdAt: string
  status: string
  priority?: string | null
  category?: string | null
  assigneeId?: string | null
  groupId?: string | null
  requesterId?: string | null
  mailboxId?: string | null
  tags?: readonly string[]
  customFields?: TCustomFieldValues
}

/**
 * Whether a ticket belongs in a view, by the same rules `viewQueries` asks the server: a realtime event
 * moves a row into or out of the open list with no new request.
 */
export function ticketMatchesView(ticket: TMatchableTicket, filters: TViewFilters, me: string): boolean {
  if (filters.status.length && !filters.status.includes(ticket.status as never)) return false
  if (filters.priority.length && !filters.priority.includes(ticket.priority as never)) return false
  if (filters.category.length && !filters.category.includes(ticket.category ?? '')) return false
  if (filters.hideSpam && ticket.category === SPAM_CATEGORY) return false
  const assignee = ticket.assigneeId ?? null
  if (filters.assignee === ViewAssignee.me && assignee !== me) return false
  if (filters.assignee === ViewAssignee.none && assignee !== null) return false
  if (
    filters.assignee &&
    filters.assignee !== ViewAssignee.me &&
    filters.assignee !== ViewAssignee.none &&
    assignee !== filters.assignee
  ) {
    return false
  }
  if (filters.groupId && ticket.groupId !== filters.groupId) return false
  if (filters.requesterId && ticket.requesterId !== filters.requesterId) return false
  if (filters.mailbox) {
    const mailbox = filters.mailbox === ViewMailbox.none ? null : filters.mailbox
    if ((ticket.mailboxId ?? null) !== mailbox) return false
  }
  if (filters.tags.length && !filters.tags.some((tag) => ticket.tags?.includes(tag))) return false
  const created = new Date(ticket.$createdAt).getTime()
  if (filters.createdFrom && created < startOfLocalDay(filters.createdFrom).getTime()) return false
  if (filters.createdTo) {
    const end = startOfLocalDay(filters.createdTo)
    end.setDate(end.getDate() + 1)
    if (created >= end.getTime()) return false
  }
  return matchesCustomFields(ticket.customFields, filters)
}
