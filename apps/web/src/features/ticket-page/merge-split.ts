import { MessageDirection } from '@parsedesk/contracts'
import { ticketLabel } from './ticket-page-model'
import { readTicketNumber } from './ticket-path'

/** The ticket an agent names to merge into, as tickets are named on screen (`#1042`) or bare (`1042`). */
export function readTicketReference(input: string): number | null {
  return readTicketNumber(input.trim().replace(/^#\s*/, ''))
}

/** What a merge does, said before it is done: it is not undone (decision 018). */
export function describeMerge(source: number | undefined, target: number | undefined): string {
  const from = ticketLabel(source)
  return `${from}'s messages move to ${ticketLabel(target)}; ${from} is closed.`
}

/**
 * Only a customer's mail after the first may be split off: the first mail is the ticket itself, and the
 * team's replies and notes are about the ticket they were written on (the server refuses both).
 */
export function canSplit(message: { direction: string }): boolean {
  return message.direction === MessageDirection.inbound
}
