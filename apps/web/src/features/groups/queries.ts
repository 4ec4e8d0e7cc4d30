import {
  CollectionId,
  DATABASE_ID,
  GroupLimits,
  type TGroupAttributes,
  type TGroupUpdate,
} from '@parsedesk/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { databases } from '@/lib/appwrite'

export type TGroupDocument = Models.Document & TGroupAttributes

/** A confirmed member as the group cards show them. */
export type TGroupMember = { userId: string; name: string }

const groupsQueryKey = ['groups'] as const
const GROUPS = { databaseId: DATABASE_ID, collectionId: CollectionId.groups }

/** A workspace's groups by name: what routing, views and the ticket page offer. */
export function useGroups(teamId: string | undefined) {
  return useQuery({
    queryKey: [...groupsQueryKey, teamId],
    queryFn: async () =>
      (
        await databases.listDocuments<TGroupDocument>({
          ...GROUPS,
          queries: [
            Query.equal('teamId', teamId as string),
            Query.orderAsc('name'),
            Query.limit(GroupLimits.groupsPerWorkspace),
          ],
        })
      ).documents,
    enabled: !!teamId,
    retry: false,
  })
}

/** Creates a group in `teamId`, or changes the group `groupId` names. */
export function useSaveGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      teamId,
      groupId,
      group,
    }: {
      teamId: string
      groupId?: string
      group: Required<TGroupUpdate>
    }) =>
      groupId
        ? databases.updateDocument({ ...GROUPS, documentId: groupId, data: group })
        : databases.createDocument({ ...GROUPS, documentId: ID.unique(), data: { ...group, teamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  })
}

export function useDeleteGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (groupId: string) => databases.deleteDocument({ ...GROUPS, documentId: groupId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  })
}
