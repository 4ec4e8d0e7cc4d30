import crypto from 'node:crypto'

/**
 * What the database keeps of a secret that travels in a cookie or a mailed link: its SHA-256, so a leaked
 * table opens nothing. The secrets are 256 random bits, so no slow hash is needed.
 */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex')
}
