import { SignInRoutes, type TSignInProviders } from '@parsedesk/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ID, OAuthProvider } from 'appwrite'
import { Paths } from '@/app/paths'
import { account, client } from '@/lib/appwrite'
import { setSessionUser } from './session'

export type TSignInValues = { email: string; password: string }
export type TSignUpValues = TSignInValues & { name: string }

export function useSignIn() {
  return useMutation({
    mutationFn: async ({ email, password }: TSignInValues) => {
      await account.createEmailPasswordSession({ email, password })
      return account.get()
    },
    onSuccess: setSessionUser,
  })
}

export function useSignUp() {
  return useMutation({
    mutationFn: async ({ email, password, name }: TSignUpValues) => {
      await account.create({ userId: ID.unique(), email, password, name })
      await account.createEmailPasswordSession({ email, password })
      return account.get()
    },
    onSuccess: setSessionUser,
  })
}

export function useLogout() {
  return useMutation({ mutationFn: () => account.deleteSession({ sessionId: 'current' }) })
}

/**
 * Leaves the page: the SDK sends the browser to the provider, which comes back to /tickets (or `returnTo`,
 * a path of ours) or /error.
 */
export function startGoogleSignIn({ returnTo }: { returnTo?: string | null | undefined } = {}) {
  const origin = window.location.origin
  account.createOAuth2Session({
    provider: OAuthProvider.Google,
    success: origin + (returnTo ?? Paths.tickets),
    failure: origin + Paths.error,
  })
}

/** Which ways to sign in this server offers (Google only when it was configured); fixed while it runs. */
export function useSignInProviders() {
  return useQuery({
    queryKey: ['sign-in-providers'],
    queryFn: () =>
      client.call(
        'get',
        new URL(`${client.config.endpoint}${SignInRoutes.providers}`),
      ) as Promise<TSignInProviders>,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
