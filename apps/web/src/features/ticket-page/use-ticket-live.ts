import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { Realtime, type RealtimeResponseEvent, type RealtimeSubscription } from 'appwrite'
import { useEffect } from 'react'
import { client } from '@/lib/appwrite'
import { readNewEvents, ticketPageKeys } from './queries'
import type { TConversationMessage, TTicketPageDocument } from './ticket-page-model'

const DOCUMENTS = (collectionId: string) => `databases.${DATABASE_ID}.collections.${collectionId}.documents`

let realtime: Realtime | null = null

function getRealtime(): Realtime {
  realtime ??= new Realtime(client)
  return realtime
}

type TTicketRef = { ticketId: string; teamId: string; number: number }

function isDeleteEvent(event: RealtimeResponseEvent<unknown>): boolean {
  return event.events.some((name) => name.endsWith('.delete'))
}

/** The ticket's own changes: merged into the cached ticket (an event may leave its largest attributes out). */
function applyTicketEvent(
  queryClient: QueryClient,
  ref: TTicketRef,
  event: RealtimeResponseEvent<TTicketPageDocument>,
) {
  const key = ticketPageKeys.ticket(ref.teamId, ref.number)
  if (isDeleteEvent(event)) {
    queryClient.setQueryData(key, null)
    return
  }
  queryClient.setQueryData<TTicketPageDocument | null>(key, (current) => {
    if (!current) return current
    // Out-of-order delivery never rolls the page back to an older version.
    if (Date.parse(event.payload.$updatedAt) < Date.parse(current.$updatedAt)) return current
    return { ...current, ...event.payload }
  })
  void readNewEvents(queryClient, ref.ticketId)
}

/** A message of this ticket came, left or (a moved message) went elsewhere. */
function applyMessageEvent(
  queryClient: QueryClient,
  ref: TTicketRef,
  event: RealtimeResponseEvent<TConversationMessage>,
) {
  const message = event.payload
  const key = ticketPageKeys.messages(ref.ticketId)
  queryClient.setQueryData<TConversationMessage[]>(key, (current) => {
    if (!current) return current
    const others = current.filter((held) => held.$id !== message.$id)
    if (isDeleteEvent(event) || message.ticketId !== ref.ticketId) return others
    const index = current.findIndex((held) => held.$id === message.$id)
    if (index === -1) return [...current, message]
    return current.map((held) => (held.$id === message.$id ? { ...held, ...message } : held))
  })
  void readNewEvents(queryClient, ref.ticketId)
}

/**
 * Another agent's change, a customer's answer or a reply shows without reload: the ticket's document and
 * the workspace's messages are followed through realtime and written into the cached data in place, then
 * the events logged since the last one held are read (the log announces none of its own, decision 013).
 */
export function useTicketLive(ref: TTicketRef | null) {
  const queryClient = useQueryClient()
  const ticketId = ref?.ticketId
  const teamId = ref?.teamId
  const number = ref?.number

  useEffect(() => {
    if (!ticketId || !teamId || number === undefined) return
    const current = { ticketId, teamId, number }
    const ticketChannel = `${DOCUMENTS(CollectionId.tickets)}.${ticketId}`
    let isMounted = true
    let subscription: RealtimeSubscription | null = null
    getRealtime()
      .subscribe([ticketChannel, DOCUMENTS(CollectionId.messages)], (event) => {
        if (event.channels.includes(ticketChannel)) {
          applyTicketEvent(queryClient, current, event as RealtimeResponseEvent<TTicketPageDocument>)
          return
        }
        const message = event as RealtimeResponseEvent<TConversationMessage>
        const isHeld = queryClient
          .getQueryData<TConversationMessage[]>(ticketPageKeys.messages(ticketId))
          ?.some((held) => held.$id === message.payload.$id)
        if (message.payload.ticketId === ticketId || isHeld) applyMessageEvent(queryClient, current, message)
      })
      .then((created) => {
        if (!isMounted) {
          void created.close()
          return
        }
        subscription = created
        // What changed between the first reads and the subscription would otherwise never show.
        void queryClient.invalidateQueries({ queryKey: ticketPageKeys.ticket(teamId, number) })
        void queryClient.invalidateQueries({ queryKey: ticketPageKeys.messages(ticketId) })
        void readNewEvents(queryClient, ticketId)
      })
      .catch((error: unknown) => console.error('Realtime subscription failed:', error))
    return () => {
      isMounted = false
      void subscription?.close()
    }
  }, [ticketId, teamId, number, queryClient])
}
