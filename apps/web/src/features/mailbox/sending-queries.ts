import type { TMailboxSending, TMemberSignature } from '@parsedesk/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/appwrite'

const sendingQueryKey = ['mailbox-sending'] as const
export const signatureQueryKey = ['member-signature'] as const
const JSON_HEADERS = { 'content-type': 'application/json' }

// Our routes beside Appwrite's (docs/api.md, decision 047): the SDK has no methods for them.
const mailboxUrl = (mailboxId: string, rest: string) =>
  new URL(`${client.config.endpoint}/mailboxes/${encodeURIComponent(mailboxId)}/${rest}`)
const signatureUrl = (teamId: string) =>
  new URL(`${client.config.endpoint}/teams/${encodeURIComponent(teamId)}/signature`)

/** While a test mail is on its way, the check is read again until it arrives. */
const WAITING_REFRESH_MS = 5_000

/** The mailbox's sending address, where replies come from now, and the setup it needs. */
export function useMailboxSending(mailboxId: string | undefined) {
  return useQuery({
    queryKey: [...sendingQueryKey, mailboxId],
    queryFn: (): Promise<TMailboxSending> => client.call('get', mailboxUrl(mailboxId ?? '', 'sending')),
    enabled: !!mailboxId,
    refetchInterval: (query) =>
      query.state.data?.sendingAddress && !query.state.data.verified ? WAITING_REFRESH_MS : false,
  })
}

function useSendingMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sendingQueryKey }),
        queryClient.invalidateQueries({ queryKey: signatureQueryKey }),
      ]),
  })
}

/** Sets (and sends the test mail to) or removes the mailbox's sending address. */
export function useSetSendingAddress(mailboxId: string) {
  return useSendingMutation(
    (address: string | null): Promise<TMailboxSending> =>
      client.call('put', mailboxUrl(mailboxId, 'sending'), JSON_HEADERS, { address }),
  )
}

export function useSendTestMail(mailboxId: string) {
  return useSendingMutation(
    (): Promise<TMailboxSending> => client.call('post', mailboxUrl(mailboxId, 'sending/test'), JSON_HEADERS),
  )
}

export function useSetMailboxSignature(mailboxId: string) {
  return useSendingMutation(
    (html: string): Promise<{ html: string }> =>
      client.call('put', mailboxUrl(mailboxId, 'signature'), JSON_HEADERS, { html }),
  )
}

/** The caller's own signature in the workspace, and what their replies end with. */
export function useMySignature(teamId: string | undefined) {
  return useQuery({
    queryKey: [...signatureQueryKey, teamId],
    queryFn: (): Promise<TMemberSignature> => client.call('get', signatureUrl(teamId ?? '')),
    enabled: !!teamId,
    staleTime: 60_000,
  })
}

export function useSetMySignature(teamId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (html: string): Promise<TMemberSignature> =>
      client.call('put', signatureUrl(teamId), JSON_HEADERS, { html }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signatureQueryKey }),
  })
}
