import { z } from 'zod'
import { CategoryKey } from './ticket-categories'
import { TICKET_PRIORITIES, TICKET_STATUSES, TicketLimits, TicketStatus, type TTicketStatus } from './tickets'

/** Who a view's tickets are assigned to: the member looking, nobody, or one member (a user id). */
export const ViewAssignee = { me: 'me', none: 'none' } as const

/**
 * Where a view's tickets came in: `none` for the form's and the API's (no mailbox), or a ticket's
 * `mailboxId` (the parsing mailbox's id or an IMAP account's).
 */
export const ViewMailbox = { none: 'none' } as const

export const VIEW_SORTS = ['newest', 'oldest', 'updated', 'priority', 'activity'] as const
export type TViewSort = (typeof VIEW_SORTS)[number]
export const ViewSortLabels: Record<TViewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  updated: 'Recently updated',
  priority: 'Most urgent first',
  activity: 'Last activity',
}

export const ViewLimits = { name: 60, perMember: 50, categories: 50 } as const

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'is a day such as 2026-11-25')

/**
 * What a ticket list shows: every field empty or missing means "any". Lists of values match any of
 * them; a view keeps its spam out with `hideSpam` (the "open" views do, so marketing mail never waits
 * in an agent's queue).
 */
export const ZViewFilters = z
  .object({
    status: z.array(z.enum(TICKET_STATUSES)).max(TICKET_STATUSES.length).default([]),
    priority: z.array(z.enum(TICKET_PRIORITIES)).max(TICKET_PRIORITIES.length).default([]),
    category: z.array(z.string().min(1).max(TicketLimits.category)).max(ViewLimits.categories).default([]),
    assignee: z.union([z.enum([ViewAssignee.me, ViewAssignee.none]), z.string().min(1).max(36)]).optional(),
    groupId: z.string().min(1).max(36).optional(),
    tags: z
      .array(z.string().trim().toLowerCase().min(1).max(TicketLimits.tag))
      .max(TicketLimits.tags)
      .default([]),
    requesterId: z.string().min(1).max(36).optional(),
    mailbox: z.union([z.literal(ViewMailbox.none), z.string().min(1).max(36)]).optional(),
    createdFrom: ZDay.optional(),
    createdTo: ZDay.optional(),
    hideSpam: z.boolean().default(false),
    sort: z.enum(VIEW_SORTS).default('newest'),
  })
  .strict()
export type TViewFilters = z.infer<typeof ZViewFilters>
export type TViewFiltersInput = z.input<typeof ZViewFilters>

/** A member's saved view: their own, or shared with every member of the workspace. */
export const ZViewAttributes = z.object({
  /** The workspace whose tickets it lists. */
  teamId: z.string().max(36),
  /** The member who saved it: the only one who changes or deletes it. */
  userId: z.string(),
  name: z.string().trim().min(1, 'Please name the view').max(ViewLimits.name),
  filters: ZViewFilters,
  shared: z.boolean(),
})
export type TViewAttributes = z.infer<typeof ZViewAttributes>

/** What a member sends to save a view; the server fills in who saved it. */
export const ZViewCreate = ZViewAttributes.pick({ teamId: true, name: true, filters: true, shared: true })
export type TViewCreate = z.infer<typeof ZViewCreate>

/**
 * A ticket an agent works now: not waiting on the customer (pending) or a third party (on-hold), not done.
 * The same statuses the server's view indexes serve (docs/api.md, decision 018).
 */
export const OPEN_TICKET_STATUSES: readonly TTicketStatus[] = [TicketStatus.open, TicketStatus.inProgress]

export const BuiltInViewId = {
  all: 'all',
  myOpen: 'my-open',
  unassigned: 'unassigned',
  allOpen: 'all-open',
  pending: 'pending',
  closed: 'closed',
} as const
export type TBuiltInViewId = (typeof BuiltInViewId)[keyof typeof BuiltInViewId]

const NO_FILTERS: TViewFilters = {
  status: [],
  priority: [],
  category: [],
  tags: [],
  hideSpam: false,
  sort: 'newest',
}

/**
 * The views every workspace has; the spam category is left out of the three "open" ones. "All tickets"
 * is the seed's list (everything, newest first) and the dashboard's first view.
 */
export const BUILT_IN_VIEWS: readonly { id: TBuiltInViewId; name: string; filters: TViewFilters }[] = [
  { id: BuiltInViewId.all, name: 'All tickets', filters: NO_FILTERS },
  {
    id: BuiltInViewId.myOpen,
    name: 'My open',
    filters: { ...NO_FILTERS, status: [...OPEN_TICKET_STATUSES], assignee: ViewAssignee.me, hideSpam: true },
  },
  {
    id: BuiltInViewId.unassigned,
    name: 'Unassigned',
    filters: {
      ...NO_FILTERS,
      status: [...OPEN_TICKET_STATUSES],
      assignee: ViewAssignee.none,
      hideSpam: true,
    },
  },
  {
    id: BuiltInViewId.allOpen,
    name: 'All open',
    filters: { ...NO_FILTERS, status: [...OPEN_TICKET_STATUSES], hideSpam: true },
  },
  { id: BuiltInViewId.pending, name: 'Pending', filters: { ...NO_FILTERS, status: [TicketStatus.pending] } },
  { id: BuiltInViewId.closed, name: 'Closed', filters: { ...NO_FILTERS, status: [TicketStatus.closed] } },
]

/** The category the open views leave out. */
export const SPAM_CATEGORY = CategoryKey.spam
