import { INTAKE_LIMITS, IntakeLimitScope, type TIntakeLimitScope } from '@parsedesk/contracts'
import type { TDatabase } from '../../db/database'

export type TIntakeLimits = { perSenderPerMinute: number; perMailboxPerMinute: number }

/** A delivery's place in both counts (given back when it turned out not to count), or the limit it met. */
export type TIntakeSlot =
  | { isTaken: true; release(): Promise<void> }
  | { isTaken: false; scope: TIntakeLimitScope; limit: number; retryAfterSeconds: number }

// The sign-in limiter's table: its hourly prune covers these rows too.
const SENDER_BUCKET = 'intake-sender'
const MAILBOX_BUCKET = 'intake-mailbox'
const WINDOW_SECONDS = INTAKE_LIMITS.windowSeconds

type TCounts = {
  sender_n: number
  sender_oldest: Date | null
  mailbox_n: number
  mailbox_oldest: Date | null
  now: Date
}

/**
 * Counts a delivery against its sender's and its mailbox's limit over the last minute, in the database
 * so that every smtp, http and worker process shares one count. The window slides: a deferred sender
 * may try again as soon as its oldest counted delivery is a minute old, and is told when that is.
 */
export async function takeIntakeSlot(
  db: TDatabase,
  options: { mailboxId: string; sender: string; limits: TIntakeLimits },
): Promise<TIntakeSlot> {
  const { mailboxId, sender, limits } = options
  const senderKey = `${mailboxId} ${sender}`
  const keys = [SENDER_BUCKET, senderKey, MAILBOX_BUCKET, mailboxId, WINDOW_SECONDS]
  const mine = '((bucket = $1 and key = $2) or (bucket = $3 and key = $4))'
  const taken = await db.transaction(async (tx) => {
    // One lock per mailbox: two processes never both take its last slot, nor a sender's. The count need not
    // reach the disk before the delivery is stored (a crash forgets a few places, nothing more), so it does not
    // wait for a sync of its own: the group commit that stores the mail syncs once for many.
    await tx.query(
      `select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext($1))`,
      [`${MAILBOX_BUCKET}:${mailboxId}`],
    )
    const { rows } = await tx.query<TCounts>(
      `select count(*) filter (where bucket = $1)::int as sender_n, min(at) filter (where bucket = $1) as sender_oldest,
         count(*) filter (where bucket = $3)::int as mailbox_n, min(at) filter (where bucket = $3) as mailbox_oldest,
         now() as now
       from rate_limit_hits where ${mine} and at > now() - $5 * interval '1 second'`,
      keys,
    )
    const counts = rows[0]
    if (!counts) throw new Error('the intake count returned no row')
    const retryAfter = (oldest: Date | null) =>
      Math.max(
        1,
        Math.ceil(((oldest ?? counts.now).getTime() + WINDOW_SECONDS * 1000 - counts.now.getTime()) / 1000),
      )
    if (sender && counts.sender_n >= limits.perSenderPerMinute) {
      return {
        isTaken: false as const,
        scope: IntakeLimitScope.sender,
        limit: limits.perSenderPerMinute,
        retryAfterSeconds: retryAfter(counts.sender_oldest),
      }
    }
    if (counts.mailbox_n >= limits.perMailboxPerMinute) {
      return {
        isTaken: false as const,
        scope: IntakeLimitScope.mailbox,
        limit: limits.perMailboxPerMinute,
        retryAfterSeconds: retryAfter(counts.mailbox_oldest),
      }
    }
    // Hits out of the window go in the same statement, so a busy mailbox keeps about a minute of rows.
    const inserted = await tx.query<{ ctid: string }>(
      `with gone as (delete from rate_limit_hits where ${mine} and at <= now() - $5 * interval '1 second')
       insert into rate_limit_hits (bucket, key)
       select b, k from unnest($6::text[], $7::text[]) as h(b, k) returning ctid::text`,
      [
        ...keys,
        sender ? [SENDER_BUCKET, MAILBOX_BUCKET] : [MAILBOX_BUCKET],
        sender ? [senderKey, mailboxId] : [mailboxId],
      ],
    )
    return { isTaken: true as const, ctids: inserted.rows.map((row) => row.ctid) }
  })
  if (!taken.isTaken) return taken
  return {
    isTaken: true,
    async release() {
      await db.query('delete from rate_limit_hits where ctid = any($1::tid[]) and bucket in ($2, $3)', [
        taken.ctids,
        SENDER_BUCKET,
        MAILBOX_BUCKET,
      ])
    },
  }
}
