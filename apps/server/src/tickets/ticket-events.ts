import crypto from 'node:crypto'
import {
  CollectionId,
  TicketEventType,
  TicketStatus,
  type TTicketEventActor,
  type TTicketEventChange,
  type TTicketRow,
  type TTicketWorkflowFields,
  ZTicketEventAttributes,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TQueryable, TTransaction } from '../db/database'
import { toStorableJson } from '../db/storable-text'
import { valuesList } from '../db/values-list'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition } from '../documents/collection'
import { formatPermissions, rolesFor } from '../documents/permissions'
import { storeMeasuredRows } from '../reports/report-store'
import { reconcileTicketSla } from '../sla/ledger/sla-ledger'
import { WorkspacePermissions } from '../teams/workspace-access'
import { type TTicketChanges, updateTickets } from './ticket-repository'

/**
 * The ticket event log, served read-only: its workspace's members list and read it; nobody creates,
 * changes or deletes an event through the API (its documents grant nothing but read). Written only here,
 * by the ticket service and the analysis, in the transaction of the change (decision 013).
 */
export const ticketEventsCollection: TCollectionDefinition = {
  id: CollectionId.ticketEvents,
  table: 'ticket_events',
  attributes: attributeColumns(ZTicketEventAttributes),
  createSchema: z.object({}).strict(),
  updateSchema: z.object({}).strict(),
  workspaceAttribute: 'teamId',
  canRead: (auth) => auth.kind === 'user',
  canCreate: () => false,
}

/** One event to record: on which ticket, by whom, and what changed. */
export type TNewTicketEvent = { ticketId: string; teamId: string } & TTicketEventActor & TTicketEventChange

/** A jsonb column's value: null stays SQL null, as every document's absent JSON attribute is. */
const jsonColumn = (value: unknown) => (value === null || value === undefined ? null : toStorableJson(value))

/**
 * The events, in order, in `tx`: one statement for all of them; then the tickets' SLA clocks are derived
 * once more and their changes written in the same transaction (decision 063), and the tickets measured
 * again for the reports (decision 069). Inside `deferDerivations` the events wait, with their derivation,
 * for the end of the run (or a flush), and are written then in one statement with the run's others. A
 * transaction's handle only (`TTransaction`): the events, the clocks and the rows must commit with the
 * change they log, or not at all.
 */
export async function recordTicketEvents(tx: TTransaction, events: TNewTicketEvent[]): Promise<void> {
  if (events.length === 0) return
  const waiting = deferred.get(tx)
  if (waiting) {
    waiting.events.push(...events)
    return
  }
  await insertTicketEvents(tx, events)
  await deriveFromEvents(
    tx,
    events.map((event) => event.ticketId),
  )
}

async function insertTicketEvents(tx: TQueryable, events: readonly TNewTicketEvent[]): Promise<void> {
  // An event's number is the ticket's highest plus one (migration 018), drawn under the ticket's lock. A
  // writer that did not take it (a reply's delivery report) could draw the number a locking writer draws
  // next, and each then waited on the other: a deadlock, seen in CI. Taken here, in id order, it is a no-op
  // for the many callers that already hold it.
  await tx.query('select 1 from tickets where id = any($1::text[]) order by id for update', [
    [...new Set(events.map((event) => event.ticketId))],
  ])
  const values = events.flatMap((event) => {
    const permissions = WorkspacePermissions.members(event.teamId)
    return [
      // Drawn by the server alone and never chosen by a client: a UUID never collides within a batch.
      crypto.randomUUID(),
      formatPermissions(permissions),
      rolesFor(permissions, 'read'),
      event.ticketId,
      event.teamId,
      event.type,
      event.actorType,
      event.actorId,
      jsonColumn(event.before),
      jsonColumn(event.after),
    ]
  })
  const { rowCount } = await tx.query(
    `insert into ticket_events (id, permissions, read_roles, "ticketId", "teamId", "type", "actorType",
       "actorId", "before", "after")
     values ${valuesList(events.length, 10)}`,
    values,
  )
  if (rowCount !== events.length) throw new Error('a ticket event was not recorded')
}

/** What follows from a ticket's events in their transaction: its SLA clocks (063) and its report row (069). */
async function deriveFromEvents(tx: TQueryable, ticketIds: readonly string[]): Promise<void> {
  await reconcileTicketSla(tx, ticketIds)
  await storeMeasuredRows(tx, ticketIds)
}

/** A ticket's changes not written yet: its row as last given, and every change since it was written. */
type TStagedChange = { row: TTicketRow; changes: TTicketChanges }

/**
 * What a run has not written yet: tickets' changes, merged per ticket; events, in order; and the tickets
 * whose written events wait to be derived.
 */
type TDeferred = { changes: Map<string, TStagedChange>; events: TNewTicketEvent[]; derive: Set<string> }

/** Transactions in `deferDerivations`, with what waits in them. */
const deferred = new WeakMap<TQueryable, TDeferred>()

/**
 * Runs `fn`, in which `changeTickets` and `recordTicketEvents` on `tx` leave the tickets' changes, their
 * events and their derivations to the end: automation's steps each change tickets and record events, and
 * per step the same rows were updated (every index of a wide row written again), the tickets locked, their
 * events inserted and their clocks and rows read and written again; now a batch pays each once. Within one
 * transaction, so nothing outside sees a change before what follows from it. A step that reads tickets
 * calls `flushTicketChanges` first, one that reads the log `flushTicketEvents`, one that reads the clocks
 * `flushDerivations`.
 */
export async function deferDerivations<T>(tx: TQueryable, fn: () => Promise<T>): Promise<T> {
  if (deferred.has(tx)) return fn()
  deferred.set(tx, { changes: new Map(), events: [], derive: new Set() })
  try {
    const result = await fn()
    await flushDerivations(tx)
    return result
  } finally {
    deferred.delete(tx)
  }
}

/** Writes now the events waiting in `deferDerivations`: for a step that reads the event log. */
export async function flushTicketEvents(tx: TQueryable): Promise<void> {
  const waiting = deferred.get(tx)
  if (!waiting || waiting.events.length === 0) return
  const events = waiting.events.splice(0)
  await insertTicketEvents(tx, events)
  for (const event of events) waiting.derive.add(event.ticketId)
}

/**
 * Changes tickets, each given as the transaction last wrote it or as an earlier change left it. Inside
 * `deferDerivations` the changes wait, merged per ticket, for the end of the run or a flush (the rules'
 * group and routing's agent of a new ticket are one update); outside it they are written now, one
 * statement per set of fields, a ticket given twice in a later one. Returns each ticket as it is changed,
 * in the order given (a ticket given twice, as each change left it).
 */
export async function changeTickets(
  tx: TQueryable,
  updates: readonly { row: TTicketRow; changes: TTicketChanges }[],
): Promise<TTicketRow[]> {
  const waiting = deferred.get(tx)
  if (waiting) return updates.map((update) => stageChange(waiting, update))
  const rows: TTicketRow[] = updates.map(({ row }) => row)
  const latest = new Map<string, TTicketRow>()
  let pending = updates.map((update, index) => ({ ...update, index }))
  while (pending.length > 0) {
    const round = new Map<string, (typeof pending)[number]>()
    const later: typeof pending = []
    for (const update of pending) {
      if (round.has(update.row.id)) later.push(update)
      else round.set(update.row.id, update)
    }
    const changed = [...round.values()].filter(({ changes }) => Object.keys(changes).length > 0)
    const written = await updateTickets(
      tx,
      changed.map(({ row, changes }) => ({ row: latest.get(row.id) ?? row, changes })),
    )
    for (const { row, index } of round.values()) {
      const now = written.get(row.id) ?? latest.get(row.id) ?? row
      latest.set(row.id, now)
      rows[index] = now
    }
    pending = later
  }
  return rows
}

function stageChange(waiting: TDeferred, { row, changes }: TStagedChange): TTicketRow {
  const merged = { ...waiting.changes.get(row.id)?.changes, ...changes }
  if (Object.keys(merged).length > 0) waiting.changes.set(row.id, { row, changes: merged })
  return { ...row, ...merged } as TTicketRow
}

/**
 * Writes now the tickets' changes waiting in `deferDerivations` (with `touching`, only when one of them
 * sets one of those fields): for a step that reads tickets. Returns the rows as written, by id.
 */
export async function flushTicketChanges(
  tx: TQueryable,
  touching?: readonly (keyof TTicketChanges)[],
): Promise<Map<string, TTicketRow>> {
  const waiting = deferred.get(tx)
  if (!waiting || !changesWait(tx, touching)) return new Map()
  const staged = [...waiting.changes.values()]
  waiting.changes.clear()
  return updateTickets(tx, staged)
}

/** Whether tickets' changes wait in `deferDerivations` (with `touching`, one setting one of those fields). */
export function changesWait(tx: TQueryable, touching?: readonly (keyof TTicketChanges)[]): boolean {
  const staged = [...(deferred.get(tx)?.changes.values() ?? [])]
  return touching
    ? staged.some(({ changes }) => touching.some((field) => field in changes))
    : staged.length > 0
}

/** Whether an event `matching` waits in `deferDerivations`, not yet written. */
export function eventsWait(tx: TQueryable, matching: (event: TNewTicketEvent) => boolean): boolean {
  return deferred.get(tx)?.events.some(matching) ?? false
}

/**
 * Writes the waiting changes and events and derives now what follows from them: for a step that reads the
 * SLA clocks, and at the end of the run.
 */
export async function flushDerivations(tx: TQueryable): Promise<void> {
  await flushTicketChanges(tx)
  await flushTicketEvents(tx)
  const waiting = deferred.get(tx)
  if (!waiting || waiting.derive.size === 0) return
  const ticketIds = [...waiting.derive]
  waiting.derive.clear()
  await deriveFromEvents(tx, ticketIds)
}

/** The workflow fields of a ticket row, as events hold them. */
export function workflowFieldsOf(row: TTicketWorkflowFields): TTicketWorkflowFields {
  return {
    status: row.status,
    priority: row.priority,
    category: row.category,
    assigneeId: row.assigneeId,
    tags: row.tags,
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i])

/** The ticket's fields beside the five of its `created` event: its group, copies and requester. */
function teamFieldsOf(row: TTicketRow) {
  return { groupId: row.groupId, cc: row.cc, requesterId: row.requesterId }
}

/**
 * One event for each workflow field that differs between two states of a ticket, in a fixed order. A
 * status leaving `closed` is `reopened`; every other status change is `status`.
 */
export function changesBetween(before: TTicketRow, after: TTicketRow): TTicketEventChange[] {
  const was = workflowFieldsOf(before)
  const is = workflowFieldsOf(after)
  const changes: TTicketEventChange[] = []
  if (was.status !== is.status) {
    changes.push(
      was.status === TicketStatus.closed
        ? { type: TicketEventType.reopened, before: TicketStatus.closed, after: is.status }
        : { type: TicketEventType.status, before: was.status, after: is.status },
    )
  }
  if (was.priority !== is.priority)
    changes.push({ type: TicketEventType.priority, before: was.priority, after: is.priority })
  if (was.category !== is.category)
    changes.push({ type: TicketEventType.category, before: was.category, after: is.category })
  if (was.assigneeId !== is.assigneeId)
    changes.push({ type: TicketEventType.assignee, before: was.assigneeId, after: is.assigneeId })
  if (!sameList(was.tags, is.tags))
    changes.push({ type: TicketEventType.tags, before: was.tags, after: is.tags })
  const wasTeam = teamFieldsOf(before)
  const isTeam = teamFieldsOf(after)
  if (wasTeam.groupId !== isTeam.groupId)
    changes.push({ type: TicketEventType.group, before: wasTeam.groupId, after: isTeam.groupId })
  if (!sameList(wasTeam.cc, isTeam.cc))
    changes.push({ type: TicketEventType.cc, before: wasTeam.cc, after: isTeam.cc })
  if (wasTeam.requesterId !== isTeam.requesterId)
    changes.push({ type: TicketEventType.requester, before: wasTeam.requesterId, after: isTeam.requesterId })
  return changes
}
