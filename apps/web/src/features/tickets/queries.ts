import {
  CollectionId,
  DATABASE_ID,
  ProcessingStatus,
  TicketStatus,
  type TTicketAttributes,
  type TTicketCreate,
  type TViewFilters,
} from '@parsedesk/contracts'
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { ID, Permission, Query, Role } from 'appwrite'
import { searchQueries, viewQueries } from '@/features/views/view-queries'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { databases } from '@/lib/appwrite'
import {
  applyTicketChange,
  countDelta,
  leavesTotalUnknown,
  nextCount,
  type TTicketChange,
  type TTicketPage,
  type TTicketPages,
  toSummary,
} from './list-cache'
import {
  TICKET_LIST_ATTRIBUTES,
  type TTicketDocument,
  type TTicketSummary,
  ticketListRefreshInterval,
} from './ticket-model'

export const ticketsQueryKey = ['tickets'] as const
/** Every list of tickets the dashboard holds, whatever its view: what realtime changes are applied to. */
export const ticketListsKey = [...ticketsQueryKey, 'list'] as const

/** Every count the list shows: its views' and its search's. */
export const ticketCountsKey = [...ticketsQueryKey, 'count'] as const

/** Rows per request: a screenful and more; "Load more" reads the next ones after the last row's cursor. */
export const TICKET_PAGE_SIZE = 50

export type TTicketListKey = readonly ['tickets', 'list', string, string, TViewFilters, string]

/**
 * One page of a list. Only the first page of a view is counted with it: counting what a common search word
 * matches costs more than reading its page, so a search's count is a query of its own (`useSearchCount`)
 * and the rows never wait for it.
 */
async function listTicketPage(
  teamId: string,
  filters: TViewFilters,
  me: string,
  search: string,
  cursor: string | null,
): Promise<TTicketPage> {
  const isCounted = !search.trim() && !cursor
  const list = await databases.listDocuments<TTicketSummary>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    queries: [
      Query.equal('teamId', teamId),
      ...viewQueries(filters, me),
      ...searchQueries(search),
      Query.limit(TICKET_PAGE_SIZE),
      ...(cursor ? [Query.cursorAfter(cursor)] : []),
      Query.select([...TICKET_LIST_ATTRIBUTES]),
    ],
    total: isCounted,
  })
  return {
    documents: list.documents,
    total: isCounted ? list.total : null,
    hasMore: list.documents.length === TICKET_PAGE_SIZE,
  }
}

/** The current workspace's tickets in a view, a page at a time (cursor pagination through any number). */
export function useTicketList({
  userId,
  filters,
  search,
}: {
  userId: string | undefined
  filters: TViewFilters
  search: string
}) {
  const teamId = useCurrentWorkspaceId(userId)
  const queryKey: TTicketListKey = [...ticketListsKey, userId ?? '', teamId ?? '', filters, search.trim()]
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      listTicketPage(teamId as string, filters, userId as string, search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? (lastPage.documents.at(-1)?.$id ?? null) : null),
    enabled: !!userId && !!teamId,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      ticketListRefreshInterval(query.state.data?.pages.flatMap((page) => page.documents)),
  })
}

/** How many tickets `queries` match in the workspace: `total` of a one-row list, capped by the server. */
async function countTickets(teamId: string, queries: string[]): Promise<number> {
  const list = await databases.listDocuments({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    queries: [Query.equal('teamId', teamId), ...queries, Query.limit(1), Query.select(['$id'])],
  })
  return list.total
}

/** How many tickets a search matches in a view, read beside its rows (undefined until it is counted). */
export function useSearchCount({
  userId,
  filters,
  search,
}: {
  userId: string | undefined
  filters: TViewFilters
  search: string
}): number | undefined {
  const teamId = useCurrentWorkspaceId(userId)
  const term = search.trim()
  const count = useQuery({
    queryKey: [...ticketCountsKey, userId, teamId, filters, term],
    queryFn: () =>
      countTickets(teamId as string, [...viewQueries(filters, userId as string), ...searchQueries(term)]),
    enabled: !!userId && !!teamId && term !== '',
    // No placeholder: the last search's count beside the new search's rows would be a wrong number.
  })
  return term === '' ? undefined : count.data
}

/** How many tickets each view holds (`total` of a one-row list, counted by the server up to its cap). */
export function useViewCounts({
  userId,
  views,
}: {
  userId: string | undefined
  views: readonly { id: string; filters: TViewFilters }[]
}): Record<string, number | undefined> {
  const teamId = useCurrentWorkspaceId(userId)
  const results = useQueries({
    queries: views.map((view) => ({
      queryKey: [...ticketCountsKey, userId, teamId, view.filters],
      queryFn: () => countTickets(teamId as string, viewQueries(view.filters, userId as string)),
      enabled: !!userId && !!teamId,
      // Counts are a glance, not a ledger: read again every half minute and after the member's own changes.
      refetchInterval: 30_000,
    })),
  })
  return Object.fromEntries(views.map((view, index) => [view.id, results[index]?.data]))
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
    // The row goes into the open lists from the answer; realtime brings it to the other tabs.
    onSuccess: (created, { userId }) =>
      applyToTicketLists(queryClient, { kind: 'create', ticket: toSummary(created) }, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketCountsKey }),
  })
}

/** Deletes one ticket or a selection: the rows leave every list at once, other tabs hear it by realtime. */
export function useDeleteTickets({ userId }: { userId: string | undefined }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ticketIds: readonly string[]) =>
      Promise.all(
        ticketIds.map((ticketId) =>
          databases.deleteDocument({
            databaseId: DATABASE_ID,
            collectionId: CollectionId.tickets,
            documentId: ticketId,
          }),
        ),
      ),
    onSuccess: (_answers, ticketIds) => {
      for (const $id of ticketIds) {
        applyToTicketLists(queryClient, { kind: 'delete', ticket: { $id } as TTicketSummary }, userId)
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketCountsKey }),
  })
}

export type TTicketChangeRequest = Partial<
  Pick<TTicketAttributes, 'status' | 'assigneeId' | 'tags' | 'priority'>
>

/**
 * One change to each of a selection of tickets (its own data per ticket, so a tag is added to each one's
 * tags). Each answer is written into the lists at once; the socket brings the same to the other tabs.
 */
export function useUpdateTickets({ userId }: { userId: string | undefined }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: readonly { ticketId: string; data: TTicketChangeRequest }[]) =>
      Promise.all(
        changes.map(({ ticketId, data }) =>
          databases.updateDocument<TTicketSummary>({
            databaseId: DATABASE_ID,
            collectionId: CollectionId.tickets,
            documentId: ticketId,
            data,
          }),
        ),
      ),
    onSuccess: (updated) => {
      for (const ticket of updated)
        applyToTicketLists(queryClient, { kind: 'update', ticket: toSummary(ticket) }, userId)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketCountsKey }),
  })
}

/** A change applied to every cached list, each by its own view's rules. */
export function applyToTicketLists(
  queryClient: QueryClient,
  change: TTicketChange,
  userId: string | undefined,
) {
  for (const [key, data] of queryClient.getQueriesData<TTicketPages>({ queryKey: ticketListsKey })) {
    if (!data) continue
    const [, , owner, teamId, filters, search] = key as unknown as TTicketListKey
    // A member of several workspaces hears all their tickets; each list keeps to its own workspace.
    const ticketTeam = (change.ticket as { teamId?: string }).teamId
    if (owner !== userId || (ticketTeam !== undefined && ticketTeam !== teamId)) continue
    // Whether a ticket matches a search is the server's to say: that list alone is read again.
    if (search && change.kind !== 'delete') {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
      continue
    }
    if (leavesTotalUnknown(data, change)) void queryClient.invalidateQueries({ queryKey: key, exact: true })
    const next = applyTicketChange(data, change, filters, owner)
    if (next === data) continue
    queryClient.setQueryData(key, next)
    // A reading under way began before this change was committed: its answer would overwrite the change
    // with the list as it was, so it is read again once more, after the commit the event announces.
    if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    }
  }
}

/** The ticket as the member's cached lists hold it, or undefined when none loaded it. */
export function cachedTicket(queryClient: QueryClient, ticketId: string): TTicketSummary | undefined {
  for (const [, data] of queryClient.getQueriesData<TTicketPages>({ queryKey: ticketListsKey })) {
    for (const page of data?.pages ?? []) {
      const found = page.documents.find((row) => row.$id === ticketId)
      if (found) return found
    }
  }
  return undefined
}

/**
 * A change applied to the views' counts in place, from the ticket as it was and as it is: no request.
 * Returns false when the ticket's earlier state is not known (an update to a ticket no list loaded): the
 * caller then has the counts read again.
 */
export function applyToViewCounts(
  queryClient: QueryClient,
  change: TTicketChange,
  previous: TTicketSummary | null | undefined,
  userId: string,
): boolean {
  if (previous === undefined) return false
  const ticketTeam = (change.ticket as { teamId?: string }).teamId
  for (const [key, count] of queryClient.getQueriesData<number>({ queryKey: ticketCountsKey })) {
    // A view's count is keyed [..., user, team, filters]; a search's has its words after them.
    const [, , owner, teamId, filters, term] = key as unknown as [
      string,
      string,
      string,
      string,
      TViewFilters,
      string?,
    ]
    if (count === undefined || owner !== userId || term !== undefined) continue
    if (ticketTeam !== undefined && ticketTeam !== teamId) continue
    const delta = countDelta(previous, change, filters, userId)
    if (delta !== 0) queryClient.setQueryData(key, nextCount(count, delta))
  }
  return true
}
