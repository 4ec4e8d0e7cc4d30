import { AccountMessages, ErrorType, PasswordMessages } from '@parsedesk/contracts'
import { AppwriteException } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { accountErrorField, isRefusedLink } from './account-errors'

const refusal = (type: string, message: string, code = 400) => new AppwriteException(message, code, type)
const passwordForm = { credentials: 'oldPassword', newPassword: 'password' } as const
const emailForm = { credentials: 'password' } as const

describe('accountErrorField', () => {
  it('puts a wrong password under the field that asked for it', () => {
    const wrong = refusal(ErrorType.userInvalidCredentials, 'Invalid credentials.', 401)
    expect(accountErrorField(wrong, passwordForm)).toBe('oldPassword')
    expect(accountErrorField(wrong, emailForm)).toBe('password')
  })

  it('puts every refusal of a new password under the new password', () => {
    for (const error of [
      refusal(ErrorType.userPasswordLength, 'Password must be between 8 and 256 characters long.'),
      refusal(ErrorType.passwordPersonalData, PasswordMessages.personal),
      refusal(ErrorType.generalArgumentInvalid, PasswordMessages.common),
      refusal(ErrorType.generalArgumentInvalid, PasswordMessages.pattern),
    ]) {
      expect(accountErrorField(error, passwordForm)).toBe('password')
    }
  })

  it('keeps anything else for the whole form', () => {
    expect(
      accountErrorField(refusal(ErrorType.generalArgumentInvalid, 'Invalid `url` param'), passwordForm),
    ).toBe('root')
    expect(
      accountErrorField(refusal(ErrorType.generalRateLimitExceeded, 'Slow down', 429), passwordForm),
    ).toBe('root')
    expect(accountErrorField(new TypeError('Failed to fetch'), emailForm)).toBe('root')
  })
})

describe('isRefusedLink', () => {
  it('knows a used, replaced, expired or wrong link', () => {
    expect(isRefusedLink(refusal(ErrorType.userInvalidToken, AccountMessages.linkInvalid, 401))).toBe(true)
    expect(isRefusedLink(refusal(ErrorType.generalRateLimitExceeded, 'Slow down', 429))).toBe(false)
    expect(isRefusedLink(new Error('offline'))).toBe(false)
  })
})
