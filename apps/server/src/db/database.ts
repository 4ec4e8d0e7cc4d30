/** The one way the server talks SQL, whether to PGlite in-process or to a Postgres server through a pool. */
export type TQueryResult<Row> = { rows: Row[]; rowCount: number }

export type TQueryable = {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<TQueryResult<Row>>
}

/**
 * A transaction's handle, as `transaction` gives it: a new one per transaction, so what holds for one
 * transaction only (what it has read, what waits to be written at its end) is kept keyed on it, which
 * the database's own handle, shared by every statement outside a transaction, could not be.
 */
export type TTransaction = TQueryable & { readonly inTransaction: true }

export type TDatabase = TQueryable & {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: TTransaction) => Promise<T>): Promise<T>
  /** Runs a script of several statements without parameters (migrations, pg-boss schema). */
  exec(sql: string): Promise<void>
  close(): Promise<void>
  /**
   * PGlite only: its data folder as a gzipped tar, copied while no statement runs, so it is what a crash
   * at that moment would leave (every committed transaction, none half-done). Held in memory whole.
   */
  dumpDataDir?(): Promise<Blob>
}
