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

/**
 * Counts a delivery against its sender's and its mailbox's limit over the last minute, in the database
 * so that every smtp, http and worker process shares one count. The window slides: a deferred sender
 * may try again as soon as its oldest counted delivery is a minute old, and is told when that is. One
 * call of `take_intake_slot` (migration 037): the mailbox's lock, the count and the insert in one trip.
 */
export async function takeIntakeSlot(
  db: TDatabase,
  options: { mailboxId: string; sender: string; limits: TIntakeLimits },
): Promise<TIntakeSlot> {
  const { mailboxId, sender, limits } = options
  const { rows } = await db.query<{
    refused_bucket: string | null
    retry_after_seconds: number | null
    ctids: string[] | null
  }>('select * from take_intake_slot($1, $2, $3, $4, $5, $6, $7)', [
    SENDER_BUCKET,
    sender ? `${mailboxId} ${sender}` : null,
    MAILBOX_BUCKET,
    mailboxId,
    WINDOW_SECONDS,
    limits.perSenderPerMinute,
    limits.perMailboxPerMinute,
  ])
  const answer = rows[0]
  if (!answer) throw new Error('the intake count returned no row')
  if (answer.refused_bucket !== null) {
    const isSender = answer.refused_bucket === SENDER_BUCKET
    return {
      isTaken: false,
      scope: isSender ? IntakeLimitScope.sender : IntakeLimitScope.mailbox,
      limit: isSender ? limits.perSenderPerMinute : limits.perMailboxPerMinute,
      retryAfterSeconds: answer.retry_after_seconds ?? WINDOW_SECONDS,
    }
  }
  const ctids = answer.ctids ?? []
  return {
    isTaken: true,
    async release() {
      await db.query('delete from rate_limit_hits where ctid = any($1::tid[]) and bucket in ($2, $3)', [
        ctids,
        SENDER_BUCKET,
        MAILBOX_BUCKET,
      ])
    },
  }
}
