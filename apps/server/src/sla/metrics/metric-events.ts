import {
  TicketEventActor,
  TicketEventType,
  type TTicketEventActorType,
  type TTicketEventChange,
  type TTicketStatus,
} from '@parsedesk/contracts'

/** One ticket event as metrics read it: when, by whom, and its parsed change (decision 013). */
export type TMetricEvent = { at: number; actorType: TTicketEventActorType } & TTicketEventChange

/** A member's reply: never a note, a delivery, or a reply the server wrote (automation, auto-reply). */
export const isReply = (event: TMetricEvent): boolean =>
  event.type === TicketEventType.replyOut && event.actorType === TicketEventActor.user

/** The customer's mail: the one that opened the ticket, or one joining it (a replying copy included). */
export const isCustomerMessage = (event: TMetricEvent): boolean =>
  (event.type === TicketEventType.created && event.actorType === TicketEventActor.customer) ||
  event.type === TicketEventType.messageIn

/** The status an event leaves the ticket in, or null when it does not change it. */
export function statusAfter(event: TMetricEvent): TTicketStatus | null {
  switch (event.type) {
    case TicketEventType.created:
      return event.after.status
    case TicketEventType.status:
    case TicketEventType.reopened:
      return event.after
    default:
      return null
  }
}

/** A stretch of time the ticket spent in one status; the last one is open-ended (`to` null). */
export type TStatusSpell = { status: TTicketStatus; from: number; to: number | null }

export function statusSpells(events: readonly TMetricEvent[]): TStatusSpell[] {
  const spells: TStatusSpell[] = []
  for (const event of events) {
    const status = statusAfter(event)
    if (status === null) continue
    const last = spells.at(-1)
    if (last?.status === status) continue
    if (last) last.to = event.at
    spells.push({ status, from: event.at, to: null })
  }
  return spells
}
