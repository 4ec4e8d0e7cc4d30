// Plain values only: the web app's first paint imports these, so this module must never import zod.

export const PasswordLimits = { min: 8, max: 256 } as const

/**
 * A session ends this many days after its sign-in however often it is used (NIST SP 800-63B asks at AAL1
 * for a new sign-in at least every 30 days), and sooner when left unused for `SESSION_IDLE_DAYS`. An account
 * keeps at most `perUser` sessions: a new sign-in beyond them ends the oldest, so a loop of sign-ins cannot
 * pile up rows without end.
 */
export const SessionLimits = { lifetimeDays: 30, perUser: 50 } as const

/** Why a password of the right length is still refused (NIST SP 800-63B 3.1.1.2: easy to guess). */
export const PasswordMessages = {
  /** The rule as the sign-up and password forms show it before anything is submitted. */
  rule: `Use ${PasswordLimits.min} to ${PasswordLimits.max} characters. Not a common password, a run like 12345678, your email or your name.`,
  common: 'This password is one of the most common ones, easy to guess: choose another',
  pattern: 'This password is one character repeated or a run like 12345678 or abcdefgh: choose another',
  personal: 'The password must not be your email address or your name',
} as const
export const FREE_TRIAL_DAYS = 14

export const OAuthRedirect = { success: '/tickets', failure: '/error' } as const

/**
 * Where the web app opens the links the server mails for an address: the email-change link has no `url`
 * from the client (Appwrite's `updateEmail` sends none), so the server builds it on its public address.
 */
export const AccountLinkPaths = { verify: '/verify' } as const

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * What the sign-in screens ask the server before anyone signs in (under /v1): who is signed in on this
 * browser, answered 200 either way so a signed-out visit fails no request; and which ways to sign in the
 * server offers.
 */
export const SignInRoutes = { session: '/sign-in/session', providers: '/sign-in/providers' } as const
export type TSignInProviders = { google: boolean }

export const SignInMessages = {
  googleNotConfigured:
    'Google sign-in is not set up on this server. Sign in with your email address and password.',
  sessionEnded: 'Your session has ended',
  sessionEndedDetail: 'You were signed out, perhaps from another device. Please sign in again.',
} as const
