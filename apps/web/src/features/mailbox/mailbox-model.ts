import {
  KEPT_MAIL_COUNTERS,
  KEPT_MAIL_LABELS,
  KEPT_MAIL_STATUSES,
  type TAttachmentFileAttributes,
  type TImapAccount,
  type TInboundAttributes,
  type TKeptMailStatus,
  type TMailboxAttributes,
  type TMessageAttributes,
} from '@parsedesk/contracts'
import type { Models } from 'appwrite'

export type TMailboxDocument = Models.Document & TMailboxAttributes
export type TInboundDocument = Models.Document & TInboundAttributes
export type TMessageDocument = Models.Document & TMessageAttributes
export type TAttachmentFile = Models.File & TAttachmentFileAttributes
export type TImapAccountDocument = Models.Document & Omit<TImapAccount, keyof Models.Document | '$id'>

export type TKeptMailCount = { status: TKeptMailStatus; label: string; count: number }

/** The mail kept without a ticket, one line per outcome; a counter missing on an older document is 0. */
export function countKeptMail(mailbox: Partial<TMailboxAttributes>): TKeptMailCount[] {
  return KEPT_MAIL_STATUSES.map((status) => ({
    status,
    label: KEPT_MAIL_LABELS[status],
    count: mailbox[KEPT_MAIL_COUNTERS[status]] ?? 0,
  }))
}

export function isKeptMailStatus(status: string): status is TKeptMailStatus {
  return (KEPT_MAIL_STATUSES as readonly string[]).includes(status)
}

/** A reply's attachments under the reply, the first email's under the ticket body. */
export function groupAttachments(files: readonly TAttachmentFile[]) {
  const ofTicket: TAttachmentFile[] = []
  const byMessage = new Map<string, TAttachmentFile[]>()
  for (const file of files) {
    if (!file.threadMessageId) {
      ofTicket.push(file)
      continue
    }
    const list = byMessage.get(file.threadMessageId) ?? []
    list.push(file)
    byMessage.set(file.threadMessageId, list)
  }
  return { ofTicket, byMessage }
}

const UNITS = ['KB', 'MB', 'GB'] as const

/** Sizes as people read them: bytes below 1 KB, then one decimal below 10 of a unit. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes < 1024) return `${bytes} B`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value)
  return `${rounded} ${UNITS[unit]}`
}

/** A URL whose secret stays off the screen until the owner asks to see it. */
export function maskSecret(text: string, secret: string): string {
  if (!secret) return text
  const variants = new Set([secret, encodeURIComponent(secret)])
  let masked = text
  for (const variant of variants) masked = masked.split(variant).join('•'.repeat(12))
  return masked
}
