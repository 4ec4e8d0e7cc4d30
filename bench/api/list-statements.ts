import { performance } from 'node:perf_hooks'
import { rolesOfUser } from '../../apps/server/src/accounts/auth-context'
import { findMembershipGrants } from '../../apps/server/src/accounts/membership-grants'
import { authenticate } from '../../apps/server/src/accounts/request-auth'
import { findUserById } from '../../apps/server/src/accounts/users-repository'
import type { TDatabase, TQueryable } from '../../apps/server/src/db/database'
import { listDocuments } from '../../apps/server/src/documents/document-repository'
import { compileQueries, parseQueryStrings } from '../../apps/server/src/documents/queries'
import { createTicketsCollection } from '../../apps/server/src/tickets/tickets-collection'
import { dashboardListQueries } from './dashboard-requests'

export type TStatement = { sql: string; params: readonly unknown[] }
/** A list runs three: the page weighed (refused past LIST_MAX_BYTES), then the page and the capped count at once. */
export type TListStatements = { weigh: TStatement; page: TStatement; count: TStatement }

/**
 * The statements the server runs for one user's dashboard list of a workspace, taken from the server's own
 * query compiler and repository (not rewritten by hand), so EXPLAIN looks at exactly what production sends.
 */
export async function captureListStatements(
  db: TDatabase,
  userId: string,
  teamId: string,
): Promise<TListStatements> {
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
  const compiled = compileQueries(parseQueryStrings(dashboardListQueries(teamId)), tickets.attributes)
  const grants = (await findMembershipGrants(db, [user.id])).get(user.id) ?? []
  await listDocuments(recorder, tickets, compiled, { roles: rolesOfUser(user, grants) })
  const [weigh, page, count] = statements
  if (!weigh || !page || !count || statements.length !== 3)
    throw new Error(`listDocuments ran ${statements.length} statements, not a weighing, a page and a count`)
  return { weigh, page, count }
}

export async function explainStatement(db: TDatabase, statement: TStatement): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.sql}`,
    statement.params,
  )
  return rows.map((r) => r['QUERY PLAN']).join('\n')
}

export type TStatementTimings = { session: number[]; weigh: number[]; page: number[]; count: number[] }

/**
 * Times each step of a list request straight against the database, one after another: the caller's
 * authentication (session, user and memberships, as the onRequest hook reads them), the page's weighing,
 * the page and the capped count (the server sends these two at once).
 */
export async function timeListSteps(options: {
  db: TDatabase
  users: { secret: string; statements: TListStatements }[]
  sessionIdleMs: number
  iterations: number
}): Promise<TStatementTimings> {
  const timings: TStatementTimings = { session: [], weigh: [], page: [], count: [] }
  for (let i = 0; i < options.iterations; i++) {
    const user = options.users[i % options.users.length]
    if (!user) break
    const t0 = performance.now()
    const auth = await authenticate(options.db, user.secret, options.sessionIdleMs)
    if (auth.kind !== 'user') throw new Error('a measured session did not resolve')
    const t1 = performance.now()
    const { weigh, page, count } = user.statements
    await options.db.query(weigh.sql, weigh.params)
    const t2 = performance.now()
    await options.db.query(page.sql, page.params)
    const t3 = performance.now()
    await options.db.query(count.sql, count.params)
    const t4 = performance.now()
    timings.session.push(t1 - t0)
    timings.weigh.push(t2 - t1)
    timings.page.push(t3 - t2)
    timings.count.push(t4 - t3)
  }
  return timings
}
