import { ZIcalImport, ZSlaTicketsQuery } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { isMember, requireUser } from '../teams/workspace-access'
import { IcalHolidayError, parseIcalHolidays } from './business-hours/ical-holidays'
import { readTicketSla } from './ticket-sla-read'

/**
 * `GET /v1/sla/tickets?ids=a,b`: the live SLA clocks of up to 100 tickets of the caller's workspaces.
 * `POST /v1/sla/holidays/ical`: the holiday dates of an iCal file, for a schedule's form to save; it
 * stores nothing, so any signed-in member may ask.
 */
export const slaRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  app.get('/v1/sla/tickets', async (request) => {
    const auth = request.auth
    requireUser(auth)
    const query = ZSlaTicketsQuery.safeParse(request.query)
    if (!query.success) throw AppError.invalid(query.error.issues[0]?.message ?? 'Invalid ids')
    return {
      tickets: await readTicketSla(deps.db, query.data.ids, (teamId) => isMember(auth, teamId), Date.now()),
    }
  })
  app.post('/v1/sla/holidays/ical', async (request) => {
    requireUser(request.auth)
    const body = ZIcalImport.safeParse(request.body)
    if (!body.success) throw AppError.invalid(body.error.issues[0]?.message ?? 'Invalid iCal file')
    try {
      return { holidays: parseIcalHolidays(body.data.ics) }
    } catch (error) {
      if (error instanceof IcalHolidayError) throw AppError.invalid(error.message)
      throw error
    }
  })
}
