import { CollectionId, DATABASE_ID, QueryLimits } from '@parsedesk/contracts'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { useMemo } from 'react'
import { useCategoryName } from '@/features/categories/queries'
import type { TContactDocument } from '@/features/contacts/queries'
import { groupQueries } from '@/features/groups/queries'
import { memberQueries } from '@/features/workspaces/queries'
import { databases } from '@/lib/appwrite'
import type { TListColumnKey } from '../list-columns'
import type { TTicketSummary } from '../ticket-model'

/** The names the list's columns show for the ids a ticket stores. */
export type TListLookups = {
  requester: (ticket: TTicketSummary) => { name: string; email: string }
  assignee: (ticket: TTicketSummary) => string
  group: (ticket: TTicketSummary) => string
  category: (ticket: TTicketSummary) => string
}

async function readContacts(teamId: string, ids: readonly string[]): Promise<TContactDocument[]> {
  const list = await databases.listDocuments<TContactDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.contacts,
    queries: [
      Query.equal('teamId', teamId),
      Query.equal('$id', [...ids]),
      Query.limit(ids.length),
      Query.select(['$id', 'name', 'email']),
    ],
  })
  return list.documents
}

/**
 * The requesters of the loaded rows, read in chunks of the most ids one query takes, only while the
 * Requester column shows. A chunk already read is not read again as rows arrive after it.
 */
function useRequesters(teamId: string | undefined, tickets: readonly TTicketSummary[], enabled: boolean) {
  const chunks = useMemo(() => {
    const ids = [...new Set(tickets.flatMap((ticket) => (ticket.requesterId ? [ticket.requesterId] : [])))]
    const sorted = ids.sort()
    const result: string[][] = []
    for (let at = 0; at < sorted.length; at += QueryLimits.valuesPerQuery)
      result.push(sorted.slice(at, at + QueryLimits.valuesPerQuery))
    return result
  }, [tickets])
  const contacts = useQueries({
    queries: chunks.map((ids) => ({
      queryKey: ['contacts', 'names', teamId, ids],
      queryFn: () => readContacts(teamId as string, ids),
      enabled: enabled && !!teamId,
      staleTime: 60_000,
    })),
    combine: (results) => results.flatMap((result) => result.data ?? []),
  })
  return useMemo(() => new Map(contacts.map((contact) => [contact.$id, contact])), [contacts])
}

/** Names for the columns the member shows: reads only what a visible column needs. */
export function useListLookups(
  teamId: string | undefined,
  tickets: readonly TTicketSummary[],
  columns: readonly TListColumnKey[],
): TListLookups {
  const requesters = useRequesters(teamId, tickets, columns.includes('requester'))
  const members = useQuery({
    ...memberQueries.list(teamId),
    enabled: !!teamId && columns.includes('assignee'),
  })
  const groups = useQuery({ ...groupQueries.list(teamId), enabled: !!teamId && columns.includes('group') })
  const categoryName = useCategoryName(teamId)
  const categoryKey = columns.includes('category') ? categoryName : undefined

  return useMemo(() => {
    const memberName = new Map(
      (members.data ?? []).map((member) => [member.userId, member.userName || member.userEmail]),
    )
    const groupName = new Map((groups.data ?? []).map((group) => [group.$id, group.name]))
    return {
      requester: (ticket) => {
        const contact = ticket.requesterId ? requesters.get(ticket.requesterId) : undefined
        return { name: contact?.name || ticket.email, email: contact?.email ?? ticket.email }
      },
      assignee: (ticket) => (ticket.assigneeId ? (memberName.get(ticket.assigneeId) ?? 'A member') : ''),
      group: (ticket) => (ticket.groupId ? (groupName.get(ticket.groupId) ?? '') : ''),
      category: (ticket) => (ticket.category && categoryKey ? categoryKey(ticket.category) : ''),
    }
  }, [requesters, members.data, groups.data, categoryKey])
}
