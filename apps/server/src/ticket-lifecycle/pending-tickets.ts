import {
  AUTOMATIC_SENDER_PATTERN,
  LifecycleSettings,
  TicketEventActor,
  TicketEventType,
  TicketStatus,
  type TTicketRow,
} from '@parsedesk/contracts'
import { replyVoice } from '../conversations/reply-voice'
import type { TDatabase } from '../db/database'
import type { TOutboxRow } from '../outbox/outbox-repository'
import type { TOutbox } from '../outbox/outbox-service'
import { latestStatusEvent, workspaceNumber } from '../tickets/status-clock'
import { changesBetween, recordTicketEvents } from '../tickets/ticket-events'
import { lockTicket, updateLockedTicket } from '../tickets/ticket-repository'
import { announceTickets } from './lock-closed-tickets'
import { languageOfTicket, reminderMail } from './reminder-mail'

export type TPendingDeps = {
  db: TDatabase
  outbox: Pick<TOutbox, 'queueMail' | 'announceQueued'>
  /** After the commit of tickets the server closed: their update events. */
  announceUpdated(rows: TTicketRow[]): Promise<void>
}

const { pendingReminderDays, pendingCloseDays } = LifecycleSettings
const BATCH = 200

const days = (setting: { pref: string; default: number }) =>
  `make_interval(days => ${workspaceNumber(setting.pref, setting.default)})`

/**
 * Reminds the requester of each ticket pending its workspace's N days at `now`, once per pending spell
 * (a ticket set pending again later is reminded again), from the address replies use and as the member
 * who set it pending (else its assignee). Tickets that came in by mail only, never to an automatic sender.
 * Idempotent: one row per ticket and spell. Answers how many it reminded.
 */
export async function remindPendingTickets(deps: TPendingDeps, now: Date): Promise<number> {
  const { rows } = await deps.db.query<{
    id: string
    teamId: string
    number: number
    subject: string
    email: string
    language: string | null
    since: Date
    memberId: string
    memberName: string
    memberEmail: string
  }>(
    `select t.id, t."teamId", t."number", t.subject, lower(t.email) as email,
       t.analysis ->> 'language' as "language", p."since",
       u.id as "memberId", u.name as "memberName", u.email as "memberEmail"
     from tickets t join teams tm on tm.id = t."teamId"
     cross join lateral ${latestStatusEvent(TicketStatus.pending)} p
     join users u on u.id = coalesce(case when p."actorType" = 'user' then p."actorId" end, t."assigneeId")
     where t.status = 'pending' and t."mailboxId" is not null and t."mergedIntoId" is null
       and p."since" <= $1::timestamptz - ${days(pendingReminderDays)}
       and p."since" > $1::timestamptz - ${days(pendingCloseDays)}
       and not exists (select 1 from pending_reminders r where r."ticketId" = t.id and r."since" = p."since")
     order by p."since" limit ${BATCH}`,
    [now],
  )
  const reminded: string[] = []
  for (const ticket of rows) {
    if (AUTOMATIC_SENDER_PATTERN.test(ticket.email)) continue
    const mail = await deps.db.transaction(async (tx): Promise<TOutboxRow | undefined> => {
      const { rows: inserted } = await tx.query(
        `insert into pending_reminders ("ticketId", "since", "remindedAt") values ($1, $2, $3)
         on conflict do nothing returning "ticketId"`,
        [ticket.id, ticket.since, now],
      )
      if (inserted.length === 0) return undefined
      const agent = { id: ticket.memberId, name: ticket.memberName, email: ticket.memberEmail }
      const voice = await replyVoice(tx, { teamId: ticket.teamId, ticketId: ticket.id, agent })
      const queued = await deps.outbox.queueMail(
        tx,
        reminderMail({
          ...{ ticketId: ticket.id, since: ticket.since, teamId: ticket.teamId, memberId: ticket.memberId },
          ...{ to: ticket.email, from: voice.from, replyTo: voice.address },
          ...{ language: languageOfTicket(ticket.language), ticket },
        }),
      )
      await recordTicketEvents(tx, [
        {
          ...{ ticketId: ticket.id, teamId: ticket.teamId, actorType: TicketEventActor.system },
          ...{
            actorId: null,
            type: TicketEventType.pendingReminder,
            before: null,
            after: { mail: queued.id },
          },
        },
      ])
      return queued
    })
    if (!mail) continue
    await deps.outbox.announceQueued([mail])
    reminded.push(ticket.id)
  }
  await announceTickets(deps, reminded)
  return reminded.length
}

/**
 * Closes each ticket pending its workspace's M days at `now` (counted from when it was set pending), by
 * the server: a `status` event with the system as its author. Idempotent: a closed ticket is no longer
 * pending. Answers how many it closed.
 */
export async function closePendingTickets(deps: TPendingDeps, now: Date): Promise<number> {
  const { rows: due } = await deps.db.query<{ id: string }>(
    `select t.id from tickets t join teams tm on tm.id = t."teamId"
     cross join lateral ${latestStatusEvent(TicketStatus.pending)} p
     where t.status = 'pending' and p."since" <= $1::timestamptz - ${days(pendingCloseDays)}
     order by p."since" limit ${BATCH}`,
    [now],
  )
  const closed: TTicketRow[] = []
  for (const { id } of due) {
    const row = await deps.db.transaction(async (tx) => {
      const current = await lockTicket(tx, id)
      // Answered or changed since it was read: the customer's mail or a member moved it on.
      if (current?.status !== TicketStatus.pending) return undefined
      const changed = await updateLockedTicket(tx, id, { status: TicketStatus.closed })
      const system = {
        ticketId: id,
        teamId: changed.teamId,
        actorType: TicketEventActor.system,
        actorId: null,
      }
      await recordTicketEvents(
        tx,
        changesBetween(current, changed).map((change) => ({ ...system, ...change })),
      )
      return changed
    })
    if (row) closed.push(row)
  }
  await deps.announceUpdated(closed)
  return closed.length
}
