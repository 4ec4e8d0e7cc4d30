import { OutboundMailKind, OutboundMailState } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import type { TDeliveryChange, TDeliveryObserver } from '../../outbox/delivery-observer'
import { recordReturned, type TOutboxRow } from '../../outbox/outbox-repository'
import { describeDeliveryFailure, type TDeliveryRecipient, type TDeliveryReport } from '../parse'

/** What a bounce's report did to our replies: the reason the delivery's outcome shows, and the change. */
export type TReturnedMail = { note: string; change?: TDeliveryChange }

/**
 * The workspace's reply the report is about, locked: the first of the report's Message-IDs that is one of
 * ours, found through the thread ids every reply leaves (indexed by workspace), so a report sent to one
 * workspace never touches another's mail.
 */
async function findReturnedReply(
  tx: TQueryable,
  options: { teamId: string; messageIds: string[] },
): Promise<TOutboxRow | undefined> {
  if (options.messageIds.length === 0) return undefined
  const { rows } = await tx.query<TOutboxRow>(
    `select o.* from mail_thread_ids t
       join messages m on m."ticketId" = t.ticket_id and m."messageId" = t.message_id
       join outbox o on o.id = m."mailId"
     where t.team_id = $1 and t.message_id = any($2::text[]) and o."kind" = $3
     order by array_position($2::text[], t.message_id) limit 1
     for update of o`,
    [options.teamId, options.messageIds, OutboundMailKind.reply],
  )
  return rows[0]
}

/** Who the report names that the reply went To (the requester), by final or original address. */
function failedRequesters(mail: TOutboxRow, recipients: TDeliveryRecipient[]): TDeliveryRecipient[] {
  const to = new Set(mail.to.map((address) => address.toLowerCase()))
  return recipients.filter(
    (r) =>
      r.action === 'failed' &&
      (to.has(r.recipient) || (r.originalRecipient !== null && to.has(r.originalRecipient))),
  )
}

/**
 * A delivery status notification for one of the workspace's replies: when it says the mail failed for the
 * requester, the reply's mail goes from `sent` to `failed` with the remote server's words, and `delivery`
 * records it (the message's state, the `delivery` event) in `tx`, the same way a relay's refusal is
 * recorded, so the timeline and the next reply's bounced-address check read one record. A report that is
 * about none of our replies, or only delays or copies, changes nothing.
 */
export async function recordReturnedMail(
  tx: TQueryable,
  options: { teamId: string; report: TDeliveryReport; delivery: TDeliveryObserver },
): Promise<TReturnedMail | undefined> {
  const { report } = options
  const delayed = report.recipients.filter((r) => r.action === 'delayed')
  if (!report.recipients.some((r) => r.action === 'failed')) {
    return delayed.length > 0
      ? { note: `delayed for ${delayed.map((r) => r.recipient).join(', ')}, not a failure` }
      : undefined
  }
  const mail = await findReturnedReply(tx, { teamId: options.teamId, messageIds: report.originalMessageIds })
  if (!mail) return undefined
  const failed = failedRequesters(mail, report.recipients)
  const first = failed[0]
  if (!first) return { note: `about reply ${mail.messageId}, failed for none of its requesters` }
  const reason = describeDeliveryFailure(first)
  const moved = await recordReturned(tx, { id: mail.id, reason })
  if (!moved) return { note: `about reply ${mail.messageId}, already ${mail.state}` }
  const change = { mail: moved, before: OutboundMailState.sent }
  await options.delivery.record(tx, change)
  return { note: `reply ${mail.messageId} to ${first.recipient} failed: ${reason}`, change }
}
