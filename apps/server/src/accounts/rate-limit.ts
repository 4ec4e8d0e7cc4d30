import type { TDatabase, TQueryable } from '../db/database'

export type TRateLimit = { bucket: string; limit: number; windowMs: number }

/** A slot of a limit: taken (and given back with `release` when the attempt did not count), or none left. */
export type TSlot = { isTaken: true; release(): Promise<void> } | { isTaken: false; retryAfterMs: number }

/**
 * Takes one of `rule`'s slots for `key` before the work it guards, atomically: counted in the database,
 * so every http process shares one count, under an advisory lock, so two concurrent requests can never
 * both take the last slot. When none is left, says how long until the oldest one frees.
 */
export async function takeSlot(db: TDatabase, rule: TRateLimit, key: string): Promise<TSlot> {
  const taken = await db.transaction(async (tx) => {
    await lockKey(tx, rule, key)
    const { rows } = await tx.query<{ n: number; oldest: Date | null }>(
      'select count(*)::int as n, min(at) as oldest from rate_limit_hits where bucket = $1 and key = $2 and at > $3',
      [rule.bucket, key, new Date(Date.now() - rule.windowMs)],
    )
    const { n = 0, oldest = null } = rows[0] ?? {}
    if (n >= rule.limit) {
      return {
        isFull: true as const,
        retryAfterMs: (oldest?.getTime() ?? Date.now()) + rule.windowMs - Date.now(),
      }
    }
    // Its row's place in the table: hits are never updated, so it stays put until released or pruned.
    const inserted = await tx.query<{ ctid: string }>(
      'insert into rate_limit_hits (bucket, key) values ($1, $2) returning ctid::text',
      [rule.bucket, key],
    )
    return { isFull: false as const, ctid: inserted.rows[0]?.ctid }
  })
  if (taken.isFull) return { isTaken: false, retryAfterMs: Math.max(0, taken.retryAfterMs) }
  return {
    isTaken: true,
    async release() {
      await db.query('delete from rate_limit_hits where ctid = $1::tid and bucket = $2 and key = $3', [
        taken.ctid,
        rule.bucket,
        key,
      ])
    },
  }
}

/** As takeSlot, for a caller already inside a transaction (the lock lasts until it ends); true if taken. */
export async function tryHitInTransaction(tx: TQueryable, rule: TRateLimit, key: string): Promise<boolean> {
  await lockKey(tx, rule, key)
  const since = new Date(Date.now() - rule.windowMs)
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from rate_limit_hits where bucket = $1 and key = $2 and at > $3',
    [rule.bucket, key, since],
  )
  if ((rows[0]?.n ?? 0) >= rule.limit) return false
  await tx.query('insert into rate_limit_hits (bucket, key) values ($1, $2)', [rule.bucket, key])
  return true
}

function lockKey(tx: TQueryable, rule: TRateLimit, key: string) {
  return tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${rule.bucket}:${key}`])
}

/** Drops hits older than any window we use, so the table stays small. */
export async function pruneHits(db: TDatabase, olderThanMs = 86_400_000): Promise<void> {
  await db.query('delete from rate_limit_hits where at < $1', [new Date(Date.now() - olderThanMs)])
}
