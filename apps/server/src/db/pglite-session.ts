/** One result of a statement or of a script's statements, as pg-boss reads it. */
export type TSessionRows = { rows: unknown[] }

/**
 * PGlite's one session as pg-boss uses it (jobs/pg-boss-connection.ts), whether PGlite runs on this thread
 * or on its own: parameters go as they are, with none of the cleaning the server's own queries get.
 */
export type TPgliteSession = {
  query(sql: string, params: readonly unknown[]): Promise<TSessionRows>
  /** A script of statements without parameters; one result per statement. */
  exec(sql: string): Promise<TSessionRows[]>
  /** A script in one transaction, rolled back whole if a statement fails. */
  execInTransaction(sql: string): Promise<TSessionRows[]>
}
