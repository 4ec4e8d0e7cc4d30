import { CollectionId, DATABASE_ID, type TViewAttributes, type TViewCreate } from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { databases } from '@/lib/appwrite'

export type TSavedView = Models.Document & TViewAttributes

const VIEWS = { databaseId: DATABASE_ID, collectionId: CollectionId.views }
const savedViewsKey = ['views'] as const

/** The one cache entry per member and workspace for the saved views the list offers. */
export const savedViewQueries = {
  all: savedViewsKey,
  /** The member's own views and those shared with the workspace (the server lists only those). */
  list: ({ userId, teamId }: { userId: string | undefined; teamId: string | undefined }) =>
    queryOptions({
      queryKey: [...savedViewsKey, userId, teamId],
      queryFn: async () => {
        const list = await databases.listDocuments<TSavedView>({
          ...VIEWS,
          queries: [Query.equal('teamId', teamId as string), Query.orderAsc('$createdAt'), Query.limit(100)],
        })
        return list.documents
      },
      enabled: !!userId && !!teamId,
    }),
}

export function useSavedViews({ userId }: { userId: string | undefined }) {
  return useQuery(savedViewQueries.list({ userId, teamId: useCurrentWorkspaceId(userId) }))
}

export function useSaveView() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (view: TViewCreate) =>
      databases.createDocument<TSavedView>({ ...VIEWS, documentId: ID.unique(), data: view as never }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewsKey }),
  })
}

export function useDeleteView() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (viewId: string) => databases.deleteDocument({ ...VIEWS, documentId: viewId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewsKey }),
  })
}
