import { OutboundMailKind, TicketEventType } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TDeliveryObserver } from '../outbox/delivery-observer'
import type { TEventBus } from '../realtime/event-bus'
import { recordTicketEvents } from '../tickets/ticket-events'
import { findTicket } from '../tickets/ticket-repository'
import { findMessage } from './message-repository'

/**
 * A reply's mail reached its final state: the message shows it (`deliveryState`, `deliveryError`) and its
 * ticket's timeline gets a `delivery` event by the server, both in the outbox's own transaction; after
 * the commit the message and its ticket are announced, so an open ticket page shows it without a reload.
 * A reply whose ticket was deleted meanwhile has no message left, and nothing is written.
 */
export function createReplyDelivery(deps: {
  db: TQueryable
  bus: TEventBus
  tickets: TCollectionDefinition
  messages: TCollectionDefinition
}): TDeliveryObserver {
  const { db, bus } = deps
  return {
    async record(tx, { mail, before }) {
      if (mail.kind !== OutboundMailKind.reply) return
      const { rows } = await tx.query<{ id: string; ticketId: string; teamId: string }>(
        `update messages set "deliveryState" = $2, "deliveryError" = $3, updated_at = now()
         where "mailId" = $1 returning id, "ticketId", "teamId"`,
        [mail.id, mail.state, mail.lastError],
      )
      const message = rows[0]
      if (!message) return
      await recordTicketEvents(tx, [
        {
          ticketId: message.ticketId,
          teamId: message.teamId,
          actorType: 'system',
          actorId: null,
          type: TicketEventType.delivery,
          before,
          after: { message: message.id, mail: mail.id, state: mail.state },
        },
      ])
    },

    async announce({ mail }) {
      if (mail.kind !== OutboundMailKind.reply) return
      const { rows } = await db.query<{ id: string; ticketId: string }>(
        `select id, "ticketId" from messages where "mailId" = $1`,
        [mail.id],
      )
      const found = rows[0]
      if (!found) return
      const [message, ticket] = await Promise.all([findMessage(db, found.id), findTicket(db, found.ticketId)])
      if (message) await publishDocumentEvent({ bus, def: deps.messages, action: 'update', row: message })
      if (ticket) await publishDocumentEvent({ bus, def: deps.tickets, action: 'update', row: ticket })
    },
  }
}
