import {
  NotificationMessages,
  notificationText,
  OutboundMailKind,
  type TNotificationKind,
} from '@parsedesk/contracts'
import type { TOutboundMail } from '../outbox/outbox-service'

/** What a notification's mail says of it, and where its link leads. */
export type TNotificationMailInput = {
  id: string
  userId: string
  /** The ticket's workspace: the link opens it there, whichever workspace the member last worked in. */
  teamId: string
  kind: TNotificationKind
  ticketNumber: number
  ticketSubject: string
  actorName: string | null
  /** The member's verified address. */
  to: string
  /** The app's address (PUBLIC_URL), for the ticket's link. */
  publicUrl: string
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

/**
 * The mail of one notification: what happened, the ticket's number and subject, and a link that opens it.
 * Only its member reads it in the outbox, and it is counted under them.
 */
export function notificationMail(input: TNotificationMailInput): TOutboundMail {
  const what = notificationText(input.kind, input.actorName)
  const ticket = `#${input.ticketNumber} ${oneLine(input.ticketSubject)}`.slice(0, 300)
  const link = `${input.publicUrl}/tickets/${input.ticketNumber}?workspace=${encodeURIComponent(input.teamId)}`
  return {
    kind: OutboundMailKind.notification,
    idempotencyKey: `notification:${input.id}`,
    ownerId: input.userId,
    readableBy: [`user:${input.userId}`],
    to: [input.to],
    subject: oneLine(`[#${input.ticketNumber}] ${what}: ${input.ticketSubject}`).slice(0, 200),
    text: `${what}:\n\n${ticket}\n${link}\n\n-- \n${NotificationMessages.mailFooter}\n`,
    html: `<p>${escapeHtml(what)}:</p><p><a href="${escapeHtml(link)}">${escapeHtml(ticket)}</a></p><p style="color:#666">${escapeHtml(NotificationMessages.mailFooter)}</p>`,
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
