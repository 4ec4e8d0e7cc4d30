import { RemoteImageLimits, RemoteImageMessages } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { takeSlot } from '../accounts/rate-limit'
import { AppError } from '../core/app-error'
import type { TOutboundPolicy } from '../core/outbound-address'
import { withZodSchemas, zodValidation } from '../core/route-schemas'
import type { TDatabase } from '../db/database'
import { requireUser } from '../teams/workspace-access'
import { fetchRemoteImage, RemoteImageRefused } from './fetch-remote-image'

const ZRemoteImageQuery = z.object({ url: z.string().min(1).max(4000) })

const PER_MINUTE = { bucket: 'remote-image', limit: RemoteImageLimits.perMinute, windowMs: 60_000 }

const MESSAGE_OF: Record<RemoteImageRefused['reason'], string> = {
  'invalid-url': RemoteImageMessages.invalidUrl,
  'not-image': RemoteImageMessages.notImage,
  'too-big': RemoteImageMessages.tooBig,
  unreachable: RemoteImageMessages.unreachable,
}

/**
 * `GET /v1/remote-images?url=`: "Show images" of a mail's HTML, for signed-in members only, a limited
 * number a minute each: the server fetches the image (decision 060), the browser never contacts the
 * sender's server. Served as opaque image bytes that no browser may sniff or script.
 */
export const remoteImageRoutes =
  (deps: { db: TDatabase; outbound: TOutboundPolicy }) => (app: FastifyInstance) => {
    withZodSchemas(app).get(
      '/v1/remote-images',
      {
        schema: { querystring: ZRemoteImageQuery },
        ...zodValidation,
        // A guest is refused before the query is read: 401, never a 400 that says which params exist.
        preValidation: async (request) => {
          requireUser(request.auth)
        },
      },
      async (request, reply) => {
        const user = requireUser(request.auth)
        const { url } = request.query
        const slot = await takeSlot(deps.db, PER_MINUTE, user.user.id)
        if (!slot.isTaken) throw AppError.rateLimited(RemoteImageMessages.tooMany)
        const image = await fetchRemoteImage(url, deps.outbound).catch((error: unknown) => {
          if (error instanceof RemoteImageRefused) throw AppError.invalid(MESSAGE_OF[error.reason])
          throw error
        })
        return reply
          .header('content-type', image.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, max-age=86400')
          .send(image.bytes)
      },
    )
  }
