import { CollectionId, DATABASE_ID, TicketEventType, TicketStatus } from '@parsedesk/contracts'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { databases } from '@/lib/appwrite'
import type {
  TConversationMessage,
  TTicketChange,
  TTicketEventDocument,
  TTicketPageDocument,
} from './ticket-page-model'

/** The events whose messages moved between tickets without an announcement of each (decision 018). */
const MOVES_MESSAGES: ReadonlySet<string> = new Set([TicketEventType.merge, TicketEventType.split])

/** One page of a ticket's messages or events; a long conversation is read page after page. */
const PAGE = 100
/** The requester's other tickets shown beside the ticket, newest first. */
const OTHER_TICKETS = 10

export const ticketPageKeys = {
  all: ['ticket-page'] as const,
  ticket: (teamId: string, number: number) => ['ticket-page', 'ticket', teamId, number] as const,
  messages: (ticketId: string) => ['ticket-page', 'messages', ticketId] as const,
  events: (ticketId: string) => ['ticket-page', 'events', ticketId] as const,
  otherTickets: (teamId: string, requester: string) =>
    ['ticket-page', 'requester', teamId, requester] as const,
  mergedInto: (ticketId: string) => ['ticket-page', 'merged-into', ticketId] as const,
  mergeTarget: (teamId: string, number: number) => ['ticket-page', 'merge-target', teamId, number] as const,
  neighbours: (teamId: string, number: number) => ['ticket-page', 'neighbours', teamId, number] as const,
}

/** The workspace's ticket with this number; null when there is none the user may read (never which). */
async function findTicket(teamId: string, number: number): Promise<TTicketPageDocument | null> {
  const list = await databases.listDocuments<TTicketPageDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    queries: [Query.equal('teamId', teamId), Query.equal('number', number), Query.limit(1)],
  })
  return list.documents[0] ?? null
}

export function useTicketByNumber({ teamId, number }: { teamId: string | undefined; number: number | null }) {
  return useQuery({
    queryKey: ticketPageKeys.ticket(teamId ?? '', number ?? 0),
    queryFn: () => findTicket(teamId as string, number as number),
    enabled: !!teamId && number !== null,
  })
}

/** Every document of `collectionId` about the ticket after `afterId` (all of them without it), in log order. */
async function listAfter<TDocument extends Models.Document>(
  collectionId: string,
  ticketId: string,
  afterId?: string,
): Promise<TDocument[]> {
  const documents: TDocument[] = []
  let cursor = afterId
  for (;;) {
    const page = await databases.listDocuments<TDocument>({
      databaseId: DATABASE_ID,
      collectionId,
      queries: [
        Query.equal('ticketId', ticketId),
        Query.orderAsc('$sequence'),
        Query.limit(PAGE),
        ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ],
    })
    documents.push(...page.documents)
    const last = page.documents.at(-1)
    if (page.documents.length < PAGE || !last) return documents
    cursor = last.$id
  }
}

export function useConversation(ticketId: string | undefined) {
  return useQuery({
    queryKey: ticketPageKeys.messages(ticketId ?? ''),
    queryFn: () => listAfter<TConversationMessage>(CollectionId.messages, ticketId as string),
    enabled: !!ticketId,
  })
}

export function useTicketEvents(ticketId: string | undefined) {
  return useQuery({
    queryKey: ticketPageKeys.events(ticketId ?? ''),
    queryFn: () => listAfter<TTicketEventDocument>(CollectionId.ticketEvents, ticketId as string),
    enabled: !!ticketId,
  })
}

/**
 * Adds the events logged since the last one the page holds (`cursorAfter` it), as each change of the
 * ticket announces new ones: the page never reads the whole log again.
 */
export async function readNewEvents(queryClient: QueryClient, ticketId: string): Promise<void> {
  const key = ticketPageKeys.events(ticketId)
  const held = queryClient.getQueryData<TTicketEventDocument[]>(key)
  if (!held) return
  const fresh = await listAfter<TTicketEventDocument>(CollectionId.ticketEvents, ticketId, held.at(-1)?.$id)
  if (fresh.length === 0) return
  // A merge or split moves messages between tickets in one statement, which realtime does not announce
  // message by message: the conversation is read again.
  if (fresh.some((event) => MOVES_MESSAGES.has(event.type))) {
    void queryClient.invalidateQueries({ queryKey: ticketPageKeys.messages(ticketId) })
  }
  queryClient.setQueryData<TTicketEventDocument[]>(key, (current = []) => {
    const known = new Set(current.map((event) => event.$id))
    return [...current, ...fresh.filter((event) => !known.has(event.$id))]
  })
}

/** The requester's tickets in this workspace: by their contact, or by address on a ticket without one. */
async function listRequesterTickets(teamId: string, requester: TRequesterRef) {
  const list = await databases.listDocuments<TTicketPageDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    queries: [
      Query.equal('teamId', teamId),
      'requesterId' in requester
        ? Query.equal('requesterId', requester.requesterId)
        : Query.equal('email', requester.email),
      Query.orderDesc('$createdAt'),
      Query.limit(OTHER_TICKETS + 1),
      Query.select(['$id', '$createdAt', 'number', 'subject', 'status']),
    ],
  })
  return list.documents
}

type TRequesterRef = { requesterId: string } | { email: string }

export function useOtherTickets({ teamId, requester }: { teamId: string; requester: TRequesterRef }) {
  const value = 'requesterId' in requester ? requester.requesterId : requester.email
  return useQuery({
    queryKey: ticketPageKeys.otherTickets(teamId, value),
    queryFn: () => listRequesterTickets(teamId, requester),
    enabled: !!value,
  })
}

/** The ticket a duplicate was merged into, for its number and subject (the link to follow). */
export function useMergedInto(ticketId: string | null | undefined) {
  return useQuery({
    queryKey: ticketPageKeys.mergedInto(ticketId ?? ''),
    queryFn: () =>
      databases.getDocument<TTicketPageDocument>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ticketId as string,
        queries: [Query.select(['$id', 'number', 'subject'])],
      }),
    enabled: !!ticketId,
  })
}

/**
 * One field change through `databases.updateDocument`: the server checks it, logs it as an event and
 * announces the ticket, so the answer replaces the cached ticket and the new events are read after it.
 */
export function useUpdateTicket({ teamId, number }: { teamId: string; number: number }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ticketId, change }: { ticketId: string; change: TTicketChange }) =>
      databases.updateDocument<TTicketPageDocument>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ticketId,
        data: change,
      }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketPageKeys.ticket(teamId, number), ticket)
      void readNewEvents(queryClient, ticket.$id)
    },
  })
}

/** The ticket an agent means to merge into, looked up by its number as they type it; null for none. */
export function useMergeTarget({ teamId, number }: { teamId: string; number: number | null }) {
  return useQuery({
    queryKey: ticketPageKeys.mergeTarget(teamId, number ?? 0),
    queryFn: () => findTicket(teamId, number as number),
    enabled: number !== null,
  })
}

/** How many of the requester's other open tickets the merge dialog offers. */
const MERGE_SUGGESTIONS = 5

/**
 * The requester's other open tickets in the workspace, newest first: what a duplicate is most often merged
 * into. Merged tickets are left out (a merge into one is refused).
 */
export function useMergeSuggestions(
  ticket: Pick<TTicketPageDocument, '$id' | 'teamId' | 'email'>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['ticket-page', 'merge-suggestions', ticket.$id] as const,
    queryFn: async () =>
      (
        await databases.listDocuments<TTicketPageDocument>({
          databaseId: DATABASE_ID,
          collectionId: CollectionId.tickets,
          queries: [
            Query.equal('teamId', ticket.teamId),
            Query.equal('email', ticket.email),
            Query.notEqual('status', TicketStatus.closed),
            Query.isNull('mergedIntoId'),
            Query.notEqual('$id', ticket.$id),
            Query.orderDesc('$createdAt'),
            Query.limit(MERGE_SUGGESTIONS),
            Query.select(['$id', 'number', 'subject', 'status', 'mergedIntoId']),
          ],
          total: false,
        })
      ).documents,
    enabled: enabled && !!ticket.email,
  })
}

/**
 * Merges the ticket into `target` (decision 018: `mergedIntoId` sent alone). Both tickets' conversations
 * changed, so every ticket page's cache is read again.
 */
export function useMergeTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ticketId, targetId }: { ticketId: string; targetId: string }) =>
      databases.updateDocument<TTicketPageDocument>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ticketId,
        data: { mergedIntoId: targetId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketPageKeys.all }),
  })
}

/** Splits a customer's message off into a new ticket (decision 018); the answer is that ticket. */
export function useSplitMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (messageId: string) =>
      databases.createDocument<TTicketPageDocument>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ID.unique(),
        // The split's own body: the server reads `splitFrom` alone as a split, not as the form's create.
        data: { splitFrom: messageId } as never,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketPageKeys.all }),
  })
}

/** The ticket numbered next below `number` in the workspace (`direction` older) or next above it (newer). */
async function neighbourOf(teamId: string, number: number, direction: 'older' | 'newer') {
  const list = await databases.listDocuments<TTicketPageDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    queries: [
      Query.equal('teamId', teamId),
      direction === 'older' ? Query.lessThan('number', number) : Query.greaterThan('number', number),
      direction === 'older' ? Query.orderDesc('number') : Query.orderAsc('number'),
      Query.limit(1),
      Query.select(['$id', 'number']),
    ],
  })
  return list.documents[0]?.number ?? null
}

/**
 * The numbers of the tickets either side of this one, as the list runs by default (newest first): next is
 * the older one, previous the newer; null at either end. Numbers of deleted tickets are skipped.
 */
export function useNeighbourTickets({ teamId, number }: { teamId: string; number: number }) {
  return useQuery({
    queryKey: ticketPageKeys.neighbours(teamId, number),
    queryFn: async () => {
      const [next, previous] = await Promise.all([
        neighbourOf(teamId, number, 'older'),
        neighbourOf(teamId, number, 'newer'),
      ])
      return { next, previous }
    },
    staleTime: 30_000,
  })
}
