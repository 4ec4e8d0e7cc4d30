import crypto from 'node:crypto'
import { type TInboundChannel, type TInboundStatus, uniqueId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { formatPermissions, rolesFor, type TPermission } from '../../documents/permissions'
import type { OUTCOME_COUNTER, TInboundOutcome } from '../mailboxes/mailbox-repository'

export type TOutcomeCounter = (typeof OUTCOME_COUNTER)[TInboundOutcome]

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

/**
 * A delivery seen for the first time, its bytes and the mailbox's `received` count in one statement, so
 * one round trip commits it and the mailbox row (which every delivery to it updates) is locked only for
 * that statement's commit. Undefined, with nothing written, when the same bytes or external id (or the
 * drawn id) are already stored.
 */
export async function insertNewDelivery(
  db: TQueryable,
  options: Omit<TInsertInboundOptions, 'duplicateOf'> & { raw: Uint8Array },
): Promise<string | undefined> {
  const permissions = inboundPermissions(options.userId)
  const { rows } = await db.query<{ id: string }>(
    `with inserted as (
       insert into inbound_emails (id, permissions, read_roles, "mailboxId", "userId", "channel", "externalId",
         "sha256", "size", "envelopeFrom", "status")
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'received')
       on conflict do nothing returning id
     ), stored as (
       insert into inbound_raw (inbound_id, raw) select id, $11 from inserted
     ), counted as (
       update mailboxes set "received" = "received" + 1 where id = $4 and exists (select 1 from inserted)
     )
     select id from inserted`,
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
      options.raw,
    ],
  )
  return rows[0]?.id
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

export type TInboundWithRaw = TInboundRow & { raw: Uint8Array | null }

/** Several deliveries with their bytes, by id, in one statement. */
export async function findInboundsWithRaw(
  db: TQueryable,
  inboundIds: string[],
): Promise<Map<string, TInboundWithRaw>> {
  const { rows } = await db.query<TInboundWithRaw>(
    `select i.*, r.raw from inbound_emails i left join inbound_raw r on r.inbound_id = i.id
     where i.id = any($1::text[])`,
    [inboundIds],
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/** Locks the rows in id order (so batches never wait on each other in a cycle); the ids still undecided. */
export async function lockPendingInbounds(db: TQueryable, inboundIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string; status: string }>(
    'select id, "status" from inbound_emails where id = any($1::text[]) order by id for update',
    [inboundIds],
  )
  return new Set(rows.filter((row) => row.status === 'received').map((row) => row.id))
}

/**
 * Adds several outcomes to a mailbox's counters in one update. The mailbox row is every delivery's hot
 * spot (SMTP intake counts `received` on it too), so a batch takes its lock once, just before commit.
 */
export async function addOutcomeCounts(
  db: TQueryable,
  options: { mailboxId: string; counts: Map<TOutcomeCounter, number> },
): Promise<void> {
  const entries = [...options.counts.entries()].filter(([, n]) => n > 0)
  if (entries.length === 0) return
  const sets = entries.map(([counter], index) => `"${counter}" = "${counter}" + $${index + 2}`)
  await db.query(`update mailboxes set ${sets.join(', ')} where id = $1`, [
    options.mailboxId,
    ...entries.map(([, n]) => n),
  ])
}
