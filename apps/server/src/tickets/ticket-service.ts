import {
  ErrorType,
  ProcessingStatus,
  STATUSES_OPENED_BY_CUSTOMER_MAIL,
  TICKET_DEFAULTS,
  TicketEventActor,
  TicketEventType,
  TicketMessages,
  TicketStatus,
  type TTicketAnalysis,
  type TTicketAttributes,
  type TTicketEventActor,
  type TTicketRow,
  ZRawJson,
  ZTicketAttributes,
  ZTicketCreate,
  ZTicketTags,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { assertContactOfWorkspace, upsertRequesters } from '../contacts/contact-repository'
import { AppError } from '../core/app-error'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable, TTransaction } from '../db/database'
import type { TPermission } from '../documents/permissions'
import { publishDocumentEvent } from '../documents/publish-document-event'
import { assertGroupOfWorkspace } from '../groups/group-repository'
import type { TJobQueue } from '../jobs/job-queue'
import type { TEventBus } from '../realtime/event-bus'
import { assertConfirmedMembers, workspaceOfCall } from '../teams/workspace-access'
import { enqueueTicketAnalysis } from './ticket-analysis-enqueue'
import { analysedEventOf, analysedTicketFields } from './ticket-analysis-repository'
import { AutomationTrigger, createTicketAutomation } from './ticket-automation'
import { assertCustomFieldValues } from './ticket-custom-fields'
import { changesBetween, recordTicketEvents, type TNewTicketEvent, workflowFieldsOf } from './ticket-events'
import { mergeTickets } from './ticket-merge'
import {
  deleteTicket,
  findTicket,
  insertTickets as insertTicketRows,
  lockTicket,
  type TTicketChanges,
  updateLockedTicket,
  updateTicket,
} from './ticket-repository'
import { splitTicket } from './ticket-split'
import {
  assertGrantableOnTicket,
  createTicketsCollection,
  type TTicketWrites,
  ticketPermissions,
} from './tickets-collection'

/** What a new ticket is made of, wherever it comes from; the server sets the rest (TICKET_DEFAULTS). */
export type TNewTicket = {
  id: string
  ownerId: string
  teamId: string
  /** Who filed it: the member at the form, the customer by mail. Its `created` event says so. */
  createdBy: TTicketEventActor
  /** The requester's name where the source gives one (a mail's From), for a contact that has none yet. */
  requesterName?: string
  /** Its local analysis, made before its transaction: written analysed, with no job (decision 032). */
  analysis?: TTicketAnalysis
} & Pick<TTicketAttributes, 'email' | 'subject' | 'body'> &
  Partial<
    Pick<
      TTicketAttributes,
      'rawJson' | 'assigneeId' | 'tags' | 'groupId' | 'cc' | 'requesterId' | 'mailboxId'
    >
  >

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
  assigneeId: ZTicketAttributes.shape.assigneeId.optional(),
  tags: ZTicketTags.optional(),
  groupId: ZTicketAttributes.shape.groupId.optional(),
  requesterId: ZTicketAttributes.shape.requesterId.optional(),
})

/** Refuses an assignee who is not a confirmed member of the workspace, naming the attribute. */
function assertAssignable(tx: TQueryable, teamId: string, userId: string): Promise<void> {
  return assertConfirmedMembers(tx, {
    teamId,
    userIds: [userId],
    attribute: 'assigneeId',
    message: TicketMessages.assigneeNotMember,
  })
}

/** Refuses a group or requester that is not the workspace's, naming the attribute; null clears either. */
async function assertTeamFields(
  tx: TQueryable,
  teamId: string,
  data: Pick<TTicketChanges, 'groupId' | 'requesterId'>,
): Promise<void> {
  const { groupId, requesterId } = data
  if (typeof groupId === 'string') await assertGroupOfWorkspace(tx, teamId, groupId)
  if (typeof requesterId === 'string') await assertContactOfWorkspace(tx, teamId, requesterId)
}

const CUSTOMER = { actorType: TicketEventActor.customer, actorId: null } as const satisfies TTicketEventActor
const userActor = (userId: string) =>
  ({ actorType: TicketEventActor.user, actorId: userId }) as const satisfies TTicketEventActor

/**
 * The one way tickets are made, changed and removed: by the documents API, by mail ingest and, next, by the
 * agent workflow. Writes take the caller's transaction, so they commit with whatever else the caller
 * decides; what follows a commit (the events, the analysis job) is a call of its own, made explicitly.
 */
export function createTicketService(deps: TTicketServiceDeps) {
  const { db, bus } = deps
  /** What runs after tickets are written (rules, routing): their domains register steps at composition. */
  const automation = createTicketAutomation()
  /** What tickets are announced as: the collection the documents API shows them in. */
  const collection = createTicketsCollection({})

  /**
   * New tickets, in order, in `tx`, each numbered in its workspace by the database and logged as
   * `created` by whoever filed it: one statement for all the tickets, one for all their events. A ticket
   * not given its requester gets the contact of its address, made when new: one statement for all.
   */
  async function insertTickets(tx: TTransaction, tickets: TNewTicket[]): Promise<TTicketRow[]> {
    if (tickets.length === 0) return []
    for (const ticket of tickets) {
      if (ticket.assigneeId) await assertAssignable(tx, ticket.teamId, ticket.assigneeId)
      await assertTeamFields(tx, ticket.teamId, ticket)
    }
    const byAddress = tickets.filter((ticket) => !ticket.requesterId)
    const contactIds = await upsertRequesters(
      tx,
      byAddress.map(({ teamId, email, requesterName }) => ({ teamId, email, name: requesterName ?? '' })),
    )
    const requesterOf = new Map(byAddress.map((ticket, index) => [ticket, contactIds[index] ?? null]))
    const created = await insertTicketRows(
      tx,
      tickets.map((ticket) => {
        const { id, ownerId, teamId, email, subject, body, rawJson, assigneeId, tags, groupId } = ticket
        return {
          id,
          email,
          subject,
          body,
          rawJson: rawJson ?? null,
          ...TICKET_DEFAULTS,
          ...(ticket.analysis ? analysedTicketFields(ticket.analysis) : {}),
          assigneeId: assigneeId ?? null,
          tags: tags ?? [],
          groupId: groupId ?? null,
          cc: ticket.cc ?? [],
          requesterId: ticket.requesterId ?? requesterOf.get(ticket) ?? null,
          mailboxId: ticket.mailboxId ?? null,
          userId: ownerId,
          teamId,
          permissions: ticketPermissions(teamId),
        }
      }),
    )
    if (created.length !== tickets.length) throw new AppError(ErrorType.documentAlreadyExists)
    // A ticket written analysed logs what the mail made and then what the analyser chose, as one analysed
    // by its job does: each event's `before` is the last one's `after`, and the panel finds the analyser's
    // verdict in `analysed` (decision 013).
    await recordTicketEvents(
      tx,
      created.flatMap((row, index): TNewTicketEvent[] => {
        const { createdBy, analysis } = tickets[index] as TNewTicket
        const ticket = { id: row.id, teamId: row.teamId }
        const event: TNewTicketEvent = {
          ticketId: ticket.id,
          teamId: ticket.teamId,
          ...createdBy,
          type: TicketEventType.created,
          before: null,
          after: workflowFieldsOf(analysis ? { ...row, category: null, priority: null } : row),
        }
        return analysis ? [event, analysedEventOf(ticket, analysis)] : [event]
      }),
    )
    return created
  }

  /**
   * After the commit of new tickets: their create events, side by side so the bus stores them as one
   * group and in this order, then the analysis jobs of those still waiting for one, so no analysis update
   * can overtake its create. A ticket written analysed (decision 032) needs none.
   */
  async function announceCreated(rows: TTicketRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) => publishDocumentEvent({ bus, def: collection, action: 'create', row })),
    )
    await Promise.all(
      rows
        .filter((row) => row.processing_status === ProcessingStatus.waiting)
        .map((row) => enqueueTicketAnalysis({ queue: deps.queue, ticketId: row.id, log: deps.log })),
    )
  }

  /** After the commit of changed tickets: their update events. */
  async function announceUpdated(rows: TTicketRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) => publishDocumentEvent({ bus, def: collection, action: 'update', row })),
    )
  }

  /**
   * The customer wrote again (`message`, the conversation message their mail became): logged as
   * `message-in`, and a pending, on-hold or closed ticket opens, logged as `status` or, from closed,
   * `reopened`. Any ticket shows it changed.
   */
  async function reopenOnCustomerMail(
    tx: TTransaction,
    ticket: Pick<TTicketRow, 'id'>,
    message: { id: string },
  ): Promise<{ row: TTicketRow; reopened: boolean }> {
    const current = await lockTicket(tx, ticket.id)
    // Deleted since the mail was matched to it: the batch fails and its retry decides the mail again.
    if (!current) throw new Error(`ticket ${ticket.id} was deleted while its answer was written`)
    const opens = STATUSES_OPENED_BY_CUSTOMER_MAIL.includes(current.status)
    const row = await updateLockedTicket(tx, ticket.id, opens ? { status: TicketStatus.open } : {})
    const customer = { ticketId: row.id, teamId: row.teamId, ...CUSTOMER }
    await recordTicketEvents(tx, [
      { ...customer, type: TicketEventType.messageIn, before: null, after: { message: message.id } },
      ...changesBetween(current, row).map((change) => ({ ...customer, ...change })),
    ])
    return { row, reopened: current.status === TicketStatus.closed }
  }

  /**
   * A ticket filed through the API by a member (the dashboard's form): into the workspace it names, or
   * the member's own when it names none, as the seed's form does.
   */
  async function createForUser(
    auth: TAuth,
    input: { id: string; data: Record<string, unknown>; permissions: TPermission[] | undefined },
  ): Promise<TTicketRow> {
    if (auth.kind !== 'user') throw AppError.forbidden()
    const { teamId: named, ...fields } = ZTicketFields.parse(input.data)
    const teamId = await workspaceOfCall(db, auth, named)
    assertGrantableOnTicket(input.permissions, auth.user.id, teamId)
    const createdBy = userActor(auth.user.id)
    const [row] = await db.transaction((tx) =>
      insertTickets(tx, [{ id: input.id, ownerId: auth.user.id, teamId, createdBy, ...fields }]),
    )
    if (!row) throw new AppError(ErrorType.documentAlreadyExists)
    await announceCreated([row])
    return row
  }

  /**
   * A member's change through the API (fields already validated and stripped of what only the server
   * writes): the ticket is locked, changed and each changed workflow field logged with the member as its
   * author, in one transaction; then announced.
   */
  async function updateForUser(
    auth: TAuth,
    input: { ticketId: string; changes: TTicketChanges; permissions: TPermission[] | undefined },
  ): Promise<TTicketRow> {
    if (auth.kind !== 'user') throw AppError.forbidden()
    const row = await db.transaction((tx) =>
      changeByMember(tx, auth.user.id, {
        ticketId: input.ticketId,
        data: input.changes,
        permissions: input.permissions,
      }),
    )
    await announceUpdated([row])
    return row
  }

  /**
   * A member's change in the caller's transaction (validated fields only): the ticket is locked, changed
   * and each changed workflow field logged with the member as its author. The caller announces it.
   */
  async function changeByMember(
    tx: TTransaction,
    memberId: string,
    input: { ticketId: string; data: TTicketChanges; permissions?: TPermission[] | undefined },
  ): Promise<TTicketRow> {
    const current = await lockTicket(tx, input.ticketId)
    if (!current) throw AppError.documentNotFound()
    const { assigneeId } = input.data
    if (typeof assigneeId === 'string') await assertAssignable(tx, current.teamId, assigneeId)
    await assertTeamFields(tx, current.teamId, input.data)
    if (input.data.customFields) await assertCustomFieldValues(tx, current.teamId, input.data.customFields)
    const updated = await updateTicket(tx, current.id, input.data, input.permissions)
    if (!updated) throw AppError.documentNotFound()
    const member = { ticketId: updated.id, teamId: updated.teamId, ...userActor(memberId) }
    await recordTicketEvents(
      tx,
      changesBetween(current, updated).map((change): TNewTicketEvent => ({ ...member, ...change })),
    )
    const [automated] = await automation.run(tx, [
      {
        ticket: updated,
        trigger: AutomationTrigger.memberChange,
        before: current,
        mail: null,
        memberId,
      },
    ])
    return automated ?? updated
  }

  /** A member merges the duplicate `sourceId` into `targetId`; both are announced after the commit. */
  async function mergeForUser(
    auth: TAuth,
    { sourceId, targetId }: { sourceId: string; targetId: string },
  ): Promise<TTicketRow> {
    if (auth.kind !== 'user') throw AppError.forbidden()
    const { source, target } = await db.transaction((tx) =>
      mergeTickets(tx, { memberId: auth.user.id, sourceId, targetId }),
    )
    await announceUpdated([source, target])
    return source
  }

  /** A member splits a customer's message off into the new ticket `id`, which is answered. */
  async function splitForUser(
    auth: TAuth,
    { id, messageId }: { id: string; messageId: string },
  ): Promise<TTicketRow> {
    if (auth.kind !== 'user') throw AppError.forbidden()
    const { source, created } = await db.transaction((tx) =>
      splitTicket(tx, {
        auth,
        id,
        messageId,
        insertTicket: async (inTx, ticket) => {
          const [row] = await insertTickets(inTx, [
            { id, ownerId: auth.user.id, createdBy: userActor(auth.user.id), ...ticket },
          ])
          if (!row) throw new AppError(ErrorType.documentAlreadyExists)
          return row
        },
      }),
    )
    await announceCreated([created])
    await announceUpdated([source])
    return created
  }

  /** Removes a ticket, then announces it and lets go of what belonged to it. */
  async function remove(ticketId: string): Promise<TTicketRow | undefined> {
    const row = await deleteTicket(db, ticketId)
    if (!row) return undefined
    await publishDocumentEvent({ bus, def: collection, action: 'delete', row })
    await deps.forgetTicket(row.id)
    return row
  }

  const writes: TTicketWrites = {
    create: createForUser,
    split: splitForUser,
    update: updateForUser,
    merge: mergeForUser,
    remove,
  }

  return {
    collection,
    /** What the tickets collection of the documents API writes through. */
    writes,
    insertTickets,
    announceCreated,
    announceUpdated,
    reopenOnCustomerMail,
    changeByMember,
    automation,
    lockTicket,
    find: findTicket,
  }
}

export type TTicketService = ReturnType<typeof createTicketService>
