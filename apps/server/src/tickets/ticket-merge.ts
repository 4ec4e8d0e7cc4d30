import {
  ErrorType,
  TicketEventActor,
  TicketEventType,
  TicketStatus,
  type TTicketRow,
  uniqueId,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable, TTransaction } from '../db/database'
import { formatPermissions, rolesFor } from '../documents/permissions'
import { WorkspacePermissions } from '../teams/workspace-access'
import { changesBetween, recordTicketEvents, type TNewTicketEvent } from './ticket-events'
import { lockTicket, updateLockedTicket } from './ticket-repository'

export const MergeMessages = {
  intoItself: 'A ticket cannot be merged into itself',
  notInWorkspace: 'names no ticket of this workspace',
  undo: 'A merge is not undone: the duplicate stays closed and linked',
  alone: 'A merge changes nothing else: send mergedIntoId alone',
} as const

export type TMergeTicketsOptions = {
  memberId: string
  sourceId: string
  targetId: string
}

const numberOf = (row: TTicketRow) => `#${row.number}`

/**
 * Merges the duplicate `source` into `target`, in `tx`: the source's first mail becomes a message of the
 * target at its own time, its messages, attachments, raw mail and thread ids (Message-IDs) move to the
 * target, so a later answer to the source's mail threads onto the target; the source is closed with
 * `mergedIntoId`, and both tickets log a `merge` event. Chains are refused both ways: into a merged
 * ticket (409 naming where it went), and a ticket others were merged into (409 naming them).
 */
export async function mergeTickets(
  tx: TTransaction,
  options: TMergeTicketsOptions,
): Promise<{ source: TTicketRow; target: TTicketRow }> {
  const { sourceId, targetId } = options
  if (sourceId === targetId) throw AppError.invalidStructure(MergeMessages.intoItself)
  // Locked in one order whichever way two members merge a pair at once, so neither waits on the other.
  const locked = new Map<string, TTicketRow | undefined>()
  for (const id of [sourceId, targetId].sort()) locked.set(id, await lockTicket(tx, id))
  const current = locked.get(sourceId)
  const target = locked.get(targetId)
  if (!current) throw AppError.documentNotFound()
  if (!target || target.teamId !== current.teamId) {
    throw AppError.invalidStructure(`Attribute "mergedIntoId" ${MergeMessages.notInWorkspace}`)
  }
  await refuseChains(tx, current, target)

  const { teamId } = current
  const moved = await moveConversation(tx, current, target)
  const source = await updateLockedTicket(tx, sourceId, {
    status: TicketStatus.closed,
    mergedIntoId: targetId,
  })
  // The target changed too: lists sorted by activity and pages showing it learn so.
  const merged = await updateLockedTicket(tx, targetId, {})
  const actor = { actorType: TicketEventActor.user, actorId: options.memberId } as const
  const change = {
    type: TicketEventType.merge,
    before: null,
    after: { source: sourceId, target: targetId, messages: moved },
  } as const
  await recordTicketEvents(tx, [
    ...changesBetween(current, source).map(
      (fieldChange): TNewTicketEvent => ({ ticketId: sourceId, teamId, ...actor, ...fieldChange }),
    ),
    { ticketId: sourceId, teamId, ...actor, ...change },
    { ticketId: targetId, teamId, ...actor, ...change },
  ])
  return { source, target: merged }
}

async function refuseChains(tx: TQueryable, source: TTicketRow, target: TTicketRow): Promise<void> {
  if (source.mergedIntoId) {
    throw new AppError(
      ErrorType.documentUpdateConflict,
      `Ticket ${numberOf(source)} is already merged into another ticket`,
    )
  }
  if (target.mergedIntoId) {
    const { rows } = await tx.query<{ number: number }>('select "number" from tickets where id = $1', [
      target.mergedIntoId,
    ])
    const into = rows[0] ? `#${rows[0].number}` : 'another ticket'
    throw new AppError(
      ErrorType.documentUpdateConflict,
      `Ticket ${numberOf(target)} was merged into ${into}: merge into ${into} instead`,
    )
  }
  const { rows: duplicates } = await tx.query<{ number: number }>(
    'select "number" from tickets where "mergedIntoId" = $1 order by "number"',
    [source.id],
  )
  if (duplicates.length > 0) {
    throw new AppError(
      ErrorType.documentUpdateConflict,
      `Ticket ${numberOf(source)} holds merged tickets (${duplicates.map((d) => `#${d.number}`).join(', ')}): merge ${numberOf(target)} into it instead`,
    )
  }
}

/**
 * The source's whole conversation onto the target: its first mail as a message at the ticket's own time
 * (a ticket's first mail is the ticket itself, not a message), then its messages, attachments, raw mail
 * and Message-IDs. Returns how many messages the target gained.
 */
async function moveConversation(tx: TQueryable, source: TTicketRow, target: TTicketRow): Promise<number> {
  const permissions = WorkspacePermissions.members(source.teamId, ['read', 'delete'])
  await tx.query(
    `insert into messages (id, permissions, read_roles, created_at, updated_at, "ticketId", "userId", "teamId",
       "direction", "from", "subject", "body", "rawJson", "messageId", "inboundId", "sentAt", "createdAt")
     select $1, $2, $3, t.created_at, t.created_at, $4, t."userId", t."teamId", 'inbound', t.email, t.subject,
       t.body, case when jsonb_typeof(t."rawJson") = 'object' then t."rawJson" end, null, null, null, t.created_at
     from tickets t where t.id = $5`,
    [uniqueId(), formatPermissions(permissions), rolesFor(permissions, 'read'), target.id, source.id],
  )
  const { rowCount } = await tx.query('update messages set "ticketId" = $2 where "ticketId" = $1', [
    source.id,
    target.id,
  ])
  await tx.query('update files set "ticketId" = $2 where "ticketId" = $1', [source.id, target.id])
  await tx.query('update inbound_emails set "ticketId" = $2 where "ticketId" = $1', [source.id, target.id])
  await tx.query('update mail_thread_ids set ticket_id = $2 where ticket_id = $1', [source.id, target.id])
  return rowCount + 1
}
