import type { Models } from 'appwrite'
import { useSyncExternalStore } from 'react'

export type TUser = Models.User<Models.Preferences>

export type TSession = { user: TUser | null; isLoading: boolean }

/**
 * The signed-in user, shared by every screen. A small store rather than a query: the landing page needs
 * nothing else from TanStack Query, which then loads only with the screens that fetch data.
 */
let session: TSession = { user: null, isLoading: true }
let isCheckStarted = false
const listeners = new Set<() => void>()

function publish(next: TSession) {
  session = next
  for (const listener of listeners) listener()
}

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

/** Runs once, when the first component asks; a user set meanwhile (a sign-in) is not overwritten. */
function startSessionCheck() {
  if (isCheckStarted) return
  isCheckStarted = true
  void fetchCurrentUser().then((user) => {
    if (session.isLoading) publish({ user, isLoading: false })
  })
}

export function setSessionUser(user: TUser | null) {
  isCheckStarted = true
  publish({ user, isLoading: false })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  startSessionCheck()
  return () => listeners.delete(listener)
}

const readSession = () => session

export function useSession(): TSession {
  return useSyncExternalStore(subscribe, readSession, readSession)
}
