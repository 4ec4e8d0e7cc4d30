import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TEventBus } from '../realtime/event-bus'
import type { TTicketService } from '../tickets/ticket-service'
import { createCustomFieldsCollection } from './custom-fields-collection'
import { createExtractionStep, type TExtractTicket } from './extraction-step'
import { createTemplatesCollection } from './templates-collection'

/**
 * Templates and custom fields as one module for server.ts (decision 062): their collections, and the
 * templates' step in the tickets' automation, run on every mail batch's new tickets. The engine comes in as
 * a function from the composition root.
 */
export function createTemplatesModule(deps: {
  db: TDatabase
  bus: TEventBus
  tickets: TTicketService
  extract: TExtractTicket
  log: TLog
}) {
  deps.tickets.automation.register(createExtractionStep({ extract: deps.extract, log: deps.log }))
  return {
    collections: [
      createCustomFieldsCollection({ db: deps.db, bus: deps.bus }),
      createTemplatesCollection({ db: deps.db, bus: deps.bus }),
    ],
  }
}
