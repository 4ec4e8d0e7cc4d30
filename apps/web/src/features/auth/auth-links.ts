import { Paths } from '@/app/paths'

export const AuthMode = { signIn: 'sign-in', signUp: 'sign-up' } as const
export type TAuthMode = (typeof AuthMode)[keyof typeof AuthMode]

/** The query of /auth: which mode it opens in, and the page to come back to after signing in. */
export const AuthParam = { mode: 'mode', next: 'next' } as const

/**
 * The pages a sign-in may come back to. Only these: `/auth?next=` must not become a way to send someone
 * who just signed in to another site, or to a page of ours that acts on arrival.
 */
const RETURNABLE_PATHS: readonly string[] = [Paths.invite]

// Any origin would do: a `next` that is not a path of this one (`//host`, `https://host`) is refused.
const OWN_ORIGIN = 'http://parsedesk.invalid'

/** The path (with its query) to go to after signing in or up, or null for the dashboard. */
export function readReturnPath(search: URLSearchParams): string | null {
  const next = search.get(AuthParam.next)
  if (!next?.startsWith('/')) return null
  let url: URL
  try {
    url = new URL(next, OWN_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== OWN_ORIGIN || !RETURNABLE_PATHS.includes(url.pathname)) return null
  return url.pathname + url.search
}

/** `/auth` opening on sign-up: where "Start Free Trial" leads (`/auth` alone stays sign-in). */
export const SIGN_UP_PATH = `${Paths.auth}?${AuthParam.mode}=${AuthMode.signUp}`

export function readAuthMode(search: URLSearchParams): TAuthMode {
  return search.get(AuthParam.mode) === AuthMode.signUp ? AuthMode.signUp : AuthMode.signIn
}
