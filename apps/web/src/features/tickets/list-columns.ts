import type { TViewSort } from '@parsedesk/contracts'

/**
 * The list's columns, in the order they show. The spec's seven (ID, Subject, Email, Status, Priority,
 * Processing, Created) are every member's to start with; the triager's (requester by name, assignee,
 * group, category, SLA, last activity) are chosen per member and remembered.
 */
export const LIST_COLUMNS = [
  { key: 'id', label: 'ID', isSpec: true },
  { key: 'subject', label: 'Subject', isSpec: true },
  { key: 'requester', label: 'Requester', isSpec: false },
  { key: 'email', label: 'Email', isSpec: true },
  { key: 'assignee', label: 'Assignee', isSpec: false },
  { key: 'group', label: 'Group', isSpec: false },
  { key: 'category', label: 'Category', isSpec: false },
  { key: 'status', label: 'Status', isSpec: true },
  { key: 'priority', label: 'Priority', isSpec: true },
  { key: 'sla', label: 'SLA', isSpec: false },
  { key: 'processing', label: 'Processing', isSpec: true },
  { key: 'activity', label: 'Last activity', isSpec: false },
  { key: 'created', label: 'Created', isSpec: true },
] as const

export type TListColumnKey = (typeof LIST_COLUMNS)[number]['key']

/** Always shown: without them a row cannot be told apart or opened. */
export const FIXED_COLUMNS: readonly TListColumnKey[] = ['id', 'subject']

export const DEFAULT_COLUMNS: readonly TListColumnKey[] = LIST_COLUMNS.filter((column) => column.isSpec).map(
  (column) => column.key,
)

const KNOWN = new Set<string>(LIST_COLUMNS.map((column) => column.key))

/** A stored choice read back: unknown keys dropped, the fixed ones kept, in the list's order. */
export function readColumns(stored: unknown): TListColumnKey[] {
  if (!Array.isArray(stored)) return [...DEFAULT_COLUMNS]
  const chosen = new Set(stored.filter((key): key is TListColumnKey => KNOWN.has(key)))
  for (const key of FIXED_COLUMNS) chosen.add(key)
  return LIST_COLUMNS.map((column) => column.key).filter((key) => chosen.has(key))
}

export function toggleColumn(columns: readonly TListColumnKey[], key: TListColumnKey): TListColumnKey[] {
  if (FIXED_COLUMNS.includes(key)) return [...columns]
  return readColumns(columns.includes(key) ? columns.filter((column) => column !== key) : [...columns, key])
}

/**
 * The sorts a header offers, first the one a click chooses: Created flips between newest and oldest;
 * Priority is most urgent first and Last activity most recent first, the server's one order for each.
 */
const HEADER_SORTS: Partial<Record<TListColumnKey, readonly TViewSort[]>> = {
  created: ['newest', 'oldest'],
  priority: ['priority'],
  activity: ['activity'],
}

export function isSortable(key: TListColumnKey): boolean {
  return key in HEADER_SORTS
}

/** The sort a click on a header asks for: its first, or its next when it already sorts the list. */
export function sortAfterClick(key: TListColumnKey, current: TViewSort): TViewSort {
  const sorts = HEADER_SORTS[key] ?? []
  const at = sorts.indexOf(current)
  return sorts[at < 0 ? 0 : (at + 1) % sorts.length] ?? current
}

/** `aria-sort` of a header: which way the list is sorted by its column, if it is. */
export function ariaSortOf(key: TListColumnKey, sort: TViewSort): 'ascending' | 'descending' | undefined {
  if (!HEADER_SORTS[key]?.includes(sort)) return undefined
  return sort === 'oldest' ? 'ascending' : 'descending'
}
