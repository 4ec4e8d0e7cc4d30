import { useQuery } from '@tanstack/react-query'
import type { Models } from 'appwrite'

export type TUser = Models.User<Models.Preferences>

export const accountQueryKey = ['account'] as const

/**
 * The session check: a failure means "signed out", and is logged as the spec asks. The SDK is fetched
 * here rather than imported, so the first paint of any page never waits for it.
 */
async function fetchCurrentUser(): Promise<TUser | null> {
  try {
    const { account } = await import('@/lib/appwrite')
    return await account.get()
  } catch (error) {
    console.error('Session check failed:', error)
    return null
  }
}

export function useSession() {
  const query = useQuery({
    queryKey: accountQueryKey,
    queryFn: fetchCurrentUser,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
  return { user: query.data ?? null, isLoading: query.isPending }
}
