import { createLeaverTicketsAnnouncer } from './leaver-tickets'
import { ticketEventsCollection } from './ticket-events'
import { createTicketService, type TTicketServiceDeps } from './ticket-service'
import { createTicketsCollection } from './tickets-collection'

/** Tickets as one module for server.ts: the service every domain files through, and their collections. */
export function createTicketsModule(deps: TTicketServiceDeps) {
  const service = createTicketService(deps)
  return {
    service,
    collections: [createTicketsCollection({ tickets: service.writes }), ticketEventsCollection],
    /** For the teams module: a leaving member's tickets are unassigned and announced. */
    memberLeaving: createLeaverTicketsAnnouncer({
      db: deps.db,
      bus: deps.bus,
      collection: service.collection,
    }),
  }
}
