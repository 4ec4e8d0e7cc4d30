import {
  CollectionId,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketLimits,
  type TTicketRow,
  ZTicketAttributes,
  ZTicketCc,
  ZTicketCreate,
  ZTicketTags,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import type { TPermission } from '../documents/permissions'
import type { TAttributeColumns, TFullTextAttributes } from '../documents/queries'
import { WorkspacePermissions } from '../teams/workspace-access'
import { MergeMessages } from './ticket-merge'
import type { TTicketChanges } from './ticket-repository'

const COLUMNS = attributeColumns(ZTicketAttributes)
export const TICKET_ATTRIBUTES: TAttributeColumns = {
  ...COLUMNS,
  // By urgency (migration 024's rank), not by the letters of high, low, medium.
  priority: { ...COLUMNS.priority!, order: { column: 'priority_rank', isNullable: false } },
  // `Query.equal('customFields.<key>', value)`: a view's or search's filter by a custom field (decision 062).
  customFields: { ...COLUMNS.customFields!, isKeyed: true },
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
  'lastActivityAt',
  'extraction',
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
  lastActivityAt: ZTicketAttributes.shape.lastActivityAt.optional(),
  customFields: ZTicketAttributes.shape.customFields.optional(),
  extraction: ZTicketAttributes.shape.extraction.optional(),
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

/** Each write the documents API makes of a ticket, as the ticket service performs it. */
export type TTicketWrites = {
  create(
    auth: TAuth,
    input: { id: string; data: Record<string, unknown>; permissions: TPermission[] | undefined },
  ): Promise<TTicketRow>
  split(auth: TAuth, input: { id: string; messageId: string }): Promise<TTicketRow>
  update(
    auth: TAuth,
    input: { ticketId: string; changes: TTicketChanges; permissions: TPermission[] | undefined },
  ): Promise<TTicketRow>
  merge(auth: TAuth, input: { sourceId: string; targetId: string }): Promise<TTicketRow>
  remove(ticketId: string): Promise<TTicketRow | undefined>
}

export type TTicketsCollectionOptions = {
  /** How tickets are created, changed and removed (the ticket service); without it, only reads. */
  tickets?: TTicketWrites
}

/**
 * The tickets collection of the documents API, an adapter over the ticket service. Besides the fields of
 * a ticket, the API carries a merge (an update naming `mergedIntoId`) and a split (a create naming
 * `splitFrom`), decision 018: read here into the service's own merge and split.
 */
export function createTicketsCollection(options: TTicketsCollectionOptions): TCollectionDefinition {
  const { tickets } = options
  return {
    id: CollectionId.tickets,
    table: 'tickets',
    attributes: TICKET_ATTRIBUTES,
    fullText: TICKET_FULL_TEXT,
    createSchema: withSplitRequest(ZTicketClientCreate),
    updateSchema: ZTicketClientUpdate,
    workspaceAttribute: 'teamId',
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    prepareUpdate({ auth, existing, data, permissions }) {
      const teamId = String(existing.teamId)
      if (auth.kind === 'user') assertGrantableOnTicket(permissions, auth.user.id, teamId)
      const values = { ...data }
      for (const field of [...SERVER_OWNED, ...FIXED_AFTER_CREATE]) delete values[field]
      // The merge a client asks for travels on to the writer, which reads it as one.
      if (Object.hasOwn(data, 'mergedIntoId')) values.mergedIntoId = data.mergedIntoId
      return { data: values, permissions: permissions ? ticketPermissions(teamId) : undefined }
    },
    writer: tickets && {
      create: ({ auth, id, data, permissions }) =>
        isSplitRequest(data)
          ? tickets.split(auth, { id, messageId: data.splitFrom })
          : tickets.create(auth, { id, data, permissions }),
      update: ({ auth, existing, data, permissions }) => {
        const merge = readMergeRequest(existing, data)
        return merge.targetId
          ? tickets.merge(auth, { sourceId: existing.id, targetId: merge.targetId })
          : // Validated by the update schema above and stripped by prepareUpdate: a ticket's own fields.
            tickets.update(auth, {
              ticketId: existing.id,
              changes: merge.changes as TTicketChanges,
              permissions,
            })
      },
      remove: (row) => tickets.remove(row.id),
    },
  }
}

/**
 * A member's update with the merge it asks for (`updateDocument(source, {mergedIntoId: target})`), or with
 * none (no `mergedIntoId`, or the one the ticket already has, as a client sending the whole document back
 * does). Clearing it is refused, the duplicate's conversation having moved; so is a merge with other changes.
 */
function readMergeRequest(
  existing: TDocumentRow,
  data: Record<string, unknown>,
): { targetId: string | undefined; changes: Record<string, unknown> } {
  const { mergedIntoId, ...changes } = data
  if (mergedIntoId === undefined || mergedIntoId === existing.mergedIntoId)
    return { targetId: undefined, changes }
  if (typeof mergedIntoId !== 'string') throw AppError.invalidStructure(MergeMessages.undo)
  if (Object.keys(changes).length > 0) throw AppError.invalidStructure(MergeMessages.alone)
  return { targetId: mergedIntoId, changes }
}

/** `createDocument('tickets', id, {splitFrom})`: the message a member splits off into the new ticket `id`. */
const ZTicketSplit = z.object({ splitFrom: z.string().min(1).max(36) }).strict()

function isSplitRequest(data: Record<string, unknown>): data is z.infer<typeof ZTicketSplit> {
  return Object.hasOwn(data, 'splitFrom')
}

/**
 * The create schema with the split beside it: a create naming `splitFrom` is read as a split (and nothing
 * else may come with it), any other as `create` reads it, with its own messages.
 */
function withSplitRequest(create: z.ZodType<Record<string, unknown>>): z.ZodType<Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).transform((data, ctx) => {
    const result = (isSplitRequest(data) ? ZTicketSplit : create).safeParse(data)
    if (result.success) return result.data
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: data } as never)
    return z.NEVER
  })
}
