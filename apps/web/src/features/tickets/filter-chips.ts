import {
  type TViewCustomFieldFilter,
  type TViewFilters,
  ViewAssignee,
  ViewFieldOp,
  ViewMailbox,
} from '@parsedesk/contracts'
import { withCustomFieldFilter } from '@/features/views/custom-field-filters'
import { statusWords } from './ticket-tones'

/** One active filter as a removable chip: what it reads, and the filters once it is removed. */
export type TFilterChip = { id: string; label: string; without: TViewFilters }

/** Names for the ids a filter holds, as the workspace calls them. */
export type TFilterNames = {
  category: (key: string) => string
  group: (id: string) => string
  member: (id: string) => string
  mailbox: (id: string) => string
  /** A custom field's label by its key. */
  customField: (key: string) => string
}

/**
 * The list's active filters, each a chip that removes it (a tag at a time); the sort is not a filter and
 * has none. A view's own filters show too: removing one makes the list the member's own, to save or not.
 */
export function filterChips(filters: TViewFilters, names: TFilterNames): TFilterChip[] {
  const chips: TFilterChip[] = []
  const add = (id: string, label: string, patch: Partial<TViewFilters>) =>
    chips.push({ id, label, without: { ...filters, ...patch } })
  if (filters.status.length)
    add('status', `Status: ${filters.status.map(statusWords).join(', ')}`, { status: [] })
  if (filters.priority.length) add('priority', `Priority: ${filters.priority.join(', ')}`, { priority: [] })
  if (filters.category.length)
    add('category', `Category: ${filters.category.map(names.category).join(', ')}`, { category: [] })
  if (filters.hideSpam) add('spam', 'Spam hidden', { hideSpam: false })
  if (filters.assignee)
    add('assignee', `Assignee: ${assigneeName(filters.assignee, names)}`, { assignee: undefined })
  if (filters.groupId) add('group', `Group: ${names.group(filters.groupId)}`, { groupId: undefined })
  if (filters.requesterId) add('requester', 'One requester', { requesterId: undefined })
  if (filters.mailbox) {
    const mailbox =
      filters.mailbox === ViewMailbox.none ? 'Form (no mailbox)' : names.mailbox(filters.mailbox)
    add('mailbox', `Mailbox: ${mailbox}`, { mailbox: undefined })
  }
  for (const tag of filters.tags)
    add(`tag:${tag}`, `Tag: ${tag}`, { tags: filters.tags.filter((other) => other !== tag) })
  if (filters.createdFrom) add('from', `Created from ${filters.createdFrom}`, { createdFrom: undefined })
  if (filters.createdTo) add('to', `Created to ${filters.createdTo}`, { createdTo: undefined })
  for (const filter of filters.customFields ?? []) {
    chips.push({
      id: `field:${filter.key}`,
      label: `${names.customField(filter.key)}: ${customFieldWords(filter)}`,
      without: withCustomFieldFilter(filters, filter.key, undefined),
    })
  }
  return chips
}

/** What a custom field filter asks, in words: "pro, basic", "100 to 500", "from 2026-04-01", "up to 50". */
export function customFieldWords(filter: TViewCustomFieldFilter): string {
  if (filter.op === ViewFieldOp.equals) return filter.values.join(', ')
  if (filter.from !== undefined && filter.to !== undefined) {
    return filter.from === filter.to ? String(filter.from) : `${filter.from} to ${filter.to}`
  }
  return filter.from !== undefined ? `from ${filter.from}` : `up to ${filter.to}`
}

function assigneeName(assignee: string, names: TFilterNames): string {
  if (assignee === ViewAssignee.me) return 'Me'
  if (assignee === ViewAssignee.none) return 'Unassigned'
  return names.member(assignee)
}
