import crypto from 'node:crypto'
import { type TInboundChannel, type TInboundStatus, uniqueId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { formatPermissions, rolesFor, type TPermission } from '../../documents/permissions'

export type TInboundRow = {
  seq: number
  id: string
  created_at: Date
  mailboxId: string
  userId: string
  channel: TInboundChannel
  externalId: string | null
  sha256: string
  size: number
  envelopeFrom: string | null
  duplicateOf: string | null
  status: TInboundStatus
  reason: string | null
  messageId: string | null
  ticketId: string | null
  threadMessageId: string | null
}

/** Ids drawn from a strong source: at thousands of deliveries a second, Math.random's ids could meet. */
export function newInboundId(): string {
  return uniqueId(new Date(), () => crypto.randomInt(16) / 16)
}

export function inboundPermissions(userId: string): TPermission[] {
  return [{ action: 'read', role: `user:${userId}` }]
}

export type TInsertInboundOptions = {
  id: string
  mailboxId: string
  userId: string
  channel: TInboundChannel
  externalId: string | null
  sha256: string
  size: number
  envelopeFrom: string | null
  duplicateOf: string | null
}

/** Inserts the delivery unless the same bytes or external id are already stored for the mailbox. */
export async function insertInbound(
  db: TQueryable,
  options: TInsertInboundOptions,
): Promise<TInboundRow | undefined> {
  const permissions = inboundPermissions(options.userId)
  const isDuplicate = options.duplicateOf !== null
  const { rows } = await db.query<TInboundRow>(
    `insert into inbound_emails (id, permissions, read_roles, "mailboxId", "userId", "channel", "externalId",
       "sha256", "size", "envelopeFrom", "duplicateOf", "status", "reason", "processedAt")
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict do nothing returning *`,
    [
      options.id,
      formatPermissions(permissions),
      rolesFor(permissions, 'read'),
      options.mailboxId,
      options.userId,
      options.channel,
      options.externalId,
      options.sha256,
      options.size,
      options.envelopeFrom,
      options.duplicateOf,
      isDuplicate ? 'duplicate' : 'received',
      isDuplicate ? `the same delivery as ${options.duplicateOf} arrived again` : null,
      isDuplicate ? new Date() : null,
    ],
  )
  return rows[0]
}

/** The first stored copy of a delivery: same bytes, or same channel and external id, to the mailbox. */
export async function findOriginalDelivery(
  db: TQueryable,
  options: { mailboxId: string; sha256: string; channel: TInboundChannel; externalId: string | null },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `select id from inbound_emails where "mailboxId" = $1 and "duplicateOf" is null
       and ("sha256" = $2 or ("channel" = $3 and "externalId" = $4)) order by seq limit 1`,
    [options.mailboxId, options.sha256, options.channel, options.externalId],
  )
  return rows[0]?.id
}

export async function insertInboundRaw(db: TQueryable, options: { inboundId: string; raw: Uint8Array }) {
  await db.query('insert into inbound_raw (inbound_id, raw) values ($1, $2)', [
    options.inboundId,
    options.raw,
  ])
}

export async function findInboundWithRaw(
  db: TQueryable,
  inboundId: string,
): Promise<(TInboundRow & { raw: Uint8Array | null }) | undefined> {
  const { rows } = await db.query<TInboundRow & { raw: Uint8Array | null }>(
    `select i.*, r.raw from inbound_emails i left join inbound_raw r on r.inbound_id = i.id where i.id = $1`,
    [inboundId],
  )
  return rows[0]
}

/** Locks the row for the deciding transaction; undefined when another run has already decided it. */
export async function lockPendingInbound(db: TQueryable, inboundId: string): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>(
    'select "status" from inbound_emails where id = $1 for update',
    [inboundId],
  )
  return rows[0]?.status === 'received'
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

export async function recordInboundOutcome(db: TQueryable, options: TRecordOutcomeOptions): Promise<void> {
  await db.query(
    `update inbound_emails set "status" = $2, "reason" = $3, "from" = $4, "subject" = $5, "messageId" = $6,
       "ticketId" = $7, "threadMessageId" = $8, "duplicateOf" = coalesce($9, "duplicateOf"),
       "processedAt" = now(), updated_at = now()
     where id = $1`,
    [
      options.inboundId,
      options.status,
      options.reason?.slice(0, 2000) ?? null,
      options.from?.slice(0, 320) ?? null,
      options.subject?.slice(0, 998) ?? null,
      options.messageId?.slice(0, 998) ?? null,
      options.ticketId ?? null,
      options.threadMessageId ?? null,
      options.duplicateOf ?? null,
    ],
  )
}

/** Another delivery of the same Message-ID to the mailbox that was already decided. */
export async function findDecidedMessageId(
  db: TQueryable,
  options: { mailboxId: string; messageId: string; exceptId: string },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `select id from inbound_emails where "mailboxId" = $1 and "messageId" = $2 and id <> $3
       and "status" <> 'received' and "duplicateOf" is null order by seq limit 1`,
    [options.mailboxId, options.messageId, options.exceptId],
  )
  return rows[0]?.id
}

/** Deliveries still waiting for a decision, oldest first (for the sweeper). */
export async function findPendingInbound(
  db: TQueryable,
  options: { idleSeconds: number; limit: number },
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from inbound_emails where "status" = 'received' and created_at < now() - make_interval(secs => $1)
     order by created_at limit $2`,
    [options.idleSeconds, options.limit],
  )
  return rows.map((r) => r.id)
}
