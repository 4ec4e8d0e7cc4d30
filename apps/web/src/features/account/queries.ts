import { ErrorType } from '@parsedesk/contracts'
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Paths } from '@/app/paths'
import { setSessionUser, type TUser } from '@/features/auth/session'
import { account } from '@/lib/appwrite'
import { getErrorType } from '@/lib/errors'
import type { TAccountLink } from './account-link'
import { otherSessionIds, type TSession } from './session-device'

const accountQueryKey = ['account'] as const
const sessionsQueryKey = ['account-sessions'] as const

/** A link the server mails must point to this site's page for it (the server refuses any other). */
const pageUrl = (path: string) => `${window.location.origin}${path}`

/**
 * The signed-in account, read again whenever the settings open or the window regains focus: its address
 * may have been confirmed from the mail in another tab meanwhile. Every read also refreshes the session
 * store, so the header and the dashboard see a new name or address too.
 */
export function useAccountDetails({ user }: { user: TUser | null }) {
  return useQuery({
    queryKey: [...accountQueryKey, user?.$id],
    queryFn: async (): Promise<TUser> => {
      const fresh = await account.get()
      setSessionUser(fresh)
      return fresh
    },
    enabled: !!user,
    placeholderData: user ?? undefined,
    refetchOnWindowFocus: true,
  })
}

/**
 * A changed account goes to the session store and the cache at once, so every screen shows it.
 * `alsoChanged`: what else the change made stale on the server.
 */
function useAccountChange<TVariables>(
  change: (variables: TVariables) => Promise<TUser>,
  { alsoChanged }: { alsoChanged?: QueryKey } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (user) => {
      setSessionUser(user)
      queryClient.setQueryData([...accountQueryKey, user.$id], user)
    },
    onSettled: () => (alsoChanged ? queryClient.invalidateQueries({ queryKey: alsoChanged }) : undefined),
  })
}

export function useUpdateName() {
  return useAccountChange(({ name }: { name: string }) => account.updateName({ name }))
}

export function useUpdateEmail() {
  return useAccountChange(({ email, password }: { email: string; password: string }) =>
    account.updateEmail({ email, password }),
  )
}

/** A new password signs out every other session of the account: the list follows. */
export function useUpdatePassword() {
  return useAccountChange(
    ({ password, oldPassword }: { password: string; oldPassword: string | undefined }) =>
      account.updatePassword({ password, oldPassword }),
    { alsoChanged: sessionsQueryKey },
  )
}

export function useSendVerification() {
  return useMutation({
    mutationFn: () => account.createEmailVerification({ url: pageUrl(Paths.verify) }),
  })
}

async function listSessions(): Promise<TSession[]> {
  return (await account.listSessions()).sessions
}

export function useSessions({ userId }: { userId: string | undefined }) {
  return useQuery({
    queryKey: [...sessionsQueryKey, userId],
    queryFn: listSessions,
    enabled: !!userId,
    refetchOnWindowFocus: true,
  })
}

/** Ends one session; one that already ended (expired, or signed out elsewhere) counts as ended. */
async function endSession(sessionId: string): Promise<void> {
  try {
    await account.deleteSession({ sessionId })
  } catch (error) {
    if (getErrorType(error) !== ErrorType.userSessionNotFound) throw error
  }
}

export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}

/**
 * Ends every session but this device's, one call each (the API's "delete all" would end this one too).
 * All are tried; the first refusal is thrown once every call has answered.
 */
export function useEndOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (sessions: readonly TSession[]) => {
      const results = await Promise.allSettled(otherSessionIds(sessions).map(endSession))
      const refusal = results.find((result) => result.status === 'rejected')
      if (refusal) throw refusal.reason
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}

export function useRequestRecovery() {
  return useMutation({
    mutationFn: ({ email }: { email: string }) =>
      account.createRecovery({ email, url: pageUrl(Paths.recovery) }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ link, password }: { link: TAccountLink; password: string }) =>
      account.updateRecovery({ userId: link.userId, secret: link.secret, password }),
  })
}

/**
 * Works signed in or not. When the address is the signed-in account's, the account is read again, so
 * every screen shows it confirmed at once.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      link,
      signedInUserId,
    }: {
      link: TAccountLink
      signedInUserId: string | undefined
    }) => {
      await account.updateEmailVerification({ userId: link.userId, secret: link.secret })
      if (signedInUserId !== link.userId) return null
      const fresh = await account.get().catch(() => null)
      if (fresh) {
        setSessionUser(fresh)
        queryClient.setQueryData([...accountQueryKey, fresh.$id], fresh)
      }
      return fresh
    },
  })
}
