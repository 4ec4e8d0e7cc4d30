import { ErrorType, PasswordMessages } from '@parsedesk/contracts'
import { getErrorMessage, getErrorType } from '@/lib/errors'

/**
 * Which field of a form a refusal of the server is about, so its message shows under that field; `root`
 * for the form as a whole (a rate limit, a server that is busy or unreachable).
 */
export type TAccountErrorFields<TField extends string> = {
  /** Where a wrong password goes: the current password when changing it, the password when changing the address. */
  credentials?: TField
  /** Where a refused new password (too short, common, a run, personal) goes. */
  newPassword?: TField
}

const PASSWORD_RULE_MESSAGES: readonly string[] = Object.values(PasswordMessages)

function isNewPasswordRefusal(error: unknown): boolean {
  const type = getErrorType(error)
  if (type === ErrorType.userPasswordLength || type === ErrorType.passwordPersonalData) return true
  return type === ErrorType.generalArgumentInvalid && PASSWORD_RULE_MESSAGES.includes(getErrorMessage(error))
}

export function accountErrorField<TField extends string>(
  error: unknown,
  fields: TAccountErrorFields<TField>,
): TField | 'root' {
  const type = getErrorType(error)
  if (type === ErrorType.userInvalidCredentials && fields.credentials) return fields.credentials
  if (isNewPasswordRefusal(error) && fields.newPassword) return fields.newPassword
  return 'root'
}

/** A used, replaced, expired or wrong link: the page then offers a new one instead of the form. */
export function isRefusedLink(error: unknown): boolean {
  return getErrorType(error) === ErrorType.userInvalidToken
}
