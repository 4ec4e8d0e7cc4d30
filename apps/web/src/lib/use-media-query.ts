import { useCallback, useSyncExternalStore } from 'react'

/** Tailwind's md breakpoint (48rem): from it on, the header has room for everything. */
export const MD_UP = '(min-width: 48rem)'

/** Whether the media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
