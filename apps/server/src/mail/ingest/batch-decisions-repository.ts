import type { TInboundStatus } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'

/** How a mailbox and a Message-ID are keyed in the maps below. */
export function messageKey(mailboxId: string, messageId: string): string {
  return `${mailboxId} ${messageId}`
}

/** How a workspace and a Message-ID of a conversation are keyed in the sets below. */
export function threadKey(teamId: string, messageId: string): string {
  return `${teamId} ${messageId}`
}

/** Each delivery's place in the order the deliveries were stored (1 for the first), and its size. */
export async function findArrivalOrder(
  db: TQueryable,
  inboundIds: string[],
): Promise<Map<string, { position: number; size: number }>> {
  const { rows } = await db.query<{ id: string; position: number; size: number }>(
    `select id, (row_number() over (order by seq))::int as position, "size" from inbound_emails
     where id = any($1::text[])`,
    [inboundIds],
  )
  return new Map(rows.map((row) => [row.id, { position: row.position, size: row.size }]))
}

/**
 * For each (mailbox, Message-ID), the first delivery already decided with it, in one statement for a
 * whole batch: the mail is then a duplicate of that one.
 */
export async function findDecidedMessageIds(
  db: TQueryable,
  keys: { mailboxId: string; messageId: string }[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map()
  const { rows } = await db.query<{ mailboxId: string; messageId: string; id: string }>(
    `select distinct on (i."mailboxId", i."messageId") i."mailboxId", i."messageId", i.id
     from unnest($1::text[], $2::text[]) as k(mailbox_id, message_id)
     join inbound_emails i on i."mailboxId" = k.mailbox_id and i."messageId" = k.message_id
     where i."status" <> 'received' and i."duplicateOf" is null
     order by i."mailboxId", i."messageId", i.seq`,
    [keys.map((k) => k.mailboxId), keys.map((k) => k.messageId)],
  )
  return new Map(rows.map((row) => [messageKey(row.mailboxId, row.messageId), row.id]))
}

/** Of the (workspace, Message-ID) pairs given, those already part of a ticket's conversation. */
export async function findKnownThreadIds(
  db: TQueryable,
  keys: { teamId: string; messageId: string }[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const { rows } = await db.query<{ team_id: string; message_id: string }>(
    `select t.team_id, t.message_id from unnest($1::text[], $2::text[]) as k(team_id, message_id)
     join mail_thread_ids t on t.team_id = k.team_id and t.message_id = k.message_id`,
    [keys.map((k) => k.teamId), keys.map((k) => k.messageId)],
  )
  return new Set(rows.map((row) => threadKey(row.team_id, row.message_id)))
}

export type TRecordOutcomeOptions = {
  inboundId: string
  status: Exclude<TInboundStatus, 'received'>
  reason: string | null
  from: string | null
  subject: string | null
  messageId: string | null
  ticketId?: string | null
  threadMessageId?: string | null
  duplicateOf?: string | null
}

/** The decisions of several deliveries, in one statement. */
export async function recordInboundOutcomes(
  db: TQueryable,
  outcomes: TRecordOutcomeOptions[],
): Promise<void> {
  if (outcomes.length === 0) return
  const column = (pick: (outcome: TRecordOutcomeOptions) => string | null | undefined, max?: number) =>
    outcomes.map((outcome) => {
      const value = pick(outcome) ?? null
      return value !== null && max !== undefined ? value.slice(0, max) : value
    })
  await db.query(
    `update inbound_emails i set "status" = v.status, "reason" = v.reason, "from" = v.sender,
       "subject" = v.subject, "messageId" = v.message_id, "ticketId" = v.ticket_id,
       "threadMessageId" = v.thread_message_id, "duplicateOf" = coalesce(v.duplicate_of, i."duplicateOf"),
       "processedAt" = now(), updated_at = now()
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[]) as v(id, status, reason, sender, subject, message_id, ticket_id, thread_message_id, duplicate_of)
     where i.id = v.id`,
    [
      column((o) => o.inboundId),
      column((o) => o.status),
      column((o) => o.reason, 2000),
      column((o) => o.from, 320),
      column((o) => o.subject, 998),
      column((o) => o.messageId, 998),
      column((o) => o.ticketId),
      column((o) => o.threadMessageId),
      column((o) => o.duplicateOf),
    ],
  )
}
