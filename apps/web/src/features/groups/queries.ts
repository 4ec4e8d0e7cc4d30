import {
  CollectionId,
  DATABASE_ID,
  GroupLimits,
  type TGroupAttributes,
  type TGroupUpdate,
} from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { databases } from '@/lib/appwrite'

export type TGroupDocument = Models.Document & TGroupAttributes

/** A confirmed member as the group cards show them. */
export type TGroupMember = { userId: string; name: string }

const GROUPS = { databaseId: DATABASE_ID, collectionId: CollectionId.groups }

/** The one cache entry per workspace for its groups, read by settings, views and the ticket page alike. */
export const groupQueries = {
  all: ['groups'] as const,
  /** A workspace's groups by name: what routing, views and the ticket page offer. */
  list: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...groupQueries.all, teamId],
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
    }),
}

export function useGroups(teamId: string | undefined) {
  return useQuery(groupQueries.list(teamId))
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupQueries.all }),
  })
}

export function useDeleteGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (groupId: string) => databases.deleteDocument({ ...GROUPS, documentId: groupId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupQueries.all }),
  })
}
