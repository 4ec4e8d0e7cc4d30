import { z } from 'zod'
import { isWithinJsonDepth, jsonByteLength, MAX_JSON_DEPTH } from './json-limits'

export const TicketStatus = { open: 'open', inProgress: 'in-progress', closed: 'closed' } as const
export const TICKET_STATUSES = ['open', 'in-progress', 'closed'] as const
export type TTicketStatus = (typeof TICKET_STATUSES)[number]

export const TICKET_PRIORITIES = ['high', 'medium', 'low'] as const
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number]

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
} as const

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
  rawJson: ZRawJson.nullable(),
  processing_status: z.enum(PROCESSING_STATUSES),
  description: z.string().max(TicketLimits.description).nullable(),
  category: z.string().max(100).nullable(),
  processing_error: z.string().max(2000).nullable(),
})
export type TTicketAttributes = z.infer<typeof ZTicketAttributes>

/** What the server sets on every new ticket, whoever files it (the form, mail, later the agents). */
export const TICKET_DEFAULTS = {
  status: TicketStatus.open,
  priority: null,
  processing_status: ProcessingStatus.waiting,
  description: null,
  category: null,
  processing_error: null,
} as const satisfies Partial<TTicketAttributes>

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
