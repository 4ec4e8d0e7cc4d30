import type { TDatabase, TQueryable } from './database'

/** Postgres's query_canceled: what a statement stopped by `statement_timeout` fails with. */
const QUERY_CANCELED = '57014'

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Per PGlite database: the last bounded statement queued, which the next one waits for. */
const lastStatement = new WeakMap<TDatabase, Promise<unknown>>()

/**
 * Runs `fn`, a request's reads, so that no statement of it holds the server for long. On Postgres each
 * statement is cancelled after `timeoutMs`, in a transaction of its own so the setting ends with it and
 * the connection goes back to the pool as it came. PGlite has one session, where no timer can stop a
 * statement, and runs queued statements back to back (on its own thread, decision 034, or in tests on the
 * event loop's): there the caller bounds each statement's work (documents/queries.ts), and such
 * statements run one at a time, each after a turn of the event loop, so other requests' statements get
 * in between them however many lists are running.
 */
export async function withBoundedStatements<T>(
  db: TDatabase,
  timeoutMs: number,
  fn: (queryable: TQueryable) => Promise<T>,
): Promise<T> {
  if (db.kind !== 'postgres') {
    return fn({
      query<Row>(sql: string, params?: readonly unknown[]) {
        const statement = (lastStatement.get(db) ?? Promise.resolve())
          .then(yieldToOthers)
          .then(() => db.query<Row>(sql, params))
        lastStatement.set(
          db,
          statement.catch(() => undefined),
        )
        return statement
      },
    })
  }
  return db.transaction(async (tx) => {
    await tx.query(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`)
    return fn(tx)
  })
}

export function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === QUERY_CANCELED
}
