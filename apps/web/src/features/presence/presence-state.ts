import { PresenceState, type TPresenceState } from '@parsedesk/contracts'

/**
 * What this page is doing on each ticket: "replying" while the composer is typed in, else "viewing". The
 * composer writes it, the ticket's presence indicator reads it and tells the server. A small store, so the
 * composer and the header, far apart in the page, need no shared parent state.
 */
const states = new Map<string, TPresenceState>()
const listeners = new Set<() => void>()

export function ownPresenceState(ticketId: string): TPresenceState {
  return states.get(ticketId) ?? PresenceState.viewing
}

export function setOwnPresenceState(ticketId: string, state: TPresenceState): void {
  if (ownPresenceState(ticketId) === state) return
  states.set(ticketId, state)
  for (const listener of listeners) listener()
}

export function subscribeOwnPresence(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
