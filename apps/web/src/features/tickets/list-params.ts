import {
  BUILT_IN_VIEWS,
  BuiltInViewId,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TViewFilters,
  type TViewSort,
  VIEW_SORTS,
  ZViewFilters,
} from '@parsedesk/contracts'

/**
 * The list's state as the address bar keeps it, so a link, a reload or Back shows the same list:
 * `view` (left out for "All tickets"), `q` (the search), and the filters only where they differ from the
 * view's. The sort is always written with them, so its presence says the filters are the list's own.
 */
export const ListParam = {
  view: 'view',
  search: 'q',
  status: 'status',
  priority: 'priority',
  category: 'category',
  tags: 'tag',
  assignee: 'assignee',
  groupId: 'group',
  requesterId: 'requester',
  mailbox: 'mailbox',
  createdFrom: 'from',
  createdTo: 'to',
  hideSpam: 'spam',
  /** The custom field filters as the contract's JSON: a number stays a number, a day a day. */
  customFields: 'fields',
  sort: 'sort',
} as const

const HIDE_SPAM = 'hide'
const LIST_KEYS = ['status', 'priority', 'category', 'tags'] as const
const TEXT_KEYS = ['assignee', 'groupId', 'requesterId', 'mailbox', 'createdFrom', 'createdTo'] as const
const FILTER_PARAMS: readonly string[] = Object.entries(ListParam)
  .filter(([key]) => key !== 'view' && key !== 'search')
  .map(([, param]) => param)

export const DEFAULT_VIEW_ID = BuiltInViewId.all
export const DEFAULT_FILTERS = (
  BUILT_IN_VIEWS.find((view) => view.id === DEFAULT_VIEW_ID) as { filters: TViewFilters }
).filters

/** Whatever order the fields came in (a saved view's from the server, the address's), and unset as missing. */
function canonical(filters: TViewFilters): string {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined)
  return JSON.stringify(
    entries.sort(([a], [b]) => a.localeCompare(b)),
    sortedKeys,
  )
}

/** Objects inside the filters (a custom field's) with their keys in one order: the server's jsonb reorders them. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
}

export function sameFilters(a: TViewFilters, b: TViewFilters): boolean {
  return canonical(a) === canonical(b)
}

function oneOf<T extends string>(allowed: readonly T[], values: readonly string[]): T[] {
  return values.filter((value): value is T => (allowed as readonly string[]).includes(value))
}

/** The filters the address holds, or undefined when it holds none (the view's own then apply). */
export function readFilters(params: URLSearchParams): TViewFilters | undefined {
  const sort = params.get(ListParam.sort)
  if (!sort || !(VIEW_SORTS as readonly string[]).includes(sort)) return undefined
  const filters: TViewFilters = {
    status: oneOf(TICKET_STATUSES, params.getAll(ListParam.status)),
    priority: oneOf(TICKET_PRIORITIES, params.getAll(ListParam.priority)),
    category: params.getAll(ListParam.category),
    tags: params.getAll(ListParam.tags),
    hideSpam: params.get(ListParam.hideSpam) === HIDE_SPAM,
    sort: sort as TViewSort,
  }
  for (const key of TEXT_KEYS) {
    const value = params.get(ListParam[key])
    if (value) filters[key] = value
  }
  const customFields = readCustomFields(params.get(ListParam.customFields))
  if (customFields) filters.customFields = customFields
  return filters
}

/** The address's custom field filters, if they are the contract's; an edited address's bad ones are left out. */
function readCustomFields(written: string | null): TViewFilters['customFields'] {
  if (!written) return undefined
  try {
    const parsed = ZViewFilters.shape.customFields.safeParse(JSON.parse(written))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The address with `filters` written in place of any it held; none at all when they are the view's. */
export function writeFilters(
  params: URLSearchParams,
  filters: TViewFilters,
  viewFilters: TViewFilters,
): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const param of FILTER_PARAMS) next.delete(param)
  if (sameFilters(filters, viewFilters)) return next
  for (const key of LIST_KEYS) for (const value of filters[key]) next.append(ListParam[key], value)
  for (const key of TEXT_KEYS) {
    const value = filters[key]
    if (value) next.set(ListParam[key], value)
  }
  if (filters.hideSpam) next.set(ListParam.hideSpam, HIDE_SPAM)
  if (filters.customFields?.length) next.set(ListParam.customFields, JSON.stringify(filters.customFields))
  next.set(ListParam.sort, filters.sort)
  return next
}

/** The address showing the view `viewId` as saved: its filters, not the ones of the view before. */
export function writeView(params: URLSearchParams, viewId: string): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const param of FILTER_PARAMS) next.delete(param)
  if (viewId === DEFAULT_VIEW_ID) next.delete(ListParam.view)
  else next.set(ListParam.view, viewId)
  return next
}

export function writeSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params)
  if (search) next.set(ListParam.search, search)
  else next.delete(ListParam.search)
  return next
}
