import crypto from 'node:crypto'

// No 0/o, 1/l/i: the address is read aloud and typed from screenshots.
const RANDOM_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RANDOM_LENGTH = 10
const SLUG_MAX = 30

/** `<name>` of a parsing address: the account's name (or the email's local part) as lower-case a-z0-9 and hyphens. */
export function slugifyMailboxName(options: { name: string; email: string }): string {
  const source = options.name.trim() || options.email.split('@')[0] || ''
  const slug = source
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '')
  return slug || 'inbox'
}

function randomPart(): string {
  const bytes = crypto.randomBytes(RANDOM_LENGTH)
  let out = ''
  for (const byte of bytes) out += RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length]
  return out
}

/** A fresh `<name>-<random>@<domain>`; ~49 random bits, so addresses cannot be guessed from a name. */
export function generateMailboxAddress(options: { name: string; email: string; domain: string }): string {
  return `${slugifyMailboxName(options)}-${randomPart()}@${options.domain}`
}

export function generateWebhookSecret(): string {
  return crypto.randomBytes(24).toString('base64url')
}

/** Lower-cased, with a `+tag` dropped from the local part, as recipients are matched. */
export function canonicalRecipient(address: string): string {
  const trimmed = address.trim().toLowerCase()
  const at = trimmed.lastIndexOf('@')
  if (at < 0) return trimmed
  const local = trimmed.slice(0, at)
  const plus = local.indexOf('+')
  return `${plus < 0 ? local : local.slice(0, plus)}${trimmed.slice(at)}`
}
