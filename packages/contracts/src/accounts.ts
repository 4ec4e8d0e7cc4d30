import { z } from 'zod'

export const PasswordLimits = { min: 8, max: 256 } as const
export const FREE_TRIAL_DAYS = 14

export const OAuthRedirect = { success: '/tickets', failure: '/error' } as const

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export const ZAccountCreate = z.object({
  userId: z.string(),
  email: z.email().max(320),
  password: z.string(),
  name: z.string().max(128).optional(),
})

export const ZEmailSession = z.object({
  email: z.string().max(320),
  password: z.string().max(PasswordLimits.max * 4),
})
