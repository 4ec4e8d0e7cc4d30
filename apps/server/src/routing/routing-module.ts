import type { TDatabase, TTransaction } from '../db/database'
import type { TTicketService } from '../tickets/ticket-service'
import { routeTickets, serveChangedGroup } from './route-tickets'
import { routingRoutes } from './routing-routes'
import { createRoutingStep } from './routing-step'

/**
 * Routing as one module for server.ts (decision 052): its step in the tickets' automation, the members'
 * availability route, `routeTickets` for the rules' "route" action and `groupChanged` for the groups
 * collection (a raised cap or a new member serves the queue), handed over by the composition root.
 */
export function createRoutingModule(deps: { db: TDatabase; tickets: TTicketService }) {
  deps.tickets.automation.register(createRoutingStep())
  return {
    routes: [routingRoutes({ db: deps.db, tickets: deps.tickets })],
    routeTickets: (tx: Parameters<typeof routeTickets>[0], tickets: Parameters<typeof routeTickets>[1]) =>
      routeTickets(tx, tickets),
    /** In a group update's transaction: serves its queue; the tickets handed out are announced after commit. */
    async groupChanged(tx: TTransaction, change: { before: unknown; after: unknown }) {
      const assigned = await serveChangedGroup(tx, change)
      return () => deps.tickets.announceUpdated(assigned)
    },
  }
}
