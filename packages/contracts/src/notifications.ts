import { z } from 'zod'

/**
 * What a member is told about (decision 048): a ticket assigned to them by someone else, a customer's
 * answer on a ticket assigned to them, a note that @mentions them, a ticket of one of their groups
 * left unassigned for the workspace's N minutes, and a ticket of theirs or their group at 75% of an SLA
 * target or past it (decision 063).
 */
export const NotificationKind = {
  assigned: 'assigned',
  customerReplied: 'customer-replied',
  mentioned: 'mentioned',
  unassigned: 'unassigned',
  slaWarning: 'sla-warning',
  slaBreached: 'sla-breached',
} as const
export const NOTIFICATION_KINDS = [
  'assigned',
  'customer-replied',
  'mentioned',
  'unassigned',
  'sla-warning',
  'sla-breached',
] as const
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Each kind as the bell's list and the settings card name it. */
export const NotificationKindLabels: Record<TNotificationKind, string> = {
  assigned: 'A ticket is assigned to me',
  'customer-replied': 'A customer answers a ticket assigned to me',
  mentioned: 'Someone @mentions me in a note',
  unassigned: 'A ticket of my group waits unassigned',
  'sla-warning': 'SLA warning: a ticket of mine or my group used 75% of a target',
  'sla-breached': 'SLA breached: a ticket of mine or my group missed a target',
}

/** One line of the bell's list: who did what, the ticket's number and subject follow it. */
export function notificationText(kind: TNotificationKind, actorName: string | null): string {
  const who = actorName?.trim() || 'Someone'
  switch (kind) {
    case 'assigned':
      return `${who} assigned you a ticket`
    case 'customer-replied':
      return 'The customer answered your ticket'
    case 'mentioned':
      return `${who} mentioned you in a note`
    case 'unassigned':
      return 'A ticket of your group waits unassigned'
    case 'sla-warning':
      return 'SLA warning: 75% of a target is used'
    case 'sla-breached':
      return 'SLA breached: a target was missed'
  }
}

/**
 * A notification as the documents API shows it (collection `notifications`): its member alone reads it and
 * marks it read; the server makes it, in the transaction of what caused it.
 */
export const ZNotificationAttributes = z.object({
  teamId: z.string(),
  /** The member it is for. */
  userId: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  ticketSubject: z.string(),
  /** The member whose action caused it (null for a customer's answer, the unassigned or SLA clocks). */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  /** When its member read it (ISO 8601), null while unread. */
  readAt: z.iso.datetime({ offset: true }).nullable(),
})
export type TNotificationAttributes = z.infer<typeof ZNotificationAttributes>

/** The one change a member makes to a notification: read, or unread again. */
export const ZNotificationUpdate = z.object({ read: z.boolean() }).strict()

export const NotificationLimits = {
  /** The bell's list shows this many, newest first. */
  listed: 30,
  /** Mails about notifications one member gets in an hour; past it the bell still shows them. */
  mailsPerMemberHour: 30,
  /** A ticket of a group waits this long unassigned before its members hear of it, unless chosen. */
  unassignedMinutesDefault: 15,
  unassignedMinutesMin: 1,
  unassignedMinutesMax: 24 * 60,
  /** The workspace preference holding its choice. */
  unassignedMinutesPref: 'notifyUnassignedMinutes',
} as const

export const ZUnassignedMinutes = z
  .number()
  .int()
  .min(NotificationLimits.unassignedMinutesMin)
  .max(NotificationLimits.unassignedMinutesMax)

/** How long a workspace's tickets wait unassigned before their group hears: its choice, else the default. */
export function unassignedMinutesOf(prefs: Record<string, unknown> | null | undefined): number {
  const parsed = ZUnassignedMinutes.safeParse(prefs?.[NotificationLimits.unassignedMinutesPref])
  return parsed.success ? parsed.data : NotificationLimits.unassignedMinutesDefault
}

/** Which kinds a member is also mailed about (every kind until they choose). */
export const ZNotificationEmailSettings = z
  .object({
    email: z
      .object({
        assigned: z.boolean(),
        'customer-replied': z.boolean(),
        mentioned: z.boolean(),
        unassigned: z.boolean(),
        'sla-warning': z.boolean(),
        'sla-breached': z.boolean(),
      })
      .strict(),
  })
  .strict()
export type TNotificationEmailSettings = z.infer<typeof ZNotificationEmailSettings>

export const NOTIFICATION_EMAIL_DEFAULTS: TNotificationEmailSettings = {
  email: {
    assigned: true,
    'customer-replied': true,
    mentioned: true,
    unassigned: true,
    'sla-warning': true,
    'sla-breached': true,
  },
}

export const NotificationMessages = {
  allRead: 'All notifications marked read',
  settingsSaved: 'Notification emails saved',
  empty: 'Nothing needs you right now',
  title: 'Notifications',
  markAllRead: 'Mark all read',
  emailCardTitle: 'Notification emails',
  emailCardDescription:
    'You always see notifications under the bell. Choose which ones also come by email, to your verified address.',
  mailFooter: 'You get this because of your notification settings in Parsedesk (Account settings).',
} as const

/** "(3) Parsedesk": the tab's title counts what waits for the member. */
export function titleWithUnread(title: string, unread: number): string {
  const base = title.replace(/^\(\d+\+?\) /, '')
  if (unread <= 0) return base
  return `(${unread > 99 ? '99+' : unread}) ${base}`
}
