import {
  CollectionId,
  DATABASE_ID,
  NotificationLimits,
  type TNotificationAttributes,
  type TNotificationEmailSettings,
} from '@parsedesk/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Models, Query, Realtime, type RealtimeSubscription } from 'appwrite'
import { useEffect } from 'react'
import { client, databases } from '@/lib/appwrite'

export type TNotificationDocument = Models.Document & TNotificationAttributes

const NOTIFICATIONS = { databaseId: DATABASE_ID, collectionId: CollectionId.notifications }
const CHANNEL = `databases.${DATABASE_ID}.collections.${CollectionId.notifications}.documents`
const JSON_HEADERS = { 'content-type': 'application/json' }
// Our routes beside Appwrite's (docs/api.md, decision 048): the SDK has no methods for them.
const notificationsUrl = (rest: string) => new URL(`${client.config.endpoint}/notifications/${rest}`)

export const notificationsKey = (userId: string | undefined) => ['notifications', userId] as const
const settingsKey = ['notification-settings'] as const

export type TBell = { items: TNotificationDocument[]; unread: number }

async function readBell(userId: string): Promise<TBell> {
  const mine = Query.equal('userId', userId)
  const [recent, unread] = await Promise.all([
    databases.listDocuments<TNotificationDocument>({
      ...NOTIFICATIONS,
      queries: [mine, Query.orderDesc('$createdAt'), Query.limit(NotificationLimits.listed)],
    }),
    databases.listDocuments<TNotificationDocument>({
      ...NOTIFICATIONS,
      queries: [mine, Query.isNull('readAt'), Query.select(['$id']), Query.limit(1)],
    }),
  ])
  return { items: recent.documents, unread: unread.total }
}

let realtime: Realtime | null = null

/**
 * The member's newest notifications and their unread count, read again whenever one of theirs is made or
 * changes (the server sends each member only their own).
 */
export function useBell(userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    let isMounted = true
    let subscription: RealtimeSubscription | null = null
    realtime ??= new Realtime(client)
    realtime
      .subscribe(CHANNEL, () => void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) }))
      .then((created) => {
        if (isMounted) subscription = created
        else void created.close()
      })
      .catch(() => undefined)
    return () => {
      isMounted = false
      void subscription?.close()
    }
  }, [queryClient, userId])
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: () => readBell(userId ?? ''),
    enabled: !!userId,
  })
}

export function useMarkRead(userId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (notificationId: string) =>
      databases.updateDocument<TNotificationDocument>({
        ...NOTIFICATIONS,
        documentId: notificationId,
        data: { read: true } as unknown as Partial<TNotificationDocument>,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(userId) }),
  })
}

export function useMarkAllRead(userId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<{ marked: number }> =>
      client.call('post', notificationsUrl('read'), JSON_HEADERS),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(userId) }),
  })
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: (): Promise<TNotificationEmailSettings> => client.call('get', notificationsUrl('settings')),
  })
}

export function useSetNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: TNotificationEmailSettings): Promise<TNotificationEmailSettings> =>
      client.call('put', notificationsUrl('settings'), JSON_HEADERS, settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  })
}
