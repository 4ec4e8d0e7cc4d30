import {
  CollectionId,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ZTicketAttributes,
  ZTicketCreate,
} from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../core/app-error'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentWriter } from '../documents/collection'
import type { TPermission } from '../documents/permissions'

export const TICKET_ATTRIBUTES = attributeColumns(ZTicketAttributes)

/** Fields only the server writes: a client may send them (the spec's form does) but never decides them. */
const SERVER_OWNED = ['userId', 'processing_status', 'description', 'category', 'processing_error'] as const

const ZTicketClientCreate = ZTicketCreate.extend({
  email: ZTicketCreate.shape.email.min(1, 'Please fill in all fields'),
  subject: ZTicketCreate.shape.subject.min(1, 'Please fill in all fields'),
  body: ZTicketCreate.shape.body.min(1, 'Please fill in all fields'),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).nullable().optional(),
  rawJson: ZTicketAttributes.shape.rawJson.optional(),
  userId: z.string().optional(),
  processing_status: ZTicketAttributes.shape.processing_status.optional(),
  description: ZTicketAttributes.shape.description.optional(),
  category: ZTicketAttributes.shape.category.optional(),
  processing_error: ZTicketAttributes.shape.processing_error.optional(),
}).strict()

const ZTicketClientUpdate = ZTicketClientCreate.partial().strict()

export function ownerPermissions(userId: string): TPermission[] {
  const role = `user:${userId}`
  return [
    { action: 'read', role },
    { action: 'update', role },
    { action: 'delete', role },
  ]
}

/** A ticket belongs to its owner alone; a permission for anyone else is refused, not silently widened. */
export function assertOwnerOnly(permissions: TPermission[] | undefined, userId: string): void {
  const foreign = permissions?.find((p) => p.role !== `user:${userId}`)
  if (foreign) {
    throw AppError.forbidden(`Tickets can only be shared with their owner (got "${foreign.role}")`)
  }
}

export type TTicketsCollectionOptions = {
  /** How tickets are created and removed (the ticket service); without it, only reads and updates. */
  writer?: TDocumentWriter
}

export function createTicketsCollection(options: TTicketsCollectionOptions): TCollectionDefinition {
  return {
    id: CollectionId.tickets,
    table: 'tickets',
    attributes: TICKET_ATTRIBUTES,
    createSchema: ZTicketClientCreate,
    updateSchema: ZTicketClientUpdate,
    ownerAttribute: 'userId',
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    prepareUpdate({ existing, data, permissions }) {
      const owner = String(existing.userId)
      assertOwnerOnly(permissions, owner)
      const values = { ...data }
      for (const field of SERVER_OWNED) delete values[field]
      return { data: values, permissions: permissions ? ownerPermissions(owner) : undefined }
    },
    writer: options.writer,
  }
}
