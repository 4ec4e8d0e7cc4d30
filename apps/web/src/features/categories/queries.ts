import {
  categoryNameOf,
  DEFAULT_TICKET_CATEGORIES,
  type TPriorityModelStatus,
  type TTicketCategory,
  type TWorkspaceCategories,
  type TWorkspaceModelKind,
  type TWorkspaceModelStatus,
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

function modelUrl(teamId: string, kind: TWorkspaceModelKind, path = ''): URL {
  return new URL(`${client.config.endpoint}/teams/${encodeURIComponent(teamId)}/${kind}-model${path}`)
}

// While a training waits or runs, its figures are looked at again until they arrive.
const TRAINING_REFRESH_MS = 2_000

/** The workspace's own category model: its state and its figures against the shipped model. */
export function useWorkspaceModel(teamId: string) {
  return useQuery({
    queryKey: ['workspace-model', teamId],
    queryFn: (): Promise<TWorkspaceModelStatus> => client.call('get', modelUrl(teamId, 'category')),
    refetchInterval: (query) => (query.state.data?.training ? TRAINING_REFRESH_MS : false),
  })
}

/** The workspace's own priority model: its state and its figures against the priority rules. */
export function usePriorityModel(teamId: string) {
  return useQuery({
    queryKey: ['priority-model', teamId],
    queryFn: (): Promise<TPriorityModelStatus> => client.call('get', modelUrl(teamId, 'priority')),
    refetchInterval: (query) => (query.state.data?.training ? TRAINING_REFRESH_MS : false),
  })
}

/** Owners and admins only (the server enforces it): one training of both models queued for the worker now. */
export function useRetrainWorkspaceModel(teamId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<TWorkspaceModelStatus> =>
      client.call('post', modelUrl(teamId, 'category', '/training'), { 'content-type': 'application/json' }),
    onSuccess: (status) => {
      queryClient.setQueryData(['workspace-model', teamId], status)
      return queryClient.invalidateQueries({ queryKey: ['priority-model', teamId] })
    },
  })
}
