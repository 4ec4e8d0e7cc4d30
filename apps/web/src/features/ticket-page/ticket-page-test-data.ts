import type { TTicketEventType } from '@parsedesk/contracts'
import type { TConversationMessage, TTicketEventDocument } from './ticket-page-model'

/** Documents as the server answers them, with only what the page's pure parts read filled in. */
export const TICKET_ID = 'ticket-1'

let sequence = 0

export function eventDoc(
  type: TTicketEventType,
  change: { before?: unknown; after?: unknown; at?: string; actorId?: string | null; customer?: boolean },
): TTicketEventDocument {
  sequence += 1
  const actorId = change.customer ? null : (change.actorId ?? 'user-ada')
  return {
    $id: `event-${sequence}`,
    $sequence: String(sequence),
    $createdAt: change.at ?? '2026-11-25T10:00:00.000Z',
    $updatedAt: change.at ?? '2026-11-25T10:00:00.000Z',
    ticketId: TICKET_ID,
    teamId: 'team-1',
    type,
    actorType: change.customer ? 'customer' : 'user',
    actorId,
    before: (change.before ?? null) as TTicketEventDocument['before'],
    after: (change.after ?? null) as TTicketEventDocument['after'],
  } as TTicketEventDocument
}

export function messageDoc(
  id: string,
  {
    at,
    direction = 'inbound',
    deliveryState,
  }: {
    at: string
    direction?: TConversationMessage['direction']
    deliveryState?: TConversationMessage['deliveryState']
  },
): TConversationMessage {
  sequence += 1
  return {
    $id: id,
    $sequence: String(sequence),
    $createdAt: at,
    $updatedAt: at,
    ticketId: TICKET_ID,
    direction,
    from: 'dana@customer.example',
    subject: 'Re: refund',
    body: 'text',
    rawJson: null,
    sentAt: null,
    createdAt: at,
    ...(deliveryState === undefined ? {} : { deliveryState }),
  } as TConversationMessage
}

export const NAMES = {
  member: (userId: string) => ({ 'user-ada': 'Ada', 'user-grace': 'Grace' })[userId],
  group: (groupId: string) => ({ 'group-billing': 'Billing' })[groupId],
  category: (stored: string) => ({ 'billing-payment': 'Billing and payment' })[stored] ?? stored,
}
