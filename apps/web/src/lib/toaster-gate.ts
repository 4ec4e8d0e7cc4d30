import { useSyncExternalStore } from 'react'

/**
 * The toaster (sonner) is mounted the first time something wants to show a toast, so a page that never
 * shows one never downloads it. Callers wait for `whenToasterReady()` before calling sonner.
 */
let isRequested = false
let markReady: () => void = () => undefined
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})
const listeners = new Set<() => void>()

export function whenToasterReady(): Promise<void> {
  if (!isRequested) {
    isRequested = true
    for (const listener of listeners) listener()
  }
  return ready
}

export function markToasterReady() {
  markReady()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useIsToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isRequested,
    () => false,
  )
}
