import type { TCollectionDefinition } from '../../documents/collection'
import { publishDocumentEvent } from '../../documents/publish-document-event'
import type { TDeliveryObserver } from '../../outbox/delivery-observer'
import type { TEventBus } from '../../realtime/event-bus'
import type { TTicketService } from '../../tickets/ticket-service'
import type { TWrittenDecision } from './write-decisions'

/**
 * What follows the commit of decisions: each answer's message and its ticket's change, the new tickets
 * announced by the ticket service (their create events, then their analysis jobs), and the replies a
 * bounce failed. Published side by side, so the bus stores them as one group, in this order.
 */
export async function publishDecisions(
  deps: {
    bus: TEventBus
    tickets: TTicketService
    messages: TCollectionDefinition
    delivery: TDeliveryObserver
  },
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
    ...written.flatMap((decision) =>
      decision.kind === 'no-ticket' && decision.returned ? [deps.delivery.announce(decision.returned)] : [],
    ),
  ])
}
