import {
  ErrorType,
  TICKET_DEFAULTS,
  TicketStatus,
  type TTicketAttributes,
  ZRawJson,
  ZTicketCreate,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import {
  deleteDocument,
  findDocument,
  insertDocuments,
  updateDocument,
} from '../documents/document-repository'
import type { TPermission } from '../documents/permissions'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TJobQueue } from '../jobs/job-queue'
import type { TEventBus } from '../realtime/event-bus'
import { workspaceOfCall } from '../teams/workspace-access'
import { enqueueTicketAnalysis } from './ticket-analysis-enqueue'
import { assertGrantableOnTicket, createTicketsCollection, ticketPermissions } from './tickets-collection'

/** What a new ticket is made of, wherever it comes from; the server sets the rest (TICKET_DEFAULTS). */
export type TNewTicket = {
  id: string
  ownerId: string
  teamId: string
} & Pick<TTicketAttributes, 'email' | 'subject' | 'body'> &
  Partial<Pick<TTicketAttributes, 'rawJson'>>

export type TTicketServiceDeps = {
  db: TDatabase
  bus: TEventBus
  queue: TJobQueue
  log: TLog
  /** Removes what belonged to a deleted ticket elsewhere (its mail's messages, files and thread ids). */
  forgetTicket(ticketId: string): Promise<void>
}

/** What a filed ticket brings: the form's fields, and a raw source when an API client has one. */
const ZTicketFields = ZTicketCreate.extend({
  rawJson: ZRawJson.nullable().optional(),
  teamId: z.string().max(36).optional(),
})

/**
 * The one way tickets are made, changed and removed: by the documents API, by mail ingest and, next, by the
 * agent workflow. Writes take the caller's transaction, so they commit with whatever else the caller
 * decides; what follows a commit (the events, the analysis job) is a call of its own, made explicitly.
 */
export function createTicketService(deps: TTicketServiceDeps) {
  const { db, bus } = deps
  const collection: TCollectionDefinition = createTicketsCollection({
    writer: {
      create: ({ auth, id, data, permissions }) => createForUser(auth, { id, data, permissions }),
      remove: (row) => remove(row),
    },
  })

  /** New tickets, in order, in `tx`: one statement for all of them. */
  async function insertTickets(tx: TQueryable, tickets: TNewTicket[]): Promise<TDocumentRow[]> {
    if (tickets.length === 0) return []
    const created = await insertDocuments(
      tx,
      collection,
      tickets.map(({ id, ownerId, teamId, ...fields }) => ({
        id,
        data: { ...fields, rawJson: fields.rawJson ?? null, ...TICKET_DEFAULTS, userId: ownerId, teamId },
        permissions: ticketPermissions(teamId),
      })),
    )
    if (created.length !== tickets.length) throw new AppError(ErrorType.documentAlreadyExists)
    return created
  }

  /**
   * After the commit of new tickets: their create events, side by side so the bus stores them as one
   * group and in this order, then their analysis jobs, so no analysis update can overtake its create.
   */
  async function announceCreated(rows: TDocumentRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) => publishDocumentEvent({ bus, def: collection, action: 'create', row })),
    )
    await Promise.all(
      rows.map((row) => enqueueTicketAnalysis({ queue: deps.queue, ticketId: row.id, log: deps.log })),
    )
  }

  /** After the commit of changed tickets: their update events. */
  async function announceUpdated(rows: TDocumentRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) => publishDocumentEvent({ bus, def: collection, action: 'update', row })),
    )
  }

  /** The customer wrote again: a closed ticket opens, and any ticket shows it changed. */
  async function reopenOnCustomerMail(
    tx: TQueryable,
    ticket: TDocumentRow,
  ): Promise<{ row: TDocumentRow; reopened: boolean }> {
    const reopened = ticket.status === TicketStatus.closed
    const row = await updateDocument(tx, collection, {
      id: ticket.id,
      data: reopened ? { status: TicketStatus.open } : {},
    })
    return { row: row ?? ticket, reopened }
  }

  /**
   * A ticket filed through the API by a member (the dashboard's form): into the workspace it names, or
   * the member's own when it names none, as the seed's form does.
   */
  async function createForUser(
    auth: TAuth,
    input: { id: string; data: Record<string, unknown>; permissions: TPermission[] | undefined },
  ): Promise<TDocumentRow> {
    if (auth.kind !== 'user') throw AppError.forbidden()
    const { email, subject, body, rawJson, teamId: named } = ZTicketFields.parse(input.data)
    const teamId = await workspaceOfCall(db, auth, named)
    assertGrantableOnTicket(input.permissions, auth.user.id, teamId)
    const [row] = await db.transaction((tx) =>
      insertTickets(tx, [{ id: input.id, ownerId: auth.user.id, teamId, email, subject, body, rawJson }]),
    )
    if (!row) throw new AppError(ErrorType.documentAlreadyExists)
    await announceCreated([row])
    return row
  }

  /** Removes a ticket, then announces it and lets go of what belonged to it. */
  async function remove(ticket: TDocumentRow): Promise<TDocumentRow | undefined> {
    const row = await deleteDocument(db, collection, ticket.id)
    if (!row) return undefined
    await publishDocumentEvent({ bus, def: collection, action: 'delete', row })
    await deps.forgetTicket(row.id)
    return row
  }

  return {
    collection,
    insertTickets,
    announceCreated,
    announceUpdated,
    reopenOnCustomerMail,
    find: (tx: TQueryable, id: string) => findDocument(tx, collection, id),
  }
}

export type TTicketService = ReturnType<typeof createTicketService>
