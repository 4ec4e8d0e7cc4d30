import { PasswordLimits, ZAccountEmailUpdate, ZAccountNameUpdate } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { AuthFormErrors } from '@/lib/messages'
import {
  emailFormSchema,
  hasPassword,
  passwordFormSchema,
  ZNameForm,
  ZNewPasswordForm,
  ZRecoveryRequestForm,
} from './account-forms'
import { AccountFormErrors } from './account-messages'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message
const good = 'correct horse battery'

describe('ZNameForm', () => {
  it('takes what the server takes, trimmed, and asks for a name', () => {
    expect(ZNameForm.parse({ name: '  Ada Lovelace ' })).toEqual({ name: 'Ada Lovelace' })
    expect(firstMessage(ZNameForm.safeParse({ name: '  ' }))).toBe(AccountFormErrors.nameRequired)
    const longest = 'n'.repeat(ZAccountNameUpdate.shape.name.maxLength ?? 0)
    expect(ZNameForm.safeParse({ name: longest }).success).toBe(true)
    expect(firstMessage(ZNameForm.safeParse({ name: `${longest}n` }))).toBe(AccountFormErrors.nameTooLong)
  })
})

describe('emailFormSchema', () => {
  const schema = emailFormSchema({ currentEmail: 'ada@example.com' })

  it('takes a new address the server takes, with the password', () => {
    const parsed = schema.parse({ email: ' grace@example.com ', password: 'x' })
    expect(parsed).toEqual({ email: 'grace@example.com', password: 'x' })
    expect(ZAccountEmailUpdate.safeParse(parsed).success).toBe(true)
  })

  it('says what is wrong: no address, a bad one, the same one, no password', () => {
    expect(firstMessage(schema.safeParse({ email: '', password: 'x' }))).toBe(AccountFormErrors.emailRequired)
    expect(firstMessage(schema.safeParse({ email: 'grace@', password: 'x' }))).toBe(
      AccountFormErrors.emailInvalid,
    )
    expect(firstMessage(schema.safeParse({ email: 'ADA@example.com', password: 'x' }))).toBe(
      AccountFormErrors.emailUnchanged,
    )
    expect(firstMessage(schema.safeParse({ email: 'grace@example.com', password: '' }))).toBe(
      AccountFormErrors.passwordRequired,
    )
  })
})

describe('passwordFormSchema', () => {
  it('asks for the current password only when the account has one', () => {
    const values = { oldPassword: '', password: good, confirmPassword: good }
    expect(firstMessage(passwordFormSchema({ hasPassword: true }).safeParse(values))).toBe(
      AccountFormErrors.currentPasswordRequired,
    )
    expect(passwordFormSchema({ hasPassword: false }).safeParse(values).success).toBe(true)
  })

  it('holds the new password to the contracts’ length and its confirmation to it', () => {
    const schema = passwordFormSchema({ hasPassword: true })
    const check = (password: string, confirmPassword = password) =>
      firstMessage(schema.safeParse({ oldPassword: 'old', password, confirmPassword }))
    expect(check('a'.repeat(PasswordLimits.min - 1))).toBe(AccountFormErrors.passwordLength)
    expect(check('a'.repeat(PasswordLimits.max + 1))).toBe(AccountFormErrors.passwordLength)
    expect(check('a'.repeat(PasswordLimits.min))).toBeUndefined()
    expect(check(good, 'correct horse')).toBe(AuthFormErrors.passwordsDiffer)
    const mismatch = schema.safeParse({ oldPassword: 'old', password: good, confirmPassword: 'x' })
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword'])
  })
})

describe('recovery forms', () => {
  it('asks for a valid address', () => {
    expect(ZRecoveryRequestForm.parse({ email: ' ada@example.com ' })).toEqual({ email: 'ada@example.com' })
    expect(firstMessage(ZRecoveryRequestForm.safeParse({ email: 'ada' }))).toBe(
      AccountFormErrors.emailInvalid,
    )
  })

  it('takes a new password twice', () => {
    expect(ZNewPasswordForm.safeParse({ password: good, confirmPassword: good }).success).toBe(true)
    expect(firstMessage(ZNewPasswordForm.safeParse({ password: good, confirmPassword: '' }))).toBe(
      AuthFormErrors.passwordsDiffer,
    )
    expect(firstMessage(ZNewPasswordForm.safeParse({ password: 'short', confirmPassword: 'short' }))).toBe(
      AccountFormErrors.passwordLength,
    )
  })
})

describe('hasPassword', () => {
  it('reads Appwrite’s passwordUpdate: empty for a Google account that never set one', () => {
    expect(hasPassword({ passwordUpdate: '2026-11-24T10:00:00.000+00:00' })).toBe(true)
    expect(hasPassword({ passwordUpdate: '' })).toBe(false)
  })
})
