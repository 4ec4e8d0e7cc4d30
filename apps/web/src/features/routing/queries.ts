import { CollectionId, DATABASE_ID, type TAvailabilityUpdate, type TRoutingBoard } from '@parsedesk/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Realtime, type RealtimeSubscription } from 'appwrite'
import { useEffect } from 'react'
import { client } from '@/lib/appwrite'

// Our routes beside Appwrite's (decision 052): the SDK has no methods for them.
const routingUrl = (rest: string) => new URL(`${client.config.endpoint}/routing/${rest}`)
const JSON_HEADERS = { 'content-type': 'application/json' }
const channelOf = (collectionId: string) => `databases.${DATABASE_ID}.collections.${collectionId}.documents`
/**
 * Every ticket or group change may move a load, a cap, a skill or a queue: the board reads again on each.
 */
const CHANNELS = [channelOf(CollectionId.tickets), channelOf(CollectionId.groups)]

export const routingBoardKey = (teamId: string) => ['routing-board', teamId] as const

let realtime: Realtime | null = null

/** The workspace's agent board, live: read again whenever a ticket or group of the workspace changes. */
export function useRoutingBoard(teamId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let isMounted = true
    let subscription: RealtimeSubscription | null = null
    realtime ??= new Realtime(client)
    realtime
      .subscribe(CHANNELS, () => void queryClient.invalidateQueries({ queryKey: routingBoardKey(teamId) }))
      .then((created) => {
        if (isMounted) subscription = created
        else void created.close()
      })
      .catch(() => undefined)
    return () => {
      isMounted = false
      void subscription?.close()
    }
  }, [queryClient, teamId])
  return useQuery({
    queryKey: routingBoardKey(teamId),
    queryFn: (): Promise<TRoutingBoard> =>
      client.call('get', new URL(`${routingUrl('board')}?teamId=${encodeURIComponent(teamId)}`)),
  })
}

/** The signed-in member sets themselves available or away in the workspace. */
export function useSetAvailability() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: TAvailabilityUpdate): Promise<{ assigned: number }> =>
      client.call('put', routingUrl('availability'), JSON_HEADERS, update),
    onSettled: (_result, _error, update) =>
      queryClient.invalidateQueries({ queryKey: routingBoardKey(update.teamId) }),
  })
}
