import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Realtime, type RealtimeResponseEvent, type RealtimeSubscription } from 'appwrite'
import { useEffect } from 'react'
import { client } from '@/lib/appwrite'
import { type TTicketChange, toSummary } from './list-cache'
import { applyToTicketLists, applyToViewCounts, cachedTicket, ticketCountsKey } from './queries'

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
 * How long after a change the views' counts are read again: a burst of mail (or a bulk change) is one
 * reading of the counts, not one per ticket.
 */
export const COUNTS_SETTLE_MS = 1000

/**
 * A change made anywhere (the analyser, another agent, another tab) is written into the cached lists in
 * place: one event, no request, where every event used to read the whole list again. The views' counts
 * follow from the ticket as the lists held it and as it is now; only a change to a ticket no list loaded
 * has the counts read again (once changes settle, so a burst of mail is one reading).
 */
export function useTicketsRealtime({ userId }: { userId: string | undefined }) {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!userId) return
    let isMounted = true
    let subscription: RealtimeSubscription | null = null
    let countsTimer: ReturnType<typeof setTimeout> | undefined
    const recountSoon = () => {
      countsTimer ??= setTimeout(() => {
        countsTimer = undefined
        void queryClient.invalidateQueries({ queryKey: ticketCountsKey })
      }, COUNTS_SETTLE_MS)
    }
    getRealtime()
      .subscribe(TICKETS_CHANNEL, (message: RealtimeResponseEvent<Record<string, unknown>>) => {
        const kind = changeKindOf(message.events)
        if (!kind) return
        const change = { kind, ticket: toSummary(message.payload) }
        // A ticket this tab created is in its lists already (from the answer): then it is counted already.
        const cached = cachedTicket(queryClient, change.ticket.$id)
        const previous = cached ?? (kind === 'create' ? null : kind === 'delete' ? change.ticket : undefined)
        if (!applyToViewCounts(queryClient, change, previous, userId)) recountSoon()
        applyToTicketLists(queryClient, change, userId)
      })
      .then((created) => {
        if (isMounted) subscription = created
        else void created.close()
      })
      .catch((error: unknown) => console.error('Realtime subscription failed:', error))
    return () => {
      isMounted = false
      clearTimeout(countsTimer)
      void subscription?.close()
    }
  }, [userId, queryClient])
}
