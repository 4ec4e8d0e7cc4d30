import { NotificationLimits, type TNotificationKind } from '@parsedesk/contracts'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TOutboxRow } from '../outbox/outbox-repository'
import type { TOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import { notificationMail } from './notification-mail'
import { emailSettingsFrom, wantsMail } from './notification-settings'

export type TNotificationDeliveryDeps = {
  db: TDatabase
  bus: TEventBus
  outbox: TOutbox
  collection: TCollectionDefinition
  publicUrl: string
  log: TLog
}

/** Which notifications to announce: those of tickets that just changed, or any left waiting this long. */
export type TUnannounced = { ticketIds: readonly string[] } | { olderThanSeconds: number }

type TNotificationRow = TDocumentRow & {
  userId: string
  teamId: string
  kind: TNotificationKind
  ticketNumber: number
  ticketSubject: string
  actorName: string | null
}

/**
 * A claimed notification with what mailing it needs of its member: their stored mail choices, their
 * address when verified, and how many notification mails they had this hour.
 */
type TClaimedNotification = {
  row: TNotificationRow
  mailSettings: unknown
  memberEmail: string | null
  mailedThisHour: number
}

/**
 * Announces the notifications the database made and nobody has announced yet: claimed in one statement, so
 * of every process that heard of the change exactly one announces each; mailed, in the claim's transaction,
 * to a member who wants that kind by mail and has verified their address, unless they had
 * `mailsPerMemberHour` such mails this hour; then shown to their member over the realtime socket. A batch's
 * notifications share the transaction, and the claim reads their members' settings and mail counts.
 */
export function createNotificationDelivery(deps: TNotificationDeliveryDeps) {
  const { db, bus, outbox, collection } = deps

  async function announce(which: TUnannounced): Promise<number> {
    const { rows, mails } = await db.transaction(async (tx) => {
      const claimed = await claim(tx, which)
      return { rows: claimed.map(({ row }) => row), mails: await mailFor(tx, claimed) }
    })
    await outbox.announceQueued(mails)
    await Promise.all(
      rows.map((row) => publishDocumentEvent({ bus, def: collection, action: 'create', row })),
    )
    return rows.length
  }

  async function mailFor(tx: TQueryable, claimed: readonly TClaimedNotification[]): Promise<TOutboxRow[]> {
    // Counted forward as this batch queues, so a member's limit holds within one batch too.
    const sent = new Map<string, number>()
    const queued: TOutboxRow[] = []
    for (const { row, mailSettings, memberEmail, mailedThisHour } of claimed) {
      if (memberEmail === null || !wantsMail(emailSettingsFrom(mailSettings), row.kind)) continue
      const count = sent.get(row.userId) ?? mailedThisHour
      if (count >= NotificationLimits.mailsPerMemberHour) {
        deps.log(`notification mail to member ${row.userId} held back: ${count} this hour`)
        continue
      }
      sent.set(row.userId, count + 1)
      queued.push(
        await outbox.queueMail(tx, notificationMail({ ...row, to: memberEmail, publicUrl: deps.publicUrl })),
      )
    }
    return queued
  }

  let waiting = new Set<string>()
  let draining: Promise<void> | undefined

  /**
   * The tickets heard of while one announcement runs wait for the next, which takes them all: a batch's
   * tickets, whose events arrive together, share one transaction instead of one each. A failure is logged
   * and waits for the sweep.
   */
  async function drain(): Promise<void> {
    // The rest of the events published with the first (one ingest batch's) arrive before this resumes.
    await new Promise((resolve) => setImmediate(resolve))
    while (waiting.size > 0) {
      const ticketIds = [...waiting]
      waiting = new Set()
      await announce({ ticketIds }).catch((error: unknown) =>
        deps.log('announcing notifications failed', error),
      )
    }
    draining = undefined
  }

  return {
    announce,
    /** Announces a changed ticket's notifications without failing its caller (a bus listener). */
    announceTicket(ticketId: string): void {
      waiting.add(ticketId)
      draining ??= drain()
    },
    /** Resolves once the tickets heard of so far are announced (or their failure logged): for a stop. */
    settled(): Promise<void> {
      return draining ?? Promise.resolve()
    },
  }
}

/**
 * Claims the notifications, each with its member's mail choices, verified address and notification mails
 * this hour: one statement.
 */
async function claim(tx: TQueryable, which: TUnannounced): Promise<TClaimedNotification[]> {
  const [condition, param] =
    'ticketIds' in which
      ? [`"ticketId" = any($1::text[])`, which.ticketIds]
      : [`created_at < now() - make_interval(secs => $1)`, which.olderThanSeconds]
  const { rows } = await tx.query<
    TNotificationRow & { mailSettings: unknown; memberEmail: string | null; mailedThisHour: number }
  >(
    `with claimed as (
       update notifications set "announcedAt" = now()
       where id in (
         select id from notifications where "announcedAt" is null and ${condition}
         order by seq limit 500 for update skip locked
       )
       returning *
     )
     select claimed.*, s."email" as "mailSettings", u.email as "memberEmail",
       (select count(*)::int from outbox o
         where o."userId" = claimed."userId" and o."kind" = 'notification'
           and o.created_at > now() - interval '1 hour') as "mailedThisHour"
     from claimed
     left join notification_settings s on s."userId" = claimed."userId"
     left join users u on u.id = claimed."userId" and u.email_verification
     order by claimed.seq`,
    [param],
  )
  return rows.map(({ mailSettings, memberEmail, mailedThisHour, ...row }) => ({
    row,
    mailSettings,
    memberEmail,
    mailedThisHour,
  }))
}
