import type { TConfig } from '../config/config'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TOutbox } from '../outbox/outbox-service'
import { ratingRoutes } from '../satisfaction/rating-routes'
import type { TTicketService } from '../tickets/ticket-service'
import type { TTicketLifecycleDeps } from './ticket-lifecycle.job'

/**
 * Satisfaction surveys and the ticket lifecycle as one module for server.ts (decision 057): the
 * requester's rating page (http role) and what the five-minute schedule works with (worker role).
 */
export function createTicketLifecycleModule(deps: {
  config: Pick<TConfig, 'publicUrl'>
  db: TDatabase
  outbox: TOutbox
  tickets: Pick<TTicketService, 'announceUpdated' | 'find'>
  log: TLog
}) {
  const jobDeps: TTicketLifecycleDeps = {
    db: deps.db,
    outbox: deps.outbox,
    publicUrl: deps.config.publicUrl,
    announceUpdated: (rows) => deps.tickets.announceUpdated(rows),
    log: deps.log,
  }
  async function announceTicket(ticketId: string) {
    const row = await deps.tickets.find(deps.db, ticketId)
    if (row) await deps.tickets.announceUpdated([row])
  }
  return { routes: [ratingRoutes({ db: deps.db, announceTicket })], jobDeps }
}
