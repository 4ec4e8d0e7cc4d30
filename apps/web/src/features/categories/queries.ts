import {
  categoryNameOf,
  DEFAULT_TICKET_CATEGORIES,
  type TTicketCategory,
  type TWorkspaceCategories,
} from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/appwrite'

/** Our route beside Appwrite's Teams API: the SDK has no method for it, so it goes through call(). */
function categoriesUrl(teamId: string): URL {
  return new URL(`${client.config.endpoint}/teams/${encodeURIComponent(teamId)}/categories`)
}

/** The one cache entry per workspace for its categories, read by settings, views, analysis and the ticket page. */
export const categoryQueries = {
  all: ['workspace-categories'] as const,
  /** The workspace's categories (the default list until an owner or admin changes it). */
  list: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...categoryQueries.all, teamId],
      queryFn: (): Promise<TWorkspaceCategories> => client.call('get', categoriesUrl(teamId as string)),
      enabled: !!teamId,
      staleTime: 60_000,
    }),
}

export function useWorkspaceCategories(teamId: string | undefined) {
  return useQuery(categoryQueries.list(teamId))
}

/**
 * What a ticket's stored category shows: the workspace's name for its key; the default list's while the
 * workspace's is loading; a value that is no key (an older ticket's name) as it is.
 */
export function useCategoryName(teamId: string | undefined): (stored: string) => string {
  const categories = useWorkspaceCategories(teamId).data?.categories ?? DEFAULT_TICKET_CATEGORIES
  return (stored) => categoryNameOf(categories, stored)
}

/** Replaces the workspace's list; owners and admins only (the server enforces it). */
export function useSaveCategories(teamId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (categories: TTicketCategory[]): Promise<TWorkspaceCategories> =>
      client.call('put', categoriesUrl(teamId), { 'content-type': 'application/json' }, { categories }),
    onSuccess: (saved) => queryClient.setQueryData(categoryQueries.list(teamId).queryKey, saved),
  })
}
