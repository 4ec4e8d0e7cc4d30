import {
  CategoryKey,
  ErrorType,
  ProcessingStatus,
  SpamBlock,
  SpamMessages,
  senderDomainOf,
  type TBlockedSender,
  TicketEventActor,
  TicketEventType,
  TicketStatus,
  type TTicketRow,
  type TTrustedSender,
  type ZMarkSpam,
} from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import { isManager, isMember } from '../teams/workspace-access'
import { enqueueTicketAnalysis } from '../tickets/ticket-analysis-enqueue'
import { recordTicketEvents } from '../tickets/ticket-events'
import type { TTicketService } from '../tickets/ticket-service'
import { blockSender, listBlockedSenders, unblockSender } from './blocked-senders-repository'
import { forgetTrustedSender, listTrustedSenders, trustSender } from './trusted-senders-repository'

export type TSpamServiceDeps = {
  db: TDatabase
  tickets: Pick<TTicketService, 'lockTicket' | 'changeByMember' | 'announceUpdated'>
  queue: TJobQueue
  log: TLog
}

type TUser = Extract<TAuth, { kind: 'user' }>

function userOf(auth: TAuth): TUser {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  return auth
}

/** The ticket, locked, when the caller works its workspace; not found otherwise (another's is not there). */
async function lockMembersTicket(
  tx: TQueryable,
  deps: TSpamServiceDeps,
  options: { user: TUser; ticketId: string },
): Promise<TTicketRow> {
  const ticket = await deps.tickets.lockTicket(tx, options.ticketId)
  if (!ticket || !isMember(options.user, ticket.teamId)) throw AppError.documentNotFound()
  return ticket
}

/**
 * The category a member's "spam" replaced, when a member marked it: what "not spam" restores. Null when
 * the analyser filed the ticket as spam (no member set it).
 */
async function categoryBeforeMemberMarkedSpam(tx: TQueryable, ticketId: string): Promise<string | null> {
  const { rows } = await tx.query<{ before: unknown }>(
    `select "before" from ticket_events
     where "ticketId" = $1 and "type" = $2 and "actorType" = $3 and "after" = to_jsonb($4::text)
     order by seq desc limit 1`,
    [ticketId, TicketEventType.category, TicketEventActor.user, CategoryKey.spam],
  )
  const before = rows[0]?.before
  return typeof before === 'string' && before !== CategoryKey.spam ? before : null
}

/**
 * Spam an agent acts on (decision 020): mark a ticket spam (category spam, closed) and block its sender in
 * the same action; undo it in one click ("not spam"); the workspace's block list, read by its members and
 * shortened by its owners and admins. Every change is logged on the ticket in its transaction.
 */
export function createSpamService(deps: TSpamServiceDeps) {
  const { db } = deps

  return {
    async markSpam(
      auth: TAuth,
      ticketId: string,
      { block }: z.output<typeof ZMarkSpam>,
    ): Promise<TTicketRow> {
      const user = userOf(auth)
      const row = await db.transaction(async (tx) => {
        const ticket = await lockMembersTicket(tx, deps, { user, ticketId })
        const { teamId } = ticket
        const address = ticket.email.trim().toLowerCase()
        const domain = senderDomainOf(address)
        let blocked: string | null = null
        if (block !== SpamBlock.none) {
          if (!domain) throw AppError.invalid(SpamMessages.noSender)
          blocked = block === SpamBlock.domain ? domain : address
          await blockSender(tx, { teamId, kind: block, value: blocked, ticketId, userId: user.user.id })
        }
        const changed = await deps.tickets.changeByMember(tx, user.user.id, {
          ticketId,
          data: { category: CategoryKey.spam, status: TicketStatus.closed },
        })
        await recordTicketEvents(tx, [
          {
            ticketId,
            teamId,
            actorType: TicketEventActor.user,
            actorId: user.user.id,
            type: TicketEventType.spam,
            before: null,
            after: { spam: true, blocked },
          },
        ])
        return changed
      })
      await deps.tickets.announceUpdated([row])
      return row
    },

    /**
     * A false positive: the ticket opens again. Marked by a member, it gets back the category it had;
     * filed as spam by the analyser, it is analysed again with the spam rules set aside, so it gets the
     * model's category (or "other") and an analysis of its own. The sender stays blocked, if it was:
     * unblocking is for owners and admins.
     */
    async markNotSpam(auth: TAuth, ticketId: string): Promise<TTicketRow> {
      const user = userOf(auth)
      const { row, reanalyse } = await db.transaction(async (tx) => {
        const ticket = await lockMembersTicket(tx, deps, { user, ticketId })
        if (ticket.category !== CategoryKey.spam) throw AppError.invalid(SpamMessages.notSpam)
        // The workspace learns from it: this sender's later mail is not filed as spam (decision 050).
        if (ticket.email) {
          await trustSender(tx, {
            teamId: ticket.teamId,
            address: ticket.email,
            ticketId,
            userId: user.user.id,
          })
        }
        const restored = await categoryBeforeMemberMarkedSpam(tx, ticketId)
        if (restored === null) {
          // The analysis files it afresh; no member chose its category, so the analyser's choice stands.
          await tx.query(
            `update tickets set "category" = $2, "processing_status" = $3, "processing_error" = null
             where id = $1`,
            [ticketId, CategoryKey.other, ProcessingStatus.waiting],
          )
        }
        const changed = await deps.tickets.changeByMember(tx, user.user.id, {
          ticketId,
          data: { status: TicketStatus.open, ...(restored === null ? {} : { category: restored }) },
        })
        await recordTicketEvents(tx, [
          {
            ticketId,
            teamId: ticket.teamId,
            actorType: TicketEventActor.user,
            actorId: user.user.id,
            type: TicketEventType.spam,
            before: null,
            after: { spam: false, blocked: null },
          },
        ])
        return { row: changed, reanalyse: restored === null }
      })
      await deps.tickets.announceUpdated([row])
      if (reanalyse) await enqueueTicketAnalysis({ queue: deps.queue, ticketId, log: deps.log })
      return row
    },

    async listBlocked(auth: TAuth, teamId: string): Promise<{ total: number; senders: TBlockedSender[] }> {
      const user = userOf(auth)
      if (!isMember(user, teamId)) throw new AppError(ErrorType.teamNotFound)
      const senders = await listBlockedSenders(db, teamId)
      return { total: senders.length, senders }
    },

    async listTrusted(auth: TAuth, teamId: string): Promise<{ total: number; senders: TTrustedSender[] }> {
      const user = userOf(auth)
      if (!isMember(user, teamId)) throw new AppError(ErrorType.teamNotFound)
      const senders = await listTrustedSenders(db, teamId)
      return { total: senders.length, senders }
    },

    async forgetTrusted(auth: TAuth, teamId: string, id: string): Promise<void> {
      const user = userOf(auth)
      if (!isMember(user, teamId)) throw new AppError(ErrorType.teamNotFound)
      if (!isManager(user, teamId)) throw AppError.forbidden(SpamMessages.notManagerToForget)
      if (!(await forgetTrustedSender(db, { teamId, id }))) throw AppError.documentNotFound()
    },

    async unblock(auth: TAuth, teamId: string, id: string): Promise<void> {
      const user = userOf(auth)
      if (!isMember(user, teamId)) throw new AppError(ErrorType.teamNotFound)
      if (!isManager(user, teamId)) throw AppError.forbidden(SpamMessages.notManager)
      if (!(await unblockSender(db, { teamId, id }))) throw AppError.documentNotFound()
    },
  }
}

export type TSpamService = ReturnType<typeof createSpamService>
