import { SignInRoutes } from '@parsedesk/contracts'
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

/** Who is signed in on this browser; the server answers a guest with null. Throws when nobody answers. */
async function readSignedInUser(): Promise<TUser | null> {
  const { client } = await import('@/lib/appwrite')
  const url = new URL(`${client.config.endpoint}${SignInRoutes.session}`)
  const { user } = (await client.call('get', url)) as { user: TUser | null }
  return user
}

/**
 * The session check. The server answers who is signed in, a guest included, so a signed-out visit fails no
 * request; only a real failure (no server, an error) is logged as one, and means "signed out" too. The
 * SDK is fetched here rather than imported, so the first paint of any page never waits for it.
 */
async function fetchCurrentUser(): Promise<TUser | null> {
  try {
    const user = await readSignedInUser()
    if (!user) console.info('Session check: signed out')
    return user
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

let isRecheckRunning = false

/**
 * A request of a signed-in page was refused as unauthorised: either this member may not do that, or the
 * session ended (signed out elsewhere, a password reset). One check tells which; an ended session signs
 * the page out, and the redirect takes it to sign-in instead of every query failing on in the background.
 * Returns whether the session had ended.
 */
export async function recheckSessionAfterRefusal(): Promise<boolean> {
  if (!session.user || isRecheckRunning) return false
  isRecheckRunning = true
  try {
    // A check that gets no answer proves nothing: the page stays signed in.
    const user = await readSignedInUser().catch(() => session.user)
    if (user || !session.user) return false
    publish({ user: null, isLoading: false })
    return true
  } finally {
    isRecheckRunning = false
  }
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
