import { OAuthRedirect } from '@parsedesk/contracts'

/** The app's routes; Google sign-in comes back to two of them, so those two are the server's own. */
export const Paths = {
  home: '/',
  auth: '/auth',
  tickets: OAuthRedirect.success,
  error: OAuthRedirect.failure,
} as const
