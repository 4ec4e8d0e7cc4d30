import { QueryClient } from '@tanstack/react-query'

/** One client for the whole app, so every screen loaded on demand shares its cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
})
