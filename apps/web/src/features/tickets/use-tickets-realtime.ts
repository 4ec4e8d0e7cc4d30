import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Realtime, type RealtimeSubscription } from 'appwrite'
import { useEffect } from 'react'
import { client } from '@/lib/appwrite'
import { ticketsQueryKey } from './queries'

const TICKETS_CHANNEL = `databases.${DATABASE_ID}.collections.${CollectionId.tickets}.documents`

let realtime: Realtime | null = null

function getRealtime(): Realtime {
  realtime ??= new Realtime(client)
  return realtime
}

/** A change made anywhere (the analyser, another tab) shows at once instead of at the next poll. */
export function useTicketsRealtime({ userId }: { userId: string | undefined }) {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!userId) return
    let isMounted = true
    let subscription: RealtimeSubscription | null = null
    getRealtime()
      .subscribe(TICKETS_CHANNEL, () => {
        void queryClient.invalidateQueries({ queryKey: ticketsQueryKey })
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
