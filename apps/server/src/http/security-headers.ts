import type { FastifyInstance } from 'fastify'

/**
 * The web app's policy: its own scripts only, no plugins, no <base>, forms posting only here, and no
 * framing by anyone (a cross-site page framing the sign-in form could trick a click). Inline styles stay
 * allowed: the components set them and the sanitised email HTML carries them; that email HTML is shown
 * in a sandboxed frame with a stricter policy of its own (apps/web/src/features/tickets/safe-html.ts).
 */
const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ')

/** An API answer or a built asset is never a document: it may load nothing and be framed by no one. */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * The security headers of every answer, page or API. An answer that set its own policy (an attachment's
 * sandbox) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
  const isHttps = options.publicUrl.startsWith('https://')
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    if (!reply.hasHeader('content-security-policy')) {
      const isPage = String(reply.getHeader('content-type') ?? '').startsWith('text/html')
      reply.header('content-security-policy', isPage ? APP_POLICY : RESOURCE_POLICY)
    }
    if (isHttps) reply.header('strict-transport-security', 'max-age=31536000')
    return payload
  })
}
