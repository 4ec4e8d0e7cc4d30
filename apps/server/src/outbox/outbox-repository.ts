import {
  OutboundMailLimits,
  OutboundMailState,
  OutboxMessages,
  type TOutboundMailAttributes,
} from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { toStorableJson } from '../db/storable-text'

/** A mail of the outbox as its table holds it: the documents system columns, then its attributes. */
export type TOutboxRow = Omit<TOutboundMailAttributes, 'sentAt' | 'sendAfter'> & {
  seq: number | string
  scoped_seq: number | string
  id: string
  created_at: Date
  updated_at: Date
  permissions: string[]
  read_roles: string[]
  userId: string
  sentAt: Date | null
  sendAfter: Date | null
  sending_job: string | null
}

/** What a new row is made of; state, attempts and the rest start at the table's defaults. */
export type TNewOutboxRow = Pick<
  TOutboundMailAttributes,
  | 'kind'
  | 'idempotencyKey'
  | 'from'
  | 'replyTo'
  | 'to'
  | 'cc'
  | 'subject'
  | 'text'
  | 'html'
  | 'attachments'
  | 'messageId'
  | 'inReplyTo'
  | 'references'
> & {
  id: string
  userId: string
  /** Roles that may read the row through the documents API: `read("<role>")` each, and nothing else. */
  readableBy: string[]
  /** Seconds from the commit's clock before the relay may have it (undo-send); 0: at once. */
  holdSeconds: number
}

const { queued, sending, sent, failed, notSent } = OutboundMailState

/** The relay's answer as `lastError` keeps it: one bounded line of text. */
function storedReason(reason: string): string {
  return reason.slice(0, OutboundMailLimits.lastError)
}

/**
 * Inserts the mail in `tx`, or returns the row already stored under its idempotency key (committed, or
 * committed meanwhile by a transaction this one waited for): one key is one mail, however often queued.
 */
export async function insertOutboxRow(tx: TQueryable, mail: TNewOutboxRow): Promise<TOutboxRow> {
  const { rows } = await tx.query<TOutboxRow>(
    `insert into outbox (id, permissions, read_roles, "userId", "kind", "idempotencyKey", "from", "to", "cc",
       "subject", "text", "html", "messageId", "inReplyTo", "references", "attachments", "sendAfter", "replyTo")
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb,
       case when $17::int > 0 then now() + make_interval(secs => $17::int) end, $18)
     on conflict ("idempotencyKey") do nothing returning *`,
    [
      mail.id,
      mail.readableBy.map((role) => `read("${role}")`),
      mail.readableBy,
      mail.userId,
      mail.kind,
      mail.idempotencyKey,
      mail.from,
      toStorableJson(mail.to),
      toStorableJson(mail.cc),
      mail.subject,
      mail.text,
      mail.html,
      mail.messageId,
      mail.inReplyTo,
      mail.references === null ? null : toStorableJson(mail.references),
      toStorableJson(mail.attachments),
      mail.holdSeconds,
      mail.replyTo,
    ],
  )
  const inserted = rows[0]
  if (inserted) return inserted
  const { rows: existing } = await tx.query<TOutboxRow>(`select * from outbox where "idempotencyKey" = $1`, [
    mail.idempotencyKey,
  ])
  if (!existing[0]) throw new Error(`outbox: no row for idempotency key ${mail.idempotencyKey}`)
  return existing[0]
}

/**
 * Takes the mail for one try of job `jobId`, counting it: from `queued`, or from `sending` when this same
 * job's earlier run died in its send. Undefined when there is nothing for this job to send: the mail is
 * sent, failed, not-sent or withdrawn, still held for undo (its own job is due when the hold ends, and the
 * sweeper makes good a lost one), or another job's run holds it.
 */
export async function claimOutboxRow(
  db: TQueryable,
  options: { id: string; jobId: string },
): Promise<TOutboxRow | undefined> {
  const { rows } = await db.query<TOutboxRow>(
    `update outbox set "state" = $3, "attempts" = "attempts" + 1, sending_job = $2, updated_at = now()
     where id = $1 and ("state" = $4 or ("state" = $3 and sending_job = $2))
       and ("sendAfter" is null or "sendAfter" <= now()) returning *`,
    [options.id, options.jobId, sending, queued],
  )
  return rows[0]
}

/** The run of `jobId` that holds the mail. */
type TClaim = { id: string; jobId: string }

/** The relay said 250; `note` names recipients it refused while taking the rest. The row, if it moved. */
export async function recordSent(
  db: TQueryable,
  claim: TClaim,
  note: string | null,
): Promise<TOutboxRow | undefined> {
  const { rows } = await db.query<TOutboxRow>(
    `update outbox set "state" = $3, "sentAt" = now(), "lastError" = $4, updated_at = now()
     where id = $1 and sending_job = $2 and "state" = $5 returning *`,
    [claim.id, claim.jobId, sent, note === null ? null : storedReason(note), sending],
  )
  return rows[0]
}

/** A try failed and another follows: back to `queued`, with the relay's answer. */
export async function recordRetry(db: TQueryable, claim: TClaim, reason: string): Promise<void> {
  await db.query(
    `update outbox set "state" = $3, "lastError" = $4, updated_at = now()
     where id = $1 and sending_job = $2 and "state" = $5`,
    [claim.id, claim.jobId, queued, storedReason(reason), sending],
  )
}

/** Given up: the relay refused the mail for good, or the last try failed. The row, if it moved. */
export async function recordFailed(
  db: TQueryable,
  claim: TClaim,
  reason: string,
): Promise<TOutboxRow | undefined> {
  const { rows } = await db.query<TOutboxRow>(
    `update outbox set "state" = $3, "lastError" = $4, updated_at = now()
     where id = $1 and sending_job = $2 and "state" = $5 returning *`,
    [claim.id, claim.jobId, failed, storedReason(reason), sending],
  )
  return rows[0]
}

/**
 * The relay took the mail, and a server after it sent it back (a delivery status notification): `sent`
 * becomes `failed` with that server's words, as if the relay had refused it. `tx` must be a transaction
 * that locked the row. The row, if it was still `sent`.
 */
export async function recordReturned(
  tx: TQueryable,
  options: { id: string; reason: string },
): Promise<TOutboxRow | undefined> {
  const { rows } = await tx.query<TOutboxRow>(
    `update outbox set "state" = $2, "lastError" = $3, updated_at = now()
     where id = $1 and "state" = $4 returning *`,
    [options.id, failed, storedReason(options.reason), sent],
  )
  return rows[0]
}

/**
 * No relay is configured: kept as `not-sent` until one is. The row and the state it left, if it moved;
 * `tx` must be a transaction, as the row stays locked from the read of its state to its change.
 */
export async function recordNotSent(
  tx: TQueryable,
  id: string,
): Promise<{ row: TOutboxRow; before: 'queued' | 'sending' } | undefined> {
  const { rows: current } = await tx.query<{ state: 'queued' | 'sending' }>(
    `select "state" from outbox where id = $1 and "state" in ($2, $3) for update`,
    [id, queued, sending],
  )
  const before = current[0]?.state
  if (!before) return undefined
  const { rows } = await tx.query<TOutboxRow>(
    `update outbox set "state" = $2, "lastError" = $3, updated_at = now() where id = $1 returning *`,
    [id, notSent, OutboxMessages.noRelay],
  )
  return rows[0] && { row: rows[0], before }
}

/** Mail kept while no relay was configured, queued again now that one is; returns their ids. */
export async function requeueNotSent(db: TQueryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `update outbox set "state" = $1, "lastError" = null, updated_at = now()
     where id in (select id from outbox where "state" = $2 order by updated_at limit $3)
     returning id`,
    [queued, notSent, limit],
  )
  return rows.map((row) => row.id)
}

/** A mail queued or being sent, as the sweeper sees it. */
export type TIdleOutboxRow = { id: string; state: 'queued' | 'sending'; sendingJob: string | null }

/** Mail queued (and no longer held for undo) or being sent that has not moved for `idleSeconds`: its job may be gone. */
export async function findIdleOutboxRows(
  db: TQueryable,
  options: { idleSeconds: number; limit: number },
): Promise<TIdleOutboxRow[]> {
  const { rows } = await db.query<TIdleOutboxRow>(
    `select id, "state", sending_job as "sendingJob" from outbox
     where "state" in ($1, $2) and updated_at < now() - make_interval(secs => $3)
       and ("sendAfter" is null or "sendAfter" <= now())
     order by updated_at limit $4`,
    [queued, sending, options.idleSeconds, options.limit],
  )
  return rows
}

/**
 * Moves a mail the sweeper found stranded: `failed` with its job's last words, or back to `queued` for a
 * new job. Nothing changes when the mail moved meanwhile; the moved row when it did not.
 */
export async function settleIdleOutboxRow(
  db: TQueryable,
  row: TIdleOutboxRow,
  change: { state: typeof failed; lastError: string } | { state: typeof queued },
): Promise<TOutboxRow | undefined> {
  const lastError = change.state === failed ? storedReason(change.lastError) : null
  const { rows } = await db.query<TOutboxRow>(
    `update outbox set "state" = $4, "lastError" = coalesce($5, "lastError"), updated_at = now()
     where id = $1 and "state" = $2 and sending_job is not distinct from $3 returning *`,
    [row.id, row.state, row.sendingJob, change.state, lastError],
  )
  return rows[0]
}
