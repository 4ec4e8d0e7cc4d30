import { performance } from 'node:perf_hooks'
import { rolesOfUser } from '../../apps/server/src/accounts/auth-context'
import { findMembershipGrants } from '../../apps/server/src/accounts/membership-grants'
import { resolveSession } from '../../apps/server/src/accounts/sessions'
import { findUserById } from '../../apps/server/src/accounts/users-repository'
import type { TDatabase, TQueryable } from '../../apps/server/src/db/database'
import { listDocuments } from '../../apps/server/src/documents/document-repository'
import { compileQueries, parseQueryStrings } from '../../apps/server/src/documents/queries'
import { createTicketsCollection } from '../../apps/server/src/tickets/tickets-collection'
import { DASHBOARD_LIST_QUERIES } from './dashboard-requests'

export type TStatement = { sql: string; params: readonly unknown[] }
export type TListStatements = { page: TStatement; count: TStatement }

/**
 * The statements the server runs for one user's dashboard list, taken from the server's own query
 * compiler and repository (not rewritten by hand), so EXPLAIN looks at exactly what production sends.
 */
export async function captureListStatements(db: TDatabase, userId: string): Promise<TListStatements> {
  const user = await findUserById(db, userId)
  if (!user) throw new Error(`no user ${userId}`)
  const statements: TStatement[] = []
  const recorder: TQueryable = {
    async query(sql, params) {
      statements.push({ sql, params: params ?? [] })
      return { rows: [], rowCount: 0 }
    },
  }
  const tickets = createTicketsCollection({})
  const compiled = compileQueries(parseQueryStrings(DASHBOARD_LIST_QUERIES), tickets.attributes)
  const grants = (await findMembershipGrants(db, [user.id])).get(user.id) ?? []
  await listDocuments(recorder, tickets, compiled, { roles: rolesOfUser(user, grants) })
  const [page, count] = statements
  if (!page || !count) throw new Error('listDocuments ran fewer statements than a page and a count')
  return { page, count }
}

export async function explainStatement(db: TDatabase, statement: TStatement): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.sql}`,
    statement.params,
  )
  return rows.map((r) => r['QUERY PLAN']).join('\n')
}

export type TStatementTimings = { session: number[]; page: number[]; count: number[] }

/**
 * Times each step of a list request straight against the database, one after another: the session
 * lookup (session row, then user row, as the onRequest hook does), the page and the capped count.
 */
export async function timeListSteps(options: {
  db: TDatabase
  users: { secret: string; statements: TListStatements }[]
  sessionIdleMs: number
  iterations: number
}): Promise<TStatementTimings> {
  const timings: TStatementTimings = { session: [], page: [], count: [] }
  for (let i = 0; i < options.iterations; i++) {
    const user = options.users[i % options.users.length]
    if (!user) break
    const t0 = performance.now()
    const session = await resolveSession(options.db, user.secret, options.sessionIdleMs)
    if (!session) throw new Error('a measured session did not resolve')
    await findUserById(options.db, session.user_id)
    const t1 = performance.now()
    await options.db.query(user.statements.page.sql, user.statements.page.params)
    const t2 = performance.now()
    await options.db.query(user.statements.count.sql, user.statements.count.params)
    const t3 = performance.now()
    timings.session.push(t1 - t0)
    timings.page.push(t2 - t1)
    timings.count.push(t3 - t2)
  }
  return timings
}
