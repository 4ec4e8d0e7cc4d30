import type { FastifyRequest } from 'fastify'

// A webhook URL carries its mailbox's secret as `?secret=` for providers that can only be given a URL.
const SECRET_PARAMETER = /([?&](?:secret|token|key|password)=)[^&#]*/gi

/** A request as the log shows it: never a secret from its query string (headers are not logged at all). */
export function describeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_PARAMETER, '$1[redacted]'),
    remoteAddress: request.ip,
  }
}
