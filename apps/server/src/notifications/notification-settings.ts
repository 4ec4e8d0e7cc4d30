import {
  NOTIFICATION_EMAIL_DEFAULTS,
  type TNotificationEmailSettings,
  type TNotificationKind,
  ZNotificationEmailSettings,
} from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'

/** A stored choice over the defaults: every kind until the member chooses. */
export function emailSettingsFrom(stored: unknown): TNotificationEmailSettings {
  const email = { ...NOTIFICATION_EMAIL_DEFAULTS.email, ...(stored as object | undefined) }
  const parsed = ZNotificationEmailSettings.safeParse({ email })
  return parsed.success ? parsed.data : NOTIFICATION_EMAIL_DEFAULTS
}

/** A member's choice of the kinds they are also mailed about; every kind until they choose. */
export async function emailSettingsOf(tx: TQueryable, userId: string): Promise<TNotificationEmailSettings> {
  const { rows } = await tx.query<{ email: unknown }>(
    'select "email" from notification_settings where "userId" = $1',
    [userId],
  )
  return emailSettingsFrom(rows[0]?.email)
}

export function wantsMail(settings: TNotificationEmailSettings, kind: TNotificationKind): boolean {
  return settings.email[kind]
}

/** The signed-in member's own settings: read and changed by them alone (the routes take no user id). */
export function createNotificationSettings(db: TDatabase) {
  function userOf(auth: TAuth) {
    if (auth.kind !== 'user') throw AppError.unauthorizedScope()
    return auth.user
  }
  return {
    read: (auth: TAuth) => emailSettingsOf(db, userOf(auth).id),
    /** `settings` as the route's schema read them (decision 058): validated before this is called. */
    async change(auth: TAuth, settings: TNotificationEmailSettings): Promise<TNotificationEmailSettings> {
      const user = userOf(auth)
      await db.query(
        `insert into notification_settings ("userId", "email") values ($1, $2)
         on conflict ("userId") do update set "email" = excluded."email", updated_at = now()`,
        [user.id, JSON.stringify(settings.email)],
      )
      return settings
    },
  }
}
