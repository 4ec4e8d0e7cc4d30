import type { TQueryable } from '../../db/database'

/**
 * The inbound store is the ingest queue (decision 041): a delivery waits as its `received` row, and a
 * worker claims it. This name is the queue's in metrics, `admin queues` and the wake on `parsedesk_jobs`.
 */
export const INGEST_QUEUE = 'ingest-inbound-email'

export const INGEST_POLICY = {
  /** Claims of a delivery before the sweeper gives it another round or rejects it; the last one rejects on failure. */
  maxAttempts: 5,
  /** A failed try is claimable again after this long, doubling with each try (2, 4, 8, 16 s). */
  retryDelaySeconds: 2,
  /**
   * A claim not completed by then counts as lost (its worker hung or was killed), and the delivery is
   * claimed again. Parsing a 25 MB message with hundreds of attachments takes seconds.
   */
  claimSeconds: 120,
} as const

/** What a claim leaves as its delivery's last error until the try ends: true if its worker never comes back. */
export const ABANDONED_CLAIM = 'the worker stopped before the run finished'

export type TClaimedDelivery = { id: string; attempts: number; createdAt: Date }

/**
 * Claims up to `limit` waiting deliveries, oldest first, and counts a try for each in one committed
 * statement, so a mail that kills its worker still uses its tries up. Skips rows another worker is
 * claiming this instant, those claimed or backing off, and those out of tries (the sweeper's).
 */
export async function claimDeliveries(
  db: TQueryable,
  options: { limit: number; claimSeconds?: number },
): Promise<TClaimedDelivery[]> {
  const { rows } = await db.query<TClaimedDelivery & { seq: string }>(
    `update inbound_emails set "attempts" = "attempts" + 1, "last_error" = $3,
       "claimed_until" = now() + make_interval(secs => $2)
     where id in (
       select id from inbound_emails
       where "status" = 'received' and "attempts" < $4 and ("claimed_until" is null or "claimed_until" <= now())
       order by seq limit $1 for update skip locked
     )
     returning id, "attempts", created_at as "createdAt", seq`,
    [
      options.limit,
      options.claimSeconds ?? INGEST_POLICY.claimSeconds,
      ABANDONED_CLAIM,
      INGEST_POLICY.maxAttempts,
    ],
  )
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map(({ seq: _, ...claimed }) => claimed)
}

/** Seconds a delivery waits after its `attempts`-th try failed. */
export function retryDelaySeconds(attempts: number): number {
  return INGEST_POLICY.retryDelaySeconds * 2 ** Math.max(0, attempts - 1)
}

/** Ends failed tries: each delivery is claimable again after its back-off, its error kept. */
export async function failDeliveries(
  db: TQueryable,
  failures: readonly { id: string; error: string; delaySeconds: number }[],
): Promise<void> {
  if (failures.length === 0) return
  await db.query(
    `update inbound_emails set "claimed_until" = now() + make_interval(secs => f.delay), "last_error" = f.error
     from unnest($1::text[], $2::text[], $3::float8[]) as f(id, error, delay)
     where inbound_emails.id = f.id and inbound_emails."status" = 'received'`,
    [failures.map((f) => f.id), failures.map((f) => f.error), failures.map((f) => f.delaySeconds)],
  )
}

/** Hands claims back at once (a stopping worker's): the tries stay counted. */
export async function releaseClaims(db: TQueryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await db.query(
    `update inbound_emails set "claimed_until" = null where id = any($1::text[]) and "status" = 'received'`,
    [ids],
  )
}

/**
 * Hands back every claim still running. Only for PGlite, which one process owns: a claim it finds at start
 * was left by one that died, and is retried now rather than once it runs out.
 */
export async function releaseAbandonedClaims(db: TQueryable): Promise<number> {
  const { rowCount } = await db.query(
    `update inbound_emails set "claimed_until" = null
     where "status" = 'received' and "claimed_until" > now() and "last_error" = $1`,
    [ABANDONED_CLAIM],
  )
  return rowCount
}

export type TExhaustedDelivery = {
  id: string
  mailboxId: string
  envelopeFrom: string | null
  requeues: number
  lastError: string | null
}

/** Deliveries out of tries whose last claim is over, oldest first (for the sweeper). */
export async function findExhaustedDeliveries(db: TQueryable, limit: number): Promise<TExhaustedDelivery[]> {
  const { rows } = await db.query<TExhaustedDelivery>(
    `select id, "mailboxId", "envelopeFrom", "requeues", "last_error" as "lastError" from inbound_emails
     where "status" = 'received' and "attempts" >= $1 and ("claimed_until" is null or "claimed_until" <= now())
     order by seq limit $2`,
    [INGEST_POLICY.maxAttempts, limit],
  )
  return rows
}

/** A new round of tries for a delivery out of them; false if it was decided or given one meanwhile. */
export async function requeueExhausted(db: TQueryable, inboundId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update inbound_emails set "attempts" = 0, "requeues" = "requeues" + 1, "claimed_until" = null
     where id = $1 and "status" = 'received' and "attempts" >= $2`,
    [inboundId, INGEST_POLICY.maxAttempts],
  )
  return rowCount > 0
}

export type TIngestQueueCounts = {
  /** Waiting for a try: never tried, or claimable again. */
  waiting: number
  /** In a worker's hands now. */
  active: number
  /** Backing off after a failed try. */
  retrying: number
  /** Out of tries, left to the sweeper (a new round, or rejected). */
  exhausted: number
  /** Age of the oldest delivery not yet decided, null when none waits. */
  oldestSeconds: number | null
}

/** The queue's counts, database-wide, from the undecided rows alone (partial index). */
export async function countIngestQueue(db: TQueryable): Promise<TIngestQueueCounts> {
  const { rows } = await db.query<TIngestQueueCounts>(
    `select
       count(*) filter (where "attempts" < $2 and ("claimed_until" is null or "claimed_until" <= now()))::int
         as waiting,
       count(*) filter (where "claimed_until" > now() and "last_error" = $1)::int as active,
       count(*) filter (where "claimed_until" > now() and "last_error" is distinct from $1)::int as retrying,
       count(*) filter (where "attempts" >= $2 and ("claimed_until" is null or "claimed_until" <= now()))::int
         as exhausted,
       extract(epoch from now() - min(created_at))::float8 as "oldestSeconds"
     from inbound_emails where "status" = 'received'`,
    [ABANDONED_CLAIM, INGEST_POLICY.maxAttempts],
  )
  return rows[0] ?? { waiting: 0, active: 0, retrying: 0, exhausted: 0, oldestSeconds: null }
}
