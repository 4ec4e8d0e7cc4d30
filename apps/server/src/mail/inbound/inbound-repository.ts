import crypto from 'node:crypto'
import { type TInboundChannel, type TInboundStatus, uniqueId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { formatPermissions, rolesFor, type TPermission } from '../../documents/permissions'
import { WorkspacePermissions } from '../../teams/workspace-access'
import type { OUTCOME_COUNTER, TInboundOutcome } from '../mailboxes/mailbox-repository'

export type TOutcomeCounter = (typeof OUTCOME_COUNTER)[TInboundOutcome]

export type TInboundRow = {
  seq: number
  id: string
  created_at: Date
  mailboxId: string
  userId: string
  teamId: string
  channel: TInboundChannel
  externalId: string | null
  sha256: string
  size: number
  envelopeFrom: string | null
  /** The reply whose return path the mail came to (decision 028); null at a parsing address. */
  returned_mail_id: string | null
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

/** Every member of the mailbox's workspace reads what arrived. */
export function inboundPermissions(teamId: string): TPermission[] {
  return WorkspacePermissions.members(teamId)
}

export type TInsertInboundOptions = {
  id: string
  mailboxId: string
  userId: string
  teamId: string
  channel: TInboundChannel
  externalId: string | null
  sha256: string
  size: number
  envelopeFrom: string | null
  returnedMailId: string | null
  duplicateOf: string | null
}

/** Inserts the delivery unless the same bytes or external id are already stored for the mailbox. */
export async function insertInbound(
  db: TQueryable,
  options: TInsertInboundOptions,
): Promise<TInboundRow | undefined> {
  const permissions = inboundPermissions(options.teamId)
  const isDuplicate = options.duplicateOf !== null
  const { rows } = await db.query<TInboundRow>(
    `insert into inbound_emails (id, permissions, read_roles, "mailboxId", "userId", "teamId", "channel",
       "externalId", "sha256", "size", "envelopeFrom", "duplicateOf", "status", "reason", "processedAt",
       returned_mail_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     on conflict do nothing returning *`,
    [
      options.id,
      formatPermissions(permissions),
      rolesFor(permissions, 'read'),
      options.mailboxId,
      options.userId,
      options.teamId,
      options.channel,
      options.externalId,
      options.sha256,
      options.size,
      options.envelopeFrom,
      options.duplicateOf,
      isDuplicate ? 'duplicate' : 'received',
      isDuplicate ? `the same delivery as ${options.duplicateOf} arrived again` : null,
      isDuplicate ? new Date() : null,
      options.returnedMailId,
    ],
  )
  return rows[0]
}

export type TNewDelivery = Omit<TInsertInboundOptions, 'duplicateOf'> & { raw: Uint8Array }

/**
 * A delivery seen for the first time, with its bytes and the mailbox's `received` count, in one statement.
 * Undefined, with nothing written, when the same bytes or external id (or the drawn id) are already stored.
 */
export async function insertNewDelivery(
  db: TQueryable,
  options: TNewDelivery,
  statement: { wake?: TWake } = {},
): Promise<string | undefined> {
  const stored = await insertNewDeliveries(db, [options], statement)
  return stored.has(options.id) ? options.id : undefined
}

/**
 * Several new deliveries in one statement: their rows, their bytes and one `received` update per mailbox.
 * Returns the ids stored; a delivery left out conflicted (same bytes or external id as one stored before
 * or earlier in this list, or its id taken) and nothing of it was written. The ids must differ.
 *
 * Each delivery's bytes are a parameter of their own: node-postgres and PGlite (db/pglite-bytea.ts) send
 * a Buffer parameter as binary, but a Buffer[] (bytea[]) as hex text the server must parse back. Mailbox
 * rows are locked in id order after the inserts, as the ingest batches lock them, so groups and batches
 * touching the same mailboxes never wait on each other in a cycle.
 */
export async function insertNewDeliveries(
  db: TQueryable,
  deliveries: readonly TNewDelivery[],
  options: { wake?: TWake } = {},
): Promise<Set<string>> {
  const params: unknown[] = []
  const rows: string[] = []
  const raws: string[] = []
  for (const delivery of deliveries) {
    const permissions = inboundPermissions(delivery.teamId)
    const first = params.length + 1
    const columns = [
      delivery.id,
      formatPermissions(permissions),
      rolesFor(permissions, 'read'),
      delivery.mailboxId,
      delivery.userId,
      delivery.teamId,
      delivery.channel,
      delivery.externalId,
      delivery.sha256,
      delivery.size,
      delivery.envelopeFrom,
      delivery.returnedMailId,
    ]
    params.push(...columns, delivery.raw)
    rows.push(`(${columns.map((_, index) => `$${first + index}`).join(', ')}, 'received')`)
    raws.push(`($${first}::text, $${params.length}::bytea)`)
  }
  const { rows: inserted } = await db.query<{ id: string }>(
    `with inserted as (
       insert into inbound_emails (id, permissions, read_roles, "mailboxId", "userId", "teamId", "channel",
         "externalId", "sha256", "size", "envelopeFrom", returned_mail_id, "status")
       values ${rows.join(', ')}
       on conflict do nothing returning id, "mailboxId"
     ), raws (id, raw) as (
       values ${raws.join(', ')}
     ), stored as (
       insert into inbound_raw (inbound_id, raw) select raws.id, raws.raw from raws join inserted using (id)
     ), locked as (
       -- In id order, so two groups never deadlock; as weak as the counter's update, so a delivery's
       -- foreign-key check on its mailbox does not wait for this group's commit.
       select id from mailboxes where id in (select "mailboxId" from inserted) order by id for no key update
     ), counted as (
       update mailboxes set "received" = "received" + counts.n
       from (select "mailboxId", count(*)::integer as n from inserted group by "mailboxId") as counts
       where mailboxes.id = counts."mailboxId" and mailboxes.id in (select id from locked)
     )${wakeOnCommit(options.wake, params)}`,
    params,
  )
  return new Set(inserted.map((row) => row.id))
}

/** A NOTIFY that the statement storing deliveries sends, delivered when it commits (decision 041). */
export type TWake = { channel: string; payload: string }

/**
 * The end of the storing statement: the stored ids, and with `wake` one NOTIFY for all of them when some
 * were stored (the aggregate always gives one row, so the join keeps the ids and the NOTIFY runs once).
 */
function wakeOnCommit(wake: TWake | undefined, params: unknown[]): string {
  if (!wake) return '\n     select id from inserted'
  params.push(wake.channel, wake.payload)
  const channel = `$${params.length - 1}`
  const payload = `$${params.length}`
  return `, woken as (
       select count(pg_notify(${channel}, ${payload})) as n from (select 1 from inserted limit 1) as any_stored
     )
     select inserted.id from inserted cross join woken`
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
