import { OutboundMailKind, OutboundMailState } from '@parsedesk/contracts'
import type { TQueryable, TTransaction } from '../db/database'
import { describeDeliveryFailure, type TDeliveryRecipient, type TDeliveryReport } from '../mail/parse'
import type { TDeliveryChange, TDeliveryObserver } from '../outbox/delivery-observer'
import { recordReturned, type TOutboxRow } from '../outbox/outbox-repository'

/** What a bounce's report did to our replies: the reason the delivery's outcome shows, and the change. */
export type TReturnedMail = { note: string; change?: TDeliveryChange }

/**
 * The workspace's reply whose return path the report came to, locked. The join through its message and
 * ticket keeps it to the workspace the delivery was stored for.
 */
async function lockReturnedReply(
  tx: TQueryable,
  options: { teamId: string; mailId: string },
): Promise<TOutboxRow | undefined> {
  const { rows } = await tx.query<TOutboxRow>(
    `select o.* from outbox o
       join messages m on m."mailId" = o.id
       join tickets t on t.id = m."ticketId"
     where o.id = $1 and o."kind" = $2 and t."teamId" = $3
     limit 1
     for update of o`,
    [options.mailId, OutboundMailKind.reply, options.teamId],
  )
  return rows[0]
}

/**
 * The Message-ID of the workspace's reply a report at the parsing address names, if it names one: shown
 * in the delivery's reason, never acted on (anyone copied on a reply knows its Message-ID).
 */
async function findNamedReply(
  tx: TQueryable,
  options: { teamId: string; messageIds: string[] },
): Promise<string | undefined> {
  if (options.messageIds.length === 0) return undefined
  const { rows } = await tx.query<{ messageId: string }>(
    `select o."messageId" from mail_thread_ids t
       join messages m on m."ticketId" = t.ticket_id and m."messageId" = t.message_id
       join outbox o on o.id = m."mailId"
     where t.team_id = $1 and t.message_id = any($2::text[]) and o."kind" = $3
     order by array_position($2::text[], t.message_id) limit 1`,
    [options.teamId, options.messageIds, OutboundMailKind.reply],
  )
  return rows[0]?.messageId
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
 * A delivery status notification. Only one that came to a reply's return path (`returnedMailId`, decision
 * 028) acts: when it says the mail failed for the requester, the reply's mail goes from `sent` to
 * `failed` with the remote server's words, and `delivery` records it (the message's state, the `delivery`
 * event) in `tx`, the same way a relay's refusal is recorded, so the timeline and the next reply's
 * bounced-address check read one record. A report at the parsing address only says which reply it names;
 * one that delays, or fails only copies, changes nothing.
 */
export async function recordReturnedMail(
  tx: TTransaction,
  options: {
    teamId: string
    report: TDeliveryReport
    returnedMailId: string | null
    delivery: TDeliveryObserver
  },
): Promise<TReturnedMail | undefined> {
  const { report, teamId } = options
  if (options.returnedMailId === null) {
    const named = await findNamedReply(tx, { teamId, messageIds: report.originalMessageIds })
    return named === undefined
      ? undefined
      : {
          note: `names reply ${named} but came to the parsing address, not its return path: no reply changed`,
        }
  }
  const delayed = report.recipients.filter((r) => r.action === 'delayed')
  if (!report.recipients.some((r) => r.action === 'failed')) {
    return delayed.length > 0
      ? { note: `delayed for ${delayed.map((r) => r.recipient).join(', ')}, not a failure` }
      : undefined
  }
  const mail = await lockReturnedReply(tx, { teamId, mailId: options.returnedMailId })
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
