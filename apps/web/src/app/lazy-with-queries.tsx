import { type ComponentType, lazy } from 'react'

/**
 * A screen or widget loaded on demand inside the app's query client. TanStack Query arrives with the
 * first of them, so the landing page, which only reads the session, never downloads it unasked.
 */
export function lazyWithQueries<TProps extends object>(load: () => Promise<ComponentType<TProps>>) {
  return lazy(async () => {
    const [Component, { QueryProvider }] = await Promise.all([load(), import('./query-provider')])
    // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy() call at module level, not per render
    function WithQueries(props: TProps) {
      return (
        <QueryProvider>
          <Component {...props} />
        </QueryProvider>
      )
    }
    return { default: WithQueries }
  })
}
