import {
  MessageDirection,
  TicketEventType,
  type TOutboundMailState,
  ZTicketEventChange,
} from '@parsedesk/contracts'
import type { TConversationMessage, TTicketEventDocument, TTicketPageDocument } from './ticket-page-model'

/**
 * One entry of the ticket's timeline. The conversation's messages carry their own event (mail in, reply
 * out, note), so that event is shown as the message, by whoever wrote it, not as a line of its own; a
 * reply's delivery events become its delivery state.
 */
export type TTimelineItem =
  | { kind: 'first-mail'; key: string; at: string }
  | { kind: 'mail'; key: string; at: string; message: TConversationMessage }
  | {
      kind: 'reply'
      key: string
      at: string
      message: TConversationMessage
      event: TTicketEventDocument | null
      delivery: TOutboundMailState | null
    }
  | {
      kind: 'note'
      key: string
      at: string
      message: TConversationMessage
      event: TTicketEventDocument | null
    }
  | { kind: 'event'; key: string; at: string; event: TTicketEventDocument }

type TMessageLinks = {
  /** The event that wrote each message (mail in, reply, note), by message id. */
  writtenBy: Map<string, TTicketEventDocument>
  /** Each reply's latest delivery state, by message id (events come in their order). */
  delivery: Map<string, TOutboundMailState>
  /** The message each of those events (and the delivery events) is about, by event id. */
  messageOf: Map<string, string>
}

function linkMessages(events: readonly TTicketEventDocument[]): TMessageLinks {
  const writtenBy = new Map<string, TTicketEventDocument>()
  const delivery = new Map<string, TOutboundMailState>()
  const messageOf = new Map<string, string>()
  for (const event of events) {
    const parsed = ZTicketEventChange.safeParse({
      type: event.type,
      before: event.before,
      after: event.after,
    })
    if (!parsed.success) continue
    const change = parsed.data
    if (change.type === TicketEventType.delivery) {
      delivery.set(change.after.message, change.after.state)
      messageOf.set(event.$id, change.after.message)
    } else if (
      change.type === TicketEventType.messageIn ||
      change.type === TicketEventType.replyOut ||
      change.type === TicketEventType.note
    ) {
      writtenBy.set(change.after.message, event)
      messageOf.set(event.$id, change.after.message)
    }
  }
  return { writtenBy, delivery, messageOf }
}

/**
 * What a message is: its direction says (a note, a reply, a customer's mail), or for one stored before
 * notes had their own direction, its event. A reply's state is the message's own, else its last delivery event.
 */
function messageItem(message: TConversationMessage, links: TMessageLinks): TTimelineItem {
  const event = links.writtenBy.get(message.$id) ?? null
  const base = { key: `message:${message.$id}`, at: message.$createdAt, message }
  if (message.direction === MessageDirection.note || event?.type === TicketEventType.note) {
    return { kind: 'note', ...base, event }
  }
  if (message.direction === MessageDirection.outbound || event?.type === TicketEventType.replyOut) {
    const delivery = message.deliveryState ?? links.delivery.get(message.$id) ?? null
    return { kind: 'reply', ...base, event, delivery }
  }
  return { kind: 'mail', ...base }
}

function sequenceOf(document: { $sequence?: string }): number {
  const value = Number(document.$sequence)
  return Number.isFinite(value) ? value : 0
}

/**
 * The conversation in time order: the first mail (the ticket itself), the messages after it, and the
 * events. At one instant (a change and its events share their transaction's time) a message comes
 * before the events it caused, and events keep the order the log gave them.
 */
export function buildTimeline({
  ticket,
  messages,
  events,
}: {
  ticket: Pick<TTicketPageDocument, '$id' | '$createdAt'>
  messages: readonly TConversationMessage[]
  events: readonly TTicketEventDocument[]
}): TTimelineItem[] {
  const links = linkMessages(events)
  // A message's own event and its deliveries are told by the message; one whose message is gone keeps its line.
  const shownMessages = new Set(messages.map((message) => message.$id))
  type TSortable = { item: TTimelineItem; time: number; rank: number; sequence: number }
  const entries: TSortable[] = [
    {
      item: { kind: 'first-mail', key: `ticket:${ticket.$id}`, at: ticket.$createdAt },
      time: Date.parse(ticket.$createdAt),
      rank: 0,
      sequence: 0,
    },
    ...messages.map((message) => ({
      item: messageItem(message, links),
      time: Date.parse(message.$createdAt),
      rank: 1,
      sequence: sequenceOf(message),
    })),
    ...events
      .filter((event) => !shownMessages.has(links.messageOf.get(event.$id) ?? ''))
      .map((event) => ({
        item: { kind: 'event' as const, key: `event:${event.$id}`, at: event.$createdAt, event },
        time: Date.parse(event.$createdAt),
        rank: 2,
        sequence: sequenceOf(event),
      })),
  ]
  entries.sort((a, b) => a.time - b.time || a.rank - b.rank || a.sequence - b.sequence)
  return entries.map((entry) => entry.item)
}

/**
 * The timeline newest first, for the page that shows the composer above it (decision 045): the instants
 * are reversed, but within one instant a message still comes before the events it caused.
 */
export function newestFirst(items: readonly TTimelineItem[]): TTimelineItem[] {
  const instants: TTimelineItem[][] = []
  for (const item of items) {
    const last = instants.at(-1)
    if (last && Date.parse(last[0]?.at ?? '') === Date.parse(item.at)) last.push(item)
    else instants.push([item])
  }
  return instants.reverse().flat()
}
