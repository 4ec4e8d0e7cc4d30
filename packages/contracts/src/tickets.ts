import { z } from 'zod'
import { ZTicketAnalysisRecord } from './analysis'
import { isWithinJsonDepth, jsonByteLength, MAX_JSON_DEPTH } from './json-limits'
import { ZCustomFieldValues, ZTicketExtraction } from './templates'
import { TICKET_PRIORITIES } from './ticket-priorities'

/**
 * The seed's three, and the two a ticket waits in: `pending` on the customer, `on-hold` on a third party.
 * A customer's mail moves a pending, on-hold or closed ticket back to open.
 */
export const TicketStatus = {
  open: 'open',
  inProgress: 'in-progress',
  pending: 'pending',
  onHold: 'on-hold',
  closed: 'closed',
} as const
export const TICKET_STATUSES = ['open', 'in-progress', 'pending', 'on-hold', 'closed'] as const
export type TTicketStatus = (typeof TICKET_STATUSES)[number]

/** Where a customer's new mail finds a ticket waiting or done: it moves to open. */
export const STATUSES_OPENED_BY_CUSTOMER_MAIL: readonly TTicketStatus[] = [
  TicketStatus.pending,
  TicketStatus.onHold,
  TicketStatus.closed,
]

export { TICKET_PRIORITIES, type TTicketPriority } from './ticket-priorities'

export const ProcessingStatus = {
  waiting: 'waiting',
  processing: 'processing',
  completed: 'completed',
  failed: 'failed',
} as const
export const PROCESSING_STATUSES = ['waiting', 'processing', 'completed', 'failed'] as const
export type TProcessingStatus = (typeof PROCESSING_STATUSES)[number]

/**
 * Limits on what one ticket may hold, so one request cannot bloat the database or every answer that
 * carries the ticket. Texts in characters; rawJson in bytes of its JSON text, as stored and sent.
 */
export const TicketLimits = {
  email: 320,
  subject: 998,
  body: 1_000_000,
  rawJson: 5_000_000,
  description: 20_000,
  category: 100,
  tag: 40,
  tags: 20,
  /** Addresses copied on a ticket's replies. */
  cc: 20,
} as const

export const TicketMessages = {
  tagLength: `A tag is 1 to ${TicketLimits.tag} characters`,
  tooManyTags: `A ticket has at most ${TicketLimits.tags} tags`,
  assigneeNotMember: 'must be a confirmed member of the ticket’s workspace',
  ccAddress: 'A copy goes to a plain email address such as ada@example.com',
  tooManyCc: `A ticket copies at most ${TicketLimits.cc} addresses`,
} as const

/**
 * An agent's labels on a ticket: trimmed, lower-case (so "Billing" and "billing" are one tag, as a filter
 * by tag expects), each once, in the order given.
 */
export const ZTicketTags = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .min(1, TicketMessages.tagLength)
      .max(TicketLimits.tag, TicketMessages.tagLength),
  )
  .max(TicketLimits.tags, TicketMessages.tooManyTags)
  .transform((tags) => [...new Set(tags)])

/** The addresses a ticket's replies are copied to: trimmed, lower-case, each once, in the order given. */
export const ZTicketCc = z
  .array(z.string().trim().toLowerCase().pipe(z.email(TicketMessages.ccAddress).max(TicketLimits.email)))
  .max(TicketLimits.cc, TicketMessages.tooManyCc)
  .transform((addresses) => [...new Set(addresses)])

/** The raw source payload, a string or an object, bounded as JSON in size and depth on every path. */
export const ZRawJson = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  // Stops here when too deep: measuring such a value would overflow JSON.stringify's stack.
  .refine((value) => isWithinJsonDepth(value), {
    message: `is nested more than ${MAX_JSON_DEPTH} levels deep`,
    abort: true,
  })
  .refine(
    (value) => jsonByteLength(value) <= TicketLimits.rawJson,
    `is more than ${TicketLimits.rawJson.toLocaleString('en-US')} bytes as JSON`,
  )

/** The ticket's attributes as stored (system fields `$id`, `$createdAt`... are added by the server). */
export const ZTicketAttributes = z.object({
  email: z.string().max(TicketLimits.email),
  subject: z.string().max(TicketLimits.subject),
  body: z.string().max(TicketLimits.body),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  userId: z.string(),
  /** The workspace the ticket belongs to: its members read and work it. */
  teamId: z.string(),
  /** The ticket's number in its workspace (1, 2, 3... shown as `#1042`), given by the database on insert. */
  number: z.number().int(),
  rawJson: ZRawJson.nullable(),
  processing_status: z.enum(PROCESSING_STATUSES),
  description: z.string().max(TicketLimits.description).nullable(),
  /** The analysis as data, written with the description (its lines for people): null until analysed. */
  analysis: ZTicketAnalysisRecord.nullable(),
  category: z.string().max(TicketLimits.category).nullable(),
  processing_error: z.string().max(2000).nullable(),
  /** The member working the ticket (a user id); always a confirmed member of its workspace when set. */
  assigneeId: z.string().max(36).nullable(),
  tags: ZTicketTags,
  /** The group of members the ticket is routed to (e.g. Billing), inside its workspace. */
  groupId: z.string().max(36).nullable(),
  /** Who else gets the ticket's replies, besides its requester. */
  cc: ZTicketCc,
  /** The contact who asked: the sender of the first mail, or whom an agent made it. */
  requesterId: z.string().max(36).nullable(),
  /** Set on a duplicate merged into another ticket: the ticket that carries on its conversation. */
  mergedIntoId: z.string().max(36).nullable(),
  /**
   * Where the ticket came in, set by the server when it is filed: the IMAP account (`imapAccounts`) its
   * first mail was fetched from, the workspace's parsing mailbox (`mailboxes`) for mail to its address by
   * SMTP or a webhook; null for a ticket filed by the form or the API (decision 022).
   */
  mailboxId: z.string().max(36).nullable(),
  /**
   * When the conversation or the state last moved: a customer's mail, a reply, a note, a status change
   * (not a tag, the analysis or an assignment). Kept by the database (migration 041, decision 044).
   */
  lastActivityAt: z.iso.datetime({ offset: true }),
  /** The workspace's custom fields by key (`custom_fields`): a template fills them, a member edits them. */
  customFields: ZCustomFieldValues,
  /** What the workspace's templates read from the first mail (issue 26); null when it had none enabled. */
  extraction: ZTicketExtraction.nullable(),
})
export type TTicketAttributes = z.infer<typeof ZTicketAttributes>

/** What the server sets on every new ticket, whoever files it (the form, mail, later the agents). */
export const TICKET_DEFAULTS = {
  status: TicketStatus.open,
  priority: null,
  processing_status: ProcessingStatus.waiting,
  description: null,
  analysis: null,
  category: null,
  processing_error: null,
  assigneeId: null,
  tags: [],
  groupId: null,
  cc: [],
  requesterId: null,
  mergedIntoId: null,
  mailboxId: null,
  customFields: {},
  extraction: null,
} as const satisfies Partial<TTicketAttributes>

/** The fields an agent works and the event log follows (`ticket_events`), with their values on a ticket. */
export type TTicketWorkflowFields = Pick<
  TTicketAttributes,
  'status' | 'priority' | 'category' | 'assigneeId' | 'tags'
>

/** What the dashboard form sends; the server fills the rest. */
export const ZTicketCreate = z.object({
  email: z.string().max(TicketLimits.email),
  subject: z.string().max(TicketLimits.subject),
  body: z.string().max(TicketLimits.body),
})
export type TTicketCreate = z.infer<typeof ZTicketCreate>

export type TTicket = TTicketAttributes & {
  $id: string
  $sequence: string
  $collectionId: string
  $databaseId: string
  $createdAt: string
  $updatedAt: string
  $permissions: string[]
}
