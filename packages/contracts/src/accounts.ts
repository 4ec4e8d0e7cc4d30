import { z } from 'zod'
import { PasswordLimits } from './account-rules'

/**
 * An invitation taken up at sign-up: the new account joins that workspace in the sign-up's transaction,
 * instead of getting an empty workspace of its own (decision 046). Here rather than beside the teams'
 * schemas: the landing page reads this module's constants, and must not bring those along.
 */
export const ZInvitationJoin = z.object({
  teamId: z.string().max(36),
  membershipId: z.string().max(36),
  secret: z.string().min(1).max(256),
})
export type TInvitationJoin = z.infer<typeof ZInvitationJoin>

export const ZAccountCreate = z.object({
  userId: z.string(),
  email: z.email().max(320),
  password: z.string(),
  name: z.string().max(128).optional(),
  /** Signing up from an invitation's page: the account joins that workspace and gets none of its own. */
  invitation: ZInvitationJoin.optional(),
})

export const ZEmailSession = z.object({
  email: z.string().max(320),
  password: z.string().max(PasswordLimits.max * 4),
})

const ZUrl = z.url().max(2000)

export const ZAccountNameUpdate = z.object({ name: z.string().trim().max(128) })
export const ZAccountPasswordUpdate = z.object({
  password: z.string(),
  oldPassword: z
    .string()
    .max(PasswordLimits.max * 4)
    .optional(),
})
export const ZAccountEmailUpdate = z.object({
  email: z.email().max(320),
  password: z.string().max(PasswordLimits.max * 4),
})
export const ZRecoveryCreate = z.object({ email: z.email().max(320), url: ZUrl })
export const ZRecoveryUpdate = z.object({
  userId: z.string().max(36),
  secret: z.string().min(1).max(256),
  password: z.string(),
})
export const ZVerificationCreate = z.object({ url: ZUrl })
export const ZVerificationUpdate = z.object({
  userId: z.string().max(36),
  secret: z.string().min(1).max(256),
})

/** How long the links mailed for a forgotten password, checking an address and a new address work, once. */
export const AccountTokenLimits = { recoveryMinutes: 60, verificationDays: 7, emailChangeHours: 24 } as const

/** What the account screens and the API say about changes of sign-in details. */
export const AccountMessages = {
  linkInvalid:
    'This link is not valid: it was used, replaced by a newer one, or has expired. Ask for a new one.',
  linkForeign: 'The link must point to this Parsedesk.',
  emailTaken: 'An account with this email already exists.',
  signInBusy: 'The server is busy signing people in. Please try again in a moment.',
  busy: 'The server is busy. Please try again in a moment.',
  tooManySignInsToAccount: (wait: string) =>
    `Too many sign-ins to this account from your address. Please try again in ${wait}.`,
  tooManySignInsFromAddress: (wait: string) =>
    `Too many sign-ins from your address. Please try again in ${wait}.`,
} as const
