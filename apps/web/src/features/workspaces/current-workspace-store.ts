import { useCallback, useSyncExternalStore } from 'react'
import { chosenWorkspaceKey } from './workspace-choice'

/**
 * The workspace each account chose last, kept in localStorage. Where storage is closed (some private
 * modes) the choice is kept in memory until the page is left.
 */
const listeners = new Set<() => void>()
const unsavedChoices = new Map<string, string>()

function readChosenWorkspaceId(userId: string | undefined): string | null {
  if (!userId) return null
  const unsaved = unsavedChoices.get(userId)
  if (unsaved) return unsaved
  try {
    return window.localStorage.getItem(chosenWorkspaceKey(userId))
  } catch {
    return null
  }
}

export function chooseWorkspace({ userId, teamId }: { userId: string; teamId: string }) {
  try {
    window.localStorage.setItem(chosenWorkspaceKey(userId), teamId)
    unsavedChoices.delete(userId)
  } catch {
    unsavedChoices.set(userId, teamId)
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // A switch in another tab switches this one too.
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

export function useChosenWorkspaceId(userId: string | undefined): string | null {
  const read = useCallback(() => readChosenWorkspaceId(userId), [userId])
  return useSyncExternalStore(subscribe, read, () => null)
}
