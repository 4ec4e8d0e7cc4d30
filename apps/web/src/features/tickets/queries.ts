import {
  CollectionId,
  DATABASE_ID,
  ProcessingStatus,
  TicketStatus,
  type TTicketCreate,
} from '@parsedesk/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, Permission, Query, Role } from 'appwrite'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { databases } from '@/lib/appwrite'
import {
  TICKET_LIST_ATTRIBUTES,
  type TTicketDocument,
  type TTicketSummary,
  ticketListRefreshInterval,
} from './ticket-model'

export const ticketsQueryKey = ['tickets'] as const

const LIST_LIMIT = 100

async function listTickets(teamId: string): Promise<TTicketSummary[]> {
  const list = await databases.listDocuments<TTicketSummary>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    queries: [
      Query.equal('teamId', teamId),
      Query.orderDesc('$createdAt'),
      Query.limit(LIST_LIMIT),
      Query.select([...TICKET_LIST_ATTRIBUTES]),
    ],
  })
  return list.documents
}

/** The current workspace's newest tickets. */
export function useTickets({ userId }: { userId: string | undefined }) {
  const teamId = useCurrentWorkspaceId(userId)
  return useQuery({
    queryKey: [...ticketsQueryKey, userId, teamId],
    queryFn: () => listTickets(teamId as string),
    enabled: !!userId && !!teamId,
    retry: false,
    refetchInterval: (query) => ticketListRefreshInterval(query.state.data),
  })
}

/** The whole ticket, read again whenever the list shows it changed (its `$updatedAt` is in the key). */
export function useTicket({ ticketId, updatedAt }: { ticketId: string; updatedAt: string }) {
  return useQuery({
    queryKey: [...ticketsQueryKey, 'one', ticketId, updatedAt],
    queryFn: () =>
      databases.getDocument<TTicketDocument>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ticketId,
      }),
    retry: false,
    // A newer version is read in the background: the open dialog keeps showing the one it has meanwhile.
    placeholderData: keepPreviousData,
  })
}

function ownerOnly(userId: string): string[] {
  const owner = Role.user(userId)
  return [Permission.read(owner), Permission.update(owner), Permission.delete(owner), Permission.write(owner)]
}

export function useCreateTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, teamId, ticket }: { userId: string; teamId?: string; ticket: TTicketCreate }) =>
      databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ID.unique(),
        // The spec's payload, and the workspace it is filed in (the server takes the user's own without it).
        data: {
          ...ticket,
          status: TicketStatus.open,
          userId,
          processing_status: ProcessingStatus.waiting,
          ...(teamId ? { teamId } : {}),
        },
        permissions: ownerOnly(userId),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  })
}

export function useDeleteTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ticketId: string) =>
      databases.deleteDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ticketId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  })
}
