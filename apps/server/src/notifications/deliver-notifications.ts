import { NotificationLimits, type TNotificationKind } from '@parsedesk/contracts'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TOutboxRow } from '../outbox/outbox-repository'
import type { TOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import { notificationMail } from './notification-mail'
import { emailSettingsOf, wantsMail } from './notification-settings'

export type TNotificationDeliveryDeps = {
  db: TDatabase
  bus: TEventBus
  outbox: TOutbox
  collection: TCollectionDefinition
  publicUrl: string
  log: TLog
}

/** Which notifications to announce: those of a ticket that just changed, or any left waiting this long. */
export type TUnannounced = { ticketId: string } | { olderThanSeconds: number }

type TNotificationRow = TDocumentRow & {
  userId: string
  teamId: string
  kind: TNotificationKind
  ticketNumber: number
  ticketSubject: string
  actorName: string | null
}

/**
 * Announces the notifications the database made and nobody has announced yet: claimed in one statement, so
 * of every process that heard of the change exactly one announces each; mailed, in the claim's transaction,
 * to a member who wants that kind by mail and has verified their address, unless they had
 * `mailsPerMemberHour` such mails this hour; then shown to their member over the realtime socket.
 */
export function createNotificationDelivery(deps: TNotificationDeliveryDeps) {
  const { db, bus, outbox, collection } = deps

  async function announce(which: TUnannounced): Promise<number> {
    const { rows, mails } = await db.transaction(async (tx) => {
      const claimed = await claim(tx, which)
      const queued: TOutboxRow[] = []
      for (const row of claimed) {
        const mail = await mailFor(tx, row)
        if (mail) queued.push(mail)
      }
      return { rows: claimed, mails: queued }
    })
    await outbox.announceQueued(mails)
    await Promise.all(
      rows.map((row) => publishDocumentEvent({ bus, def: collection, action: 'create', row })),
    )
    return rows.length
  }

  async function mailFor(tx: TQueryable, row: TNotificationRow): Promise<TOutboxRow | undefined> {
    if (!wantsMail(await emailSettingsOf(tx, row.userId), row.kind)) return undefined
    const { rows } = await tx.query<{ email: string; sent: number }>(
      `select u.email,
         (select count(*)::int from outbox o
           where o."userId" = u.id and o."kind" = 'notification' and o.created_at > now() - interval '1 hour') as sent
       from users u where u.id = $1 and u.email_verification`,
      [row.userId],
    )
    const member = rows[0]
    if (!member) return undefined
    if (member.sent >= NotificationLimits.mailsPerMemberHour) {
      deps.log(`notification mail to member ${row.userId} held back: ${member.sent} this hour`)
      return undefined
    }
    return outbox.queueMail(tx, notificationMail({ ...row, to: member.email, publicUrl: deps.publicUrl }))
  }

  return {
    announce,
    /** Announces without failing its caller (a bus listener): a failure waits for the sweep. */
    announceQuietly(which: TUnannounced): void {
      announce(which).catch((error: unknown) => deps.log('announcing notifications failed', error))
    },
  }
}

function claim(tx: TQueryable, which: TUnannounced): Promise<TNotificationRow[]> {
  const [condition, param] =
    'ticketId' in which
      ? [`"ticketId" = $1`, which.ticketId]
      : [`created_at < now() - make_interval(secs => $1)`, which.olderThanSeconds]
  return tx
    .query<TNotificationRow>(
      `update notifications set "announcedAt" = now()
       where id in (
         select id from notifications where "announcedAt" is null and ${condition}
         order by seq limit 500 for update skip locked
       )
       returning *`,
      [param],
    )
    .then((result) => result.rows)
}
