import { useSyncExternalStore } from 'react'

/** Below Tailwind's sm breakpoint: the list draws cards instead of a table. */
const PHONE_QUERY = '(max-width: 639.98px)'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** One layout drawn at a time (not both, one hidden by CSS): half the rows, and one virtualiser's sizes. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  )
}
