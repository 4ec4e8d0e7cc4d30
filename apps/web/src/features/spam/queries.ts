import type {
  TBlockedSender,
  TFloodingSender,
  TMarkSpam,
  TTicket,
  TTrustedSender,
} from '@parsedesk/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/appwrite'

const blockedQueryKey = ['blocked-senders'] as const
const trustedQueryKey = ['trusted-senders'] as const
const floodingQueryKey = ['flooding-senders'] as const
const JSON_HEADERS = { 'content-type': 'application/json' }

// Our routes beside Appwrite's (docs/api.md): the SDK has no methods for them, so they go through call().
const ticketSpamUrl = (ticketId: string) =>
  new URL(`${client.config.endpoint}/tickets/${encodeURIComponent(ticketId)}/spam`)
const senderListUrl = (list: 'blocked-senders' | 'trusted-senders', teamId: string, entryId?: string) =>
  new URL(
    `${client.config.endpoint}/teams/${encodeURIComponent(teamId)}/${list}${
      entryId ? `/${encodeURIComponent(entryId)}` : ''
    }`,
  )
const blockedUrl = (teamId: string, blockId?: string) => senderListUrl('blocked-senders', teamId, blockId)
const trustedUrl = (teamId: string, trustId?: string) => senderListUrl('trusted-senders', teamId, trustId)

/**
 * Marks a ticket spam (closed), blocking its sender's address or domain with it when asked. The ticket's
 * realtime update refreshes the lists; the block list is read again.
 */
export function useMarkSpam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (options: { ticketId: string } & TMarkSpam): Promise<TTicket> =>
      client.call('post', ticketSpamUrl(options.ticketId), JSON_HEADERS, { block: options.block ?? 'none' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedQueryKey }),
        queryClient.invalidateQueries({ queryKey: floodingQueryKey }),
      ]),
  })
}

/**
 * A false positive: the ticket opens again with its own category (the analysis files it again), and its
 * sender joins the workspace's trusted senders.
 */
export function useMarkNotSpam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ticketId: string): Promise<TTicket> =>
      client.call('delete', ticketSpamUrl(ticketId), JSON_HEADERS),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustedQueryKey }),
  })
}

export function useBlockedSenders(teamId: string | undefined) {
  return useQuery({
    queryKey: [...blockedQueryKey, teamId],
    queryFn: (): Promise<{ total: number; senders: TBlockedSender[] }> =>
      client.call('get', blockedUrl(teamId as string)),
    enabled: !!teamId,
  })
}

/** Owners and admins only (the server enforces it). */
export function useUnblockSender(teamId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (blockId: string): Promise<unknown> =>
      client.call('delete', blockedUrl(teamId, blockId), JSON_HEADERS),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedQueryKey }),
  })
}

export function useTrustedSenders(teamId: string | undefined) {
  return useQuery({
    queryKey: [...trustedQueryKey, teamId],
    queryFn: (): Promise<{ total: number; senders: TTrustedSender[] }> =>
      client.call('get', trustedUrl(teamId as string)),
    enabled: !!teamId,
  })
}

/** Owners and admins only (the server enforces it): the sender's mail meets the spam rules again. */
export function useForgetTrustedSender(teamId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (trustId: string): Promise<unknown> =>
      client.call('delete', trustedUrl(teamId, trustId), JSON_HEADERS),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trustedQueryKey }),
  })
}

// Looked at again now and then: a flood is news while the dashboard is open.
const FLOODING_REFRESH_MS = 30_000

/** Senders whose mail the intake deferred lately for coming too fast, not blocked since (decision 029). */
export function useFloodingSenders(teamId: string | undefined) {
  return useQuery({
    queryKey: [...floodingQueryKey, teamId],
    queryFn: (): Promise<{ total: number; senders: TFloodingSender[] }> =>
      client.call(
        'get',
        new URL(`${client.config.endpoint}/teams/${encodeURIComponent(teamId as string)}/flooding-senders`),
      ),
    enabled: !!teamId,
    refetchInterval: FLOODING_REFRESH_MS,
  })
}
