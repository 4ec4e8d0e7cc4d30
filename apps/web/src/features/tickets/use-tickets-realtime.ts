import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Realtime, type RealtimeResponseEvent, type RealtimeSubscription } from 'appwrite'
import { useEffect } from 'react'
import { client } from '@/lib/appwrite'
import { type TTicketChange, toSummary } from './list-cache'
import { applyToTicketLists } from './queries'

const TICKETS_CHANNEL = `databases.${DATABASE_ID}.collections.${CollectionId.tickets}.documents`

let realtime: Realtime | null = null

function getRealtime(): Realtime {
  realtime ??= new Realtime(client)
  return realtime
}

/** What happened to the ticket, from the event names ("...documents.ID.update"); undefined for others. */
export function changeKindOf(events: readonly string[]): TTicketChange['kind'] | undefined {
  const kinds = ['delete', 'create', 'update'] as const
  return kinds.find((kind) => events.some((event) => event.endsWith(`.${kind}`)))
}

/**
 * A change made anywhere (the analyser, another agent, another tab) is written into the cached lists in
 * place: one event, no request, where every event used to read the whole list again.
 */
export function useTicketsRealtime({ userId }: { userId: string | undefined }) {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!userId) return
    let isMounted = true
    let subscription: RealtimeSubscription | null = null
    getRealtime()
      .subscribe(TICKETS_CHANNEL, (message: RealtimeResponseEvent<Record<string, unknown>>) => {
        const kind = changeKindOf(message.events)
        if (!kind) return
        applyToTicketLists(queryClient, { kind, ticket: toSummary(message.payload) }, userId)
      })
      .then((created) => {
        if (isMounted) subscription = created
        else void created.close()
      })
      .catch((error: unknown) => console.error('Realtime subscription failed:', error))
    return () => {
      isMounted = false
      void subscription?.close()
    }
  }, [userId, queryClient])
}
