import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { watchForEndedSession } from '@/features/auth/session-ended'

const onRefused = watchForEndedSession(() => queryClient.clear())

/** One client for the whole app, so every screen loaded on demand shares its cache. */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onRefused }),
  mutationCache: new MutationCache({ onError: onRefused }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
})
