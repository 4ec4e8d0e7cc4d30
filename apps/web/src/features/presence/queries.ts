import {
  DATABASE_ID,
  PRESENCE_COLLECTION_ID,
  PresenceTiming,
  type TPresenceAttributes,
  type TPresenceState,
} from '@parsedesk/contracts'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query, Realtime, type RealtimeSubscription } from 'appwrite'
import { useEffect } from 'react'
import { client, databases } from '@/lib/appwrite'
import { ownPresenceState, subscribeOwnPresence } from './presence-state'

export type TPresenceDocument = Models.Document & TPresenceAttributes

const CHANNEL = `databases.${DATABASE_ID}.collections.${PRESENCE_COLLECTION_ID}.documents`

export const presenceKey = (ticketId: string) => ['presence', ticketId] as const

let realtime: Realtime | null = null

function getRealtime(): Realtime {
  realtime ??= new Realtime(client)
  return realtime
}

async function listPresence(ticketId: string): Promise<TPresenceDocument[]> {
  const list = await databases.listDocuments<TPresenceDocument>({
    databaseId: DATABASE_ID,
    collectionId: PRESENCE_COLLECTION_ID,
    queries: [
      Query.equal('ticketId', ticketId),
      Query.greaterThan('expiresAt', new Date().toISOString()),
      Query.limit(100),
    ],
  })
  return list.documents
}

function applyEvent(
  queryClient: QueryClient,
  ticketId: string,
  events: string[],
  document: TPresenceDocument,
) {
  if (document.ticketId !== ticketId) return
  const isDelete = events.some((name) => name.endsWith('.delete'))
  queryClient.setQueryData<TPresenceDocument[]>(presenceKey(ticketId), (current = []) => {
    const others = current.filter((held) => held.$id !== document.$id)
    return isDelete ? others : [...others, document]
  })
}

/** The ticket's presence documents as held (expired ones are the caller's to drop). */
export function usePresenceDocuments(ticketId: string) {
  return useQuery({
    queryKey: presenceKey(ticketId),
    queryFn: () => listPresence(ticketId),
  })
}

/** The ticket's presence documents, kept current by realtime events: one subscriber per page (the header). */
export function useTicketPresence(ticketId: string) {
  const queryClient = useQueryClient()
  const query = usePresenceDocuments(ticketId)

  useEffect(() => {
    let isMounted = true
    let subscription: RealtimeSubscription | null = null
    getRealtime()
      // The server sends this ticket's presence only, not every page's of the workspace.
      .subscribe(
        CHANNEL,
        (event) => applyEvent(queryClient, ticketId, event.events, event.payload as TPresenceDocument),
        [Query.equal('ticketId', ticketId)],
      )
      .then((created) => {
        if (isMounted) subscription = created
        else void created.close()
      })
      .catch((error: unknown) => console.error('Realtime subscription failed:', error))
    return () => {
      isMounted = false
      void subscription?.close()
    }
  }, [ticketId, queryClient])

  return query
}

async function announce(ticketId: string, state: TPresenceState): Promise<string> {
  const written = await databases.createDocument({
    databaseId: DATABASE_ID,
    collectionId: PRESENCE_COLLECTION_ID,
    // The server keeps one document per member and ticket: a create is an upsert (decision 021).
    documentId: ID.unique(),
    data: { ticketId, state },
  })
  return written.$id
}

/**
 * Tells the workspace this member is on the ticket: at once, whenever their state changes (the composer's
 * typing), and every heartbeat while the page is open; the document is removed when the page goes.
 */
export function useAnnouncePresence(ticketId: string) {
  useEffect(() => {
    let ownId: string | undefined
    let isMounted = true
    let announced = ownPresenceState(ticketId)
    const send = () => {
      announce(ticketId, ownPresenceState(ticketId))
        .then((id) => {
          ownId = id
          // Left while the write was on its way: take it back at once rather than at its expiry.
          if (!isMounted) void remove(id)
        })
        .catch((error: unknown) => console.error('Presence update failed:', error))
    }
    send()
    const heartbeat = setInterval(send, PresenceTiming.heartbeatMs)
    const unsubscribe = subscribeOwnPresence(() => {
      if (ownPresenceState(ticketId) === announced) return
      announced = ownPresenceState(ticketId)
      send()
    })
    return () => {
      isMounted = false
      clearInterval(heartbeat)
      unsubscribe()
      if (ownId) void remove(ownId)
    }
  }, [ticketId])
}

function remove(documentId: string) {
  return databases
    .deleteDocument({ databaseId: DATABASE_ID, collectionId: PRESENCE_COLLECTION_ID, documentId })
    .catch((error: unknown) => console.error('Presence removal failed:', error))
}
