import { ZNotificationEmailSettings } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import { withZodSchemas, zodValidation } from '../core/route-schemas'
import type { TDatabase } from '../db/database'
import type { createNotificationSettings } from './notification-settings'

/**
 * The signed-in member's own notifications (docs/api.md): mark every one read, and which kinds also come
 * by mail. Listing and marking one read are the documents API's (collection `notifications`). No route
 * takes a member's id: each acts on the caller's own.
 */
export const notificationRoutes =
  (deps: { db: TDatabase; settings: ReturnType<typeof createNotificationSettings> }) =>
  (app: FastifyInstance) => {
    const { db, settings } = deps
    app.post('/v1/notifications/read', async (request) => {
      const { rows } = await db.query(
        `update notifications set "readAt" = now(), updated_at = now()
         where "userId" = $1 and "readAt" is null returning id`,
        [userIdOf(request.auth)],
      )
      return { marked: rows.length }
    })
    app.get('/v1/notifications/settings', (request) => settings.read(request.auth))
    withZodSchemas(app).put(
      '/v1/notifications/settings',
      {
        schema: { body: ZNotificationEmailSettings },
        ...zodValidation,
        // A guest is refused before the body is read: 401, as before the schema moved here.
        preValidation: async (request) => {
          userIdOf(request.auth)
        },
      },
      (request) => settings.change(request.auth, request.body),
    )
  }

function userIdOf(auth: TAuth): string {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  return auth.user.id
}
