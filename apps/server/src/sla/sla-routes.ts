import { ZIcalImport, ZSlaTicketsQuery } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../core/app-error'
import { validated, withZodSchemas } from '../core/route-schemas'
import type { TDatabase } from '../db/database'
import { isMember, requireUser } from '../teams/workspace-access'
import { IcalHolidayError, parseIcalHolidays } from './business-hours/ical-holidays'
import { readTicketSla } from './ticket-sla-read'

/** A guest is refused before the query or body is read: 401, never a 400 naming what the route takes. */
const signedIn = (request: FastifyRequest) => requireUser(request.auth)

/**
 * `GET /v1/sla/tickets?ids=a,b`: the live SLA clocks of up to 100 tickets of the caller's workspaces.
 * `POST /v1/sla/holidays/ical`: the holiday dates of an iCal file, for a schedule's form to save; it
 * stores nothing, so any signed-in member may ask.
 */
export const slaRoutes = (deps: { db: TDatabase }) => (instance: FastifyInstance) => {
  const app = withZodSchemas(instance)
  app.get('/v1/sla/tickets', validated({ querystring: ZSlaTicketsQuery }, signedIn), async (request) => {
    const auth = request.auth
    return {
      tickets: await readTicketSla(
        deps.db,
        request.query.ids,
        (teamId) => isMember(auth, teamId),
        Date.now(),
      ),
    }
  })
  app.post('/v1/sla/holidays/ical', validated({ body: ZIcalImport }, signedIn), async (request) => {
    try {
      return { holidays: parseIcalHolidays(request.body.ics) }
    } catch (error) {
      if (error instanceof IcalHolidayError) throw AppError.invalid(error.message)
      throw error
    }
  })
}
