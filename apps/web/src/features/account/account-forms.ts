import { PasswordLimits, ZAccountEmailUpdate, ZAccountNameUpdate } from '@parsedesk/contracts'
import { z } from 'zod'
import { AuthFormErrors } from '@/lib/messages'
import { AccountFormErrors } from './account-messages'

/**
 * The account forms, checked with the server's own limits before anything is sent. A new password is
 * checked here for its length only: whether it is common, a run or personal, the server says, and its
 * message is shown on the field (see account-errors.ts).
 */
const serverName = ZAccountNameUpdate.shape.name
const serverEmail = ZAccountEmailUpdate.shape.email

const ZEmail = z
  .string()
  .trim()
  .min(1, AccountFormErrors.emailRequired)
  .refine((email) => serverEmail.safeParse(email).success, AccountFormErrors.emailInvalid)

const ZNewPassword = z
  .string()
  .min(PasswordLimits.min, AccountFormErrors.passwordLength)
  .max(PasswordLimits.max, AccountFormErrors.passwordLength)

/** The new password twice; the confirmation's message is the sign-up form's. */
const newPasswordFields = { password: ZNewPassword, confirmPassword: z.string() }
const confirmMatches = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword
const confirmRule = { message: AuthFormErrors.passwordsDiffer, path: ['confirmPassword'] }

export const ZNameForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, AccountFormErrors.nameRequired)
    .refine((name) => serverName.safeParse(name).success, AccountFormErrors.nameTooLong),
})
export type TNameForm = z.input<typeof ZNameForm>

/** A new address, confirmed with the password; `currentEmail` is the one it replaces. */
export function emailFormSchema({ currentEmail }: { currentEmail: string }) {
  return z.object({
    email: ZEmail.refine(
      (email) => email.toLowerCase() !== currentEmail.trim().toLowerCase(),
      AccountFormErrors.emailUnchanged,
    ),
    password: z.string().min(1, AccountFormErrors.passwordRequired),
  })
}
export type TEmailForm = { email: string; password: string }
export const emptyEmailForm: TEmailForm = { email: '', password: '' }

/**
 * A new password. The current one is asked for when the account has one: an account made with Google
 * may set a first password without it.
 */
export function passwordFormSchema({ hasPassword }: { hasPassword: boolean }) {
  return z
    .object({
      oldPassword: hasPassword ? z.string().min(1, AccountFormErrors.currentPasswordRequired) : z.string(),
      ...newPasswordFields,
    })
    .refine(confirmMatches, confirmRule)
}
export type TPasswordForm = { oldPassword: string; password: string; confirmPassword: string }
export const emptyPasswordForm: TPasswordForm = { oldPassword: '', password: '', confirmPassword: '' }

export const ZRecoveryRequestForm = z.object({ email: ZEmail })
export type TRecoveryRequestForm = z.input<typeof ZRecoveryRequestForm>

export const ZNewPasswordForm = z.object(newPasswordFields).refine(confirmMatches, confirmRule)
export type TNewPasswordForm = z.input<typeof ZNewPasswordForm>
export const emptyNewPasswordForm: TNewPasswordForm = { password: '', confirmPassword: '' }

/**
 * Whether the account has a password: Appwrite's `passwordUpdate` is empty for an account made with
 * Google that never set one.
 */
export function hasPassword(user: { passwordUpdate: string }): boolean {
  return user.passwordUpdate.trim() !== ''
}
