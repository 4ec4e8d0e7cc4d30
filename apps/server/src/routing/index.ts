export { routeTickets } from './route-tickets'
export { createRoutingModule } from './routing-module'
