import { ErrorType, PasswordLimits, PasswordMessages, type TErrorType } from '@parsedesk/contracts'

export type TPasswordProblem = { type: TErrorType; message: string }

// Words of this product and its setting that people pick because they see them on the page.
const CONTEXT_WORDS = ['parsedesk', 'parsedesk1', 'helpdesk', 'helpdesk1', 'password', 'support1']

let commonPasswords: Promise<Set<string>> | undefined

/**
 * The 49,000 passwords seen most in breaches (zxcvbn-ts's common list, MIT), those long enough to pass
 * the length rule; loaded on first use.
 */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const list = (dictionary['passwords-common'] ?? []) as string[]
    return new Set([...list, ...CONTEXT_WORDS].filter((word) => word.length >= PasswordLimits.min))
  })
  return commonPasswords
}

/** One character over and over, or a straight run up or down the character table (abcdefgh, 87654321). */
function isTrivialPattern(password: string): boolean {
  const codes = [...password].map((char) => char.codePointAt(0) ?? 0)
  const steps = new Set(codes.slice(1).map((code, index) => code - (codes[index] ?? 0)))
  return steps.size === 1 && [...steps].every((step) => Math.abs(step) <= 1)
}

/**
 * Why NIST SP 800-63B would refuse this password, or undefined: too short or long, one of the commonly
 * used or breached ones, a trivial pattern, or the person's own email or name. No composition rules.
 */
export async function findPasswordProblem(options: {
  password: string
  email: string
  name: string
}): Promise<TPasswordProblem | undefined> {
  const { password } = options
  if (password.length < PasswordLimits.min || password.length > PasswordLimits.max) {
    return {
      type: ErrorType.userPasswordLength,
      message: 'Password must be between 8 and 256 characters long.',
    }
  }
  const folded = password.toLowerCase()
  const personal = [
    options.email,
    options.email.split('@')[0],
    options.name,
    options.name.replace(/\s+/g, ''),
  ]
    .map((value) => value?.trim().toLowerCase())
    .filter((value): value is string => !!value)
  if (personal.includes(folded))
    return { type: ErrorType.passwordPersonalData, message: PasswordMessages.personal }
  if (isTrivialPattern(password))
    return { type: ErrorType.generalArgumentInvalid, message: PasswordMessages.pattern }
  if ((await loadCommonPasswords()).has(folded)) {
    return { type: ErrorType.generalArgumentInvalid, message: PasswordMessages.common }
  }
  return undefined
}
