import type { TCollectionDefinition } from '../../documents/collection'
import { publishDocumentEvent } from '../../documents/publish-document-event'
import type { TEventBus } from '../../realtime/event-bus'
import type { TTicketService } from '../../tickets/ticket-service'
import type { TWrittenDecision } from './write-decisions'

/**
 * What follows the commit of decisions: each answer's message and its ticket's change, and the new
 * tickets announced by the ticket service (their create events, then their analysis jobs). Published side
 * by side, so the bus stores them as one group, in this order.
 */
export async function publishDecisions(
  deps: { bus: TEventBus; tickets: TTicketService; messages: TCollectionDefinition },
  written: TWrittenDecision[],
): Promise<void> {
  const created = written.flatMap((decision) => (decision.kind === 'ticket' ? [decision.ticket] : []))
  await Promise.all([
    ...written.flatMap((decision) =>
      decision.kind === 'thread'
        ? [
            publishDocumentEvent({
              bus: deps.bus,
              def: deps.messages,
              action: 'create',
              row: decision.message,
            }),
            deps.tickets.announceUpdated([decision.ticket]),
          ]
        : [],
    ),
    deps.tickets.announceCreated(created),
  ])
}
