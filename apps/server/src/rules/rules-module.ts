import type { TLog } from '../core/logger'
import type { TOutboundPolicy } from '../core/outbound-address'
import type { TDatabase } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import type { TOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import type { TRouteTickets } from '../tickets/ticket-automation'
import type { TTicketService } from '../tickets/ticket-service'
import { dryRunRoutes } from './dry-run'
import { createRulesCollection } from './rules-collection'
import { createRulesStep } from './rules-step'
import { webhookSecretRoutes } from './webhooks/webhook-secret'

/**
 * Automation rules as one module for server.ts (decision 051): their collection, the dry run's and the
 * webhook secret's routes, and their step in the tickets' automation, run by ingest and by members'
 * changes. Routing comes in as a function, never an import; auto-replies go through the outbox and
 * webhooks through their job (decision 065).
 */
export function createRulesModule(deps: {
  db: TDatabase
  bus: TEventBus
  tickets: TTicketService
  log: TLog
  outbox: TOutbox
  queue: TJobQueue
  outbound: TOutboundPolicy
  routeTickets?: TRouteTickets
}) {
  const actions = { outbox: deps.outbox, queue: deps.queue }
  deps.tickets.automation.register(createRulesStep({ routeTickets: deps.routeTickets, actions }))
  return {
    collections: [
      createRulesCollection({
        ...{ db: deps.db, bus: deps.bus, outbound: deps.outbound },
        routing: deps.routeTickets !== undefined,
      }),
    ],
    routes: [dryRunRoutes({ db: deps.db }), webhookSecretRoutes({ db: deps.db })],
    /** For the worker's minute job of scheduled rules. */
    jobDeps: { db: deps.db, log: deps.log, routeTickets: deps.routeTickets, actions },
    /** For the worker's webhook calls. */
    webhookDeps: { db: deps.db, outbound: deps.outbound },
  }
}
