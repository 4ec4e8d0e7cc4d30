import {
  CollectionId,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketLimits,
  ZTicketAttributes,
  ZTicketCc,
  ZTicketCreate,
  ZTicketTags,
} from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../core/app-error'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentWriter } from '../documents/collection'
import type { TPermission } from '../documents/permissions'
import type { TAttributeColumns, TFullTextAttributes } from '../documents/queries'
import { WorkspacePermissions } from '../teams/workspace-access'

const COLUMNS = attributeColumns(ZTicketAttributes)
export const TICKET_ATTRIBUTES: TAttributeColumns = {
  ...COLUMNS,
  // By urgency (migration 024's rank), not by the letters of high, low, medium.
  priority: { ...COLUMNS.priority!, order: { column: 'priority_rank', isNullable: false } },
}

/**
 * `Query.search('text', words)`: the words of a ticket's subject, first mail and every message of its
 * conversation (migration 024 keeps them in `ticket_search`, decision 018).
 */
export const TICKET_FULL_TEXT: TFullTextAttributes = {
  text: (tsquery) => `id in (select ticket_id from ticket_search where document @@ ${tsquery})`,
}

/**
 * Fields only the server writes: a client may send them (the spec's form does, and a client that sends back
 * the whole ticket it read does) but never decides them.
 * The category is the analyser's on create; an agent may correct it afterwards (decision 013).
 */
const SERVER_OWNED = [
  'userId',
  'number',
  'processing_status',
  'description',
  'processing_error',
  'mergedIntoId',
  'mailboxId',
  'analysis',
] as const
/** Chosen once, when the ticket is filed (and checked then): a ticket never moves to another workspace. */
const FIXED_AFTER_CREATE = ['teamId'] as const

const ZTicketClientCreate = ZTicketCreate.extend({
  email: ZTicketCreate.shape.email.min(1, 'Please fill in all fields'),
  subject: ZTicketCreate.shape.subject.min(1, 'Please fill in all fields'),
  body: ZTicketCreate.shape.body.min(1, 'Please fill in all fields'),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).nullable().optional(),
  rawJson: ZTicketAttributes.shape.rawJson.optional(),
  userId: z.string().optional(),
  teamId: z.string().max(36).optional(),
  number: z.number().int().optional(),
  assigneeId: ZTicketAttributes.shape.assigneeId.optional(),
  tags: ZTicketTags.optional(),
  groupId: ZTicketAttributes.shape.groupId.optional(),
  cc: ZTicketCc.optional(),
  requesterId: ZTicketAttributes.shape.requesterId.optional(),
  mergedIntoId: ZTicketAttributes.shape.mergedIntoId.optional(),
  mailboxId: ZTicketAttributes.shape.mailboxId.optional(),
  processing_status: ZTicketAttributes.shape.processing_status.optional(),
  description: ZTicketAttributes.shape.description.optional(),
  analysis: ZTicketAttributes.shape.analysis.optional(),
  category: ZTicketAttributes.shape.category.optional(),
  processing_error: ZTicketAttributes.shape.processing_error.optional(),
}).strict()

const ZTicketClientUpdate = ZTicketClientCreate.partial()
  .extend({ category: z.string().trim().min(1).max(TicketLimits.category).optional() })
  .strict()

/** Every ticket is its workspace's: each member reads, works and may delete it (decision 010). */
export function ticketPermissions(teamId: string): TPermission[] {
  return WorkspacePermissions.members(teamId, ['read', 'update', 'delete'])
}

/**
 * A client may ask for what the seed's form asks (its own user) or for the workspace; anyone else is
 * refused, not silently dropped. Either way the ticket is stored with its workspace's permissions.
 */
export function assertGrantableOnTicket(
  permissions: TPermission[] | undefined,
  userId: string,
  teamId: string,
): void {
  const foreign = permissions?.find((p) => p.role !== `user:${userId}` && p.role !== `team:${teamId}`)
  if (foreign) {
    throw AppError.forbidden(`Tickets are shared with their workspace only (got "${foreign.role}")`)
  }
}

export type TTicketsCollectionOptions = {
  /** How tickets are created, changed and removed (the ticket service); without it, only reads. */
  writer?: TDocumentWriter
}

export function createTicketsCollection(options: TTicketsCollectionOptions): TCollectionDefinition {
  return {
    id: CollectionId.tickets,
    table: 'tickets',
    attributes: TICKET_ATTRIBUTES,
    fullText: TICKET_FULL_TEXT,
    createSchema: ZTicketClientCreate,
    updateSchema: ZTicketClientUpdate,
    workspaceAttribute: 'teamId',
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    prepareUpdate({ auth, existing, data, permissions }) {
      const teamId = String(existing.teamId)
      if (auth.kind === 'user') assertGrantableOnTicket(permissions, auth.user.id, teamId)
      const values = { ...data }
      for (const field of [...SERVER_OWNED, ...FIXED_AFTER_CREATE]) delete values[field]
      return { data: values, permissions: permissions ? ticketPermissions(teamId) : undefined }
    },
    writer: options.writer,
  }
}
