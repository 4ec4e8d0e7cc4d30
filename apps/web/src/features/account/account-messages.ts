import {
  AccountTokenLimits,
  PasswordLimits,
  PasswordMessages,
  ZAccountNameUpdate,
} from '@parsedesk/contracts'
import { describeLifetime } from './account-link'

/** The account screens' toasts and texts, in one place; the server's refusals speak in AccountMessages. */
export const AccountToasts = {
  nameSaved: 'Name saved',
  nameFailed: 'Failed to save the name',
  emailLinkSent: 'Check the new address',
  emailLinkSentText: 'Open the link we sent there to move your account to it.',
  emailFailed: 'Failed to change the email address',
  passwordChanged: 'Password changed',
  passwordChangedText: 'Every other session of your account was signed out.',
  passwordSet: 'Password set',
  passwordFailed: 'Failed to change the password',
  verificationSent: 'Verification link sent',
  verificationFailed: 'Failed to send the verification link',
  sessionEnded: 'Session signed out',
  sessionEndFailed: 'Failed to sign the session out',
  othersEnded: 'Other sessions signed out',
  othersEndFailed: 'Failed to sign out every other session',
  recoveryFailed: 'Failed to send the reset link',
  recovered: 'Password changed',
  recoveredText: 'You can now sign in with your new password.',
  resetFailed: 'Failed to set the new password',
} as const

export const AccountTexts = {
  /** Said whether or not the address has an account: the server answers both the same. */
  recoverySent: 'If an account exists for that address, we sent a link to reset its password.',
  passwordRule: PasswordMessages.rule,
  recoveryLifetime: describeLifetime({ minutes: AccountTokenLimits.recoveryMinutes }),
  verificationLifetime: describeLifetime({ days: AccountTokenLimits.verificationDays }),
  emailChangeLifetime: describeLifetime({ minutes: AccountTokenLimits.emailChangeHours * 60 }),
  linkBroken: 'This link is incomplete. Open it from the email as it is, or ask for a new one.',
} as const

export const AccountFormErrors = {
  nameRequired: 'Enter your name.',
  nameTooLong: `A name has at most ${ZAccountNameUpdate.shape.name.maxLength} characters.`,
  emailRequired: 'Enter an email address.',
  emailInvalid: 'Enter a valid email address.',
  emailUnchanged: 'That is already your email address.',
  passwordRequired: 'Enter your password.',
  currentPasswordRequired: 'Enter your current password.',
  passwordLength: `Use ${PasswordLimits.min} to ${PasswordLimits.max} characters.`,
} as const
