import { z } from 'zod'
import { ZCustomFieldKey } from './templates'
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

export const ViewLimits = {
  name: 60,
  perMember: 50,
  categories: 50,
  /** Custom fields one view filters on, and values one of them may equal. */
  customFields: 10,
  fieldValues: 20,
  fieldValue: 200,
} as const

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'is a day such as 2026-11-25')

/** How a view compares a custom field: equal to any of some values (every type), or within a range. */
export const ViewFieldOp = { equals: 'equals', range: 'range' } as const

export const ViewFieldMessages = {
  rangeNeedsBound: 'A range needs a lowest or a highest value',
  rangeMixed: 'A range is between two numbers or two days (YYYY-MM-DD)',
  rangeOrder: 'The lowest value of a range comes before its highest',
  fieldTwice: 'Each custom field is filtered once in a view',
  rangeType: (key: string) =>
    `The custom field "${key}" is neither a number nor a date: it can only be equal`,
  boundType: (key: string, type: string) =>
    `The range on "${key}" needs ${type === 'number' ? 'numbers' : 'days (YYYY-MM-DD)'}`,
} as const

/** A value a custom field is compared with: a text (a day as YYYY-MM-DD, a choice's option value) or a number. */
export const ZViewFieldValue = z.union([z.string().min(1).max(ViewLimits.fieldValue), z.number().finite()])
/** One end of a range: a number (a number field) or a day (a date field, stored as YYYY-MM-DD). */
export const ZViewFieldBound = z.union([z.number().finite(), ZDay])

/**
 * A view's filter on one custom field, by its key (`customFields.<key>` in the documents API): `equals` any
 * of `values`, or `range` from `from` to `to`, both included, either left open. Whether the key is one of
 * the workspace's fields and the values fit its type is the server's to check when the view is saved.
 */
export const ZViewCustomFieldFilter = z.discriminatedUnion('op', [
  z
    .object({
      key: ZCustomFieldKey,
      op: z.literal(ViewFieldOp.equals),
      values: z.array(ZViewFieldValue).min(1).max(ViewLimits.fieldValues),
    })
    .strict(),
  z
    .object({
      key: ZCustomFieldKey,
      op: z.literal(ViewFieldOp.range),
      from: ZViewFieldBound.optional(),
      to: ZViewFieldBound.optional(),
    })
    .strict()
    .superRefine(({ from, to }, context) => {
      if (from === undefined && to === undefined)
        context.addIssue({ code: 'custom', path: ['from'], message: ViewFieldMessages.rangeNeedsBound })
      else if (from !== undefined && to !== undefined) {
        if (typeof from !== typeof to)
          context.addIssue({ code: 'custom', path: ['to'], message: ViewFieldMessages.rangeMixed })
        else if (from > to)
          context.addIssue({ code: 'custom', path: ['to'], message: ViewFieldMessages.rangeOrder })
      }
    }),
])
export type TViewCustomFieldFilter = z.infer<typeof ZViewCustomFieldFilter>

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
    /** Every one must hold; missing (not an empty list) when the view has none, so views compare alike. */
    customFields: z
      .array(ZViewCustomFieldFilter)
      .min(1)
      .max(ViewLimits.customFields)
      .refine(
        (filters) => new Set(filters.map((filter) => filter.key)).size === filters.length,
        ViewFieldMessages.fieldTwice,
      )
      .optional(),
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
