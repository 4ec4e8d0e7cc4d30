import type { FastifyRequest } from 'fastify'
import type { TClientInfo } from './account-service'

export function clientInfoOf(request: FastifyRequest): TClientInfo {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }
}

/** Browsers always send Origin on these calls; a server-side SDK does not, and gets the session secret. */
export function isBrowserRequest(request: FastifyRequest): boolean {
  return typeof request.headers.origin === 'string'
}
