// Plain values only: the web app's first paint imports these, so this module must never import zod.

export const PasswordLimits = { min: 8, max: 256 } as const
export const FREE_TRIAL_DAYS = 14

export const OAuthRedirect = { success: '/tickets', failure: '/error' } as const

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
