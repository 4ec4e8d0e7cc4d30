import type { TDatabase, TQueryable } from './database'

/** Postgres's query_canceled: what a statement stopped by `statement_timeout` fails with. */
const QUERY_CANCELED = '57014'

/**
 * Runs `fn` with each statement it sends cancelled after `timeoutMs` on Postgres, in a transaction of its
 * own, so the setting ends with it and the connection goes back to the pool as it came. A request's
 * statements then hold a connection that long at most, whatever they ask. PGlite runs statements on the
 * server's own thread, where no timer can stop one: there `fn` runs as it is, and the caller bounds the
 * work a request may ask for (documents/queries.ts).
 */
export async function withStatementTimeout<T>(
  db: TDatabase,
  timeoutMs: number,
  fn: (queryable: TQueryable) => Promise<T>,
): Promise<T> {
  if (db.kind !== 'postgres') return fn(db)
  return db.transaction(async (tx) => {
    await tx.query(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`)
    return fn(tx)
  })
}

export function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === QUERY_CANCELED
}
