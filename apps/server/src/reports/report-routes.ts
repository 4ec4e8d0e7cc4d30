import { type TReportQuery, ZReportDrillQuery, ZReportQuery } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { isManager, requireMember } from '../teams/workspace-access'
import { readReportSlice, readReportSummary, reportTicketsCsv } from './report-service'

/**
 * The query as the caller may ask it: owners and admins read the workspace, an agent only the tickets
 * assigned to them, whatever agent the query names (issue 27 item 5).
 */
function scoped<T extends TReportQuery>(request: FastifyRequest, query: T): T {
  const user = requireMember(request.auth, query.teamId)
  return isManager(user, query.teamId) ? query : { ...query, agentId: user.user.id }
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw AppError.invalid(result.error.issues[0]?.message ?? 'Invalid report query')
  return result.data
}

/**
 * `GET /v1/reports/summary`: the charts' numbers; `GET /v1/reports/tickets?slice=`: the tickets behind one
 * of them; `GET /v1/reports/tickets.csv?slice=`: all of those tickets as CSV (decision 064).
 */
export const reportRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  app.get('/v1/reports/summary', async (request) =>
    readReportSummary(deps.db, scoped(request, parsed(ZReportQuery, request.query)), Date.now()),
  )
  app.get('/v1/reports/tickets', async (request) => {
    const { slice, ...query } = parsed(ZReportDrillQuery, request.query)
    return readReportSlice(deps.db, scoped(request, query), slice, Date.now())
  })
  app.get('/v1/reports/tickets.csv', async (request, reply) => {
    const { slice, ...query } = parsed(ZReportDrillQuery, request.query)
    const csv = await reportTicketsCsv(deps.db, scoped(request, query), slice, Date.now())
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tickets-${query.from}-${query.to}.csv"`)
      .send(csv)
  })
}
