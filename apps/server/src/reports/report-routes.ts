import { type TReportQuery, ZReportDrillQuery, ZReportQuery } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { DOWNLOAD_COMPRESSION } from '../http/compression'
import { isManager, requireMember, requireUser } from '../teams/workspace-access'
import { createReportGate } from './report-gate'
import { readReportSlice, readReportSummary, reportTicketsCsv } from './report-service'

/**
 * The query as the caller may ask it: owners and admins read the workspace, an agent only the tickets
 * assigned to them, whatever agent the query names (issue 27 item 5).
 */
function scoped<T extends TReportQuery>(request: FastifyRequest, query: T): T {
  const user = requireMember(request.auth, query.teamId)
  return isManager(user, query.teamId) ? query : { ...query, agentId: user.user.id }
}

/**
 * The query, read once the caller is known to be signed in (a guest gets its 401 whatever it sends); a
 * refusal names the parameter at fault, as the routes with declared schemas do (decision 058).
 */
function parsed<S extends z.ZodType>(request: FastifyRequest, schema: S): z.infer<S> {
  requireUser(request.auth)
  const result = schema.safeParse(request.query)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const words = issue?.message ?? 'Invalid report query'
  const param = issue?.path[0]
  throw AppError.invalid(param === undefined ? words : `Invalid \`${String(param)}\` param: ${words}`)
}

/**
 * `GET /v1/reports/summary`: the charts' numbers; `GET /v1/reports/tickets?slice=`: the tickets behind one
 * of them; `GET /v1/reports/tickets.csv?slice=`: all of those tickets as CSV (decision 064).
 */
export const reportRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  // One report at a time per member, a few per process (docs/security.md): all three routes read a period.
  const gate = createReportGate()
  const gated = <T>(request: FastifyRequest, work: () => Promise<T>) =>
    gate.run(requireUser(request.auth).user.id, work)
  app.get('/v1/reports/summary', async (request) => {
    const query = scoped(request, parsed(request, ZReportQuery))
    return gated(request, () => readReportSummary(deps.db, query, Date.now()))
  })
  app.get('/v1/reports/tickets', async (request) => {
    const { slice, ...query } = parsed(request, ZReportDrillQuery)
    const scope = scoped(request, query)
    return gated(request, () => readReportSlice(deps.db, scope, slice, Date.now()))
  })
  app.get('/v1/reports/tickets.csv', { compress: DOWNLOAD_COMPRESSION }, async (request, reply) => {
    const { slice, ...query } = parsed(request, ZReportDrillQuery)
    const scope = scoped(request, query)
    const csv = await gated(request, () => reportTicketsCsv(deps.db, scope, slice, Date.now()))
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tickets-${query.from}-${query.to}.csv"`)
      .send(csv)
  })
}
