import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'

/**
 * The secret a provider presented: a bearer token, the password of HTTP basic auth (Postmark and Mailgun
 * take `https://user:secret@host/...` URLs), or a `secret` query parameter for providers that can only
 * be given a URL.
 */
export function presentedWebhookSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header) {
    const [scheme, value = ''] = header.trim().split(/\s+/, 2)
    if (scheme?.toLowerCase() === 'bearer') return value
    if (scheme?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      return colon < 0 ? decoded : decoded.slice(colon + 1)
    }
  }
  const query = (request.query as { secret?: unknown } | undefined)?.secret
  return typeof query === 'string' ? query : undefined
}

/** Equal in constant time whatever the lengths: both sides are hashed to the same size first. */
export function isSameSecret(presented: string | undefined, expected: string): boolean {
  const a = crypto
    .createHash('sha256')
    .update(presented ?? '')
    .digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b) && presented !== undefined && expected.length > 0
}
