import type { TDatabase, TQueryable } from '../db/database'

export type TRateLimit = { bucket: string; limit: number; windowMs: number }

/**
 * Counts hits in the database so every http process shares one count, under an advisory lock so two
 * concurrent requests cannot both take the last slot. Returns false (recording nothing) once `limit`
 * hits fall inside the window.
 */
export async function tryHit(db: TDatabase, rule: TRateLimit, key: string): Promise<boolean> {
  return db.transaction((tx) => tryHitInTransaction(tx, rule, key))
}

/** As tryHit, for a caller already inside a transaction (the advisory lock lasts until it ends). */
export async function tryHitInTransaction(tx: TQueryable, rule: TRateLimit, key: string): Promise<boolean> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${rule.bucket}:${key}`])
  const since = new Date(Date.now() - rule.windowMs)
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from rate_limit_hits where bucket = $1 and key = $2 and at > $3',
    [rule.bucket, key, since],
  )
  if ((rows[0]?.n ?? 0) >= rule.limit) return false
  await tx.query('insert into rate_limit_hits (bucket, key) values ($1, $2)', [rule.bucket, key])
  return true
}

export async function isLimited(db: TDatabase, rule: TRateLimit, key: string): Promise<boolean> {
  const since = new Date(Date.now() - rule.windowMs)
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from rate_limit_hits where bucket = $1 and key = $2 and at > $3',
    [rule.bucket, key, since],
  )
  return (rows[0]?.n ?? 0) >= rule.limit
}

export async function recordHit(db: TDatabase, rule: TRateLimit, key: string): Promise<void> {
  await db.query('insert into rate_limit_hits (bucket, key) values ($1, $2)', [rule.bucket, key])
}

export async function clearHits(db: TDatabase, rule: TRateLimit, key: string): Promise<void> {
  await db.query('delete from rate_limit_hits where bucket = $1 and key = $2', [rule.bucket, key])
}

/** Drops hits older than any window we use, so the table stays small. */
export async function pruneHits(db: TDatabase, olderThanMs = 86_400_000): Promise<void> {
  await db.query('delete from rate_limit_hits where at < $1', [new Date(Date.now() - olderThanMs)])
}
