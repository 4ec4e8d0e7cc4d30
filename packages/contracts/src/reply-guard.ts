import { z } from 'zod'

/**
 * Undo-send (decision 039): a reply waits this long in the outbox before the relay, and its sender (or a
 * workspace manager) may take it back meanwhile. A workspace chooses within the bounds (team preference
 * `undoSendSeconds`, set by its owners and admins); one that chose nothing gets the server's
 * UNDO_SEND_SECONDS, by default `defaultSeconds`.
 */
export const UndoSend = {
  minSeconds: 5,
  maxSeconds: 30,
  defaultSeconds: 10,
  /** The team preference that holds a workspace's choice. */
  pref: 'undoSendSeconds',
} as const

/** A workspace's undo-send window, as its preferences may set it. */
export const ZUndoSendSeconds = z.number().int().min(UndoSend.minSeconds).max(UndoSend.maxSeconds)

/** The hold a workspace's preferences choose, or undefined when they choose none (or a broken value). */
export function undoSendSecondsOf(prefs: Record<string, unknown> | null | undefined): number | undefined {
  const parsed = ZUndoSendSeconds.safeParse(prefs?.[UndoSend.pref])
  return parsed.success ? parsed.data : undefined
}

/**
 * The message a stale draft did not see, in a 409's `detail` (decision 039): a member's reply, or the
 * customer's mail, newer than the newest message the draft was written against.
 */
export const ZNewerMessage = z.object({
  messageId: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  /** The replying member's name, or the customer's address as their mail gave it. */
  author: z.string(),
  /** When it was written (ISO 8601). */
  at: z.string(),
})
export type TNewerMessage = z.infer<typeof ZNewerMessage>

/** "just now", "1 minute ago", "3 hours ago": how long ago, for "Ada replied 1 minute ago". */
export function timeAgo(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`
  const days = Math.floor(hours / 24)
  return days === 1 ? '1 day ago' : `${days} days ago`
}

/** "Ada Lovelace replied 1 minute ago" or "carol@customer.example wrote 2 minutes ago". */
export function newerMessageSentence(newer: TNewerMessage, now: number): string {
  const verb = newer.direction === 'outbound' ? 'replied' : 'wrote'
  return `${newer.author} ${verb} ${timeAgo(now - Date.parse(newer.at))}`
}

export const ReplyGuardMessages = {
  /** The 409's message; its `detail` holds the message for the composer to show. */
  staleDraft: (newer: TNewerMessage, now: number) =>
    `${newerMessageSentence(newer, now)}, after this reply was started: nothing was sent. Review the conversation, or send anyway (force).`,
  undoNotFound: 'This reply does not exist, or is not yours to undo',
  undoTooLate: 'This reply has already gone to the mail relay: it can no longer be undone',
  undoNote: 'A note is never mailed: there is nothing to undo',
  notHeld: 'This reply was not held for undo: it went to the relay at once',
} as const

/** What undo gives back (POST /v1/messages/:messageId/undo): the reply as it was written, for the composer. */
export const ZUndoneReply = z.object({
  messageId: z.string(),
  ticketId: z.string(),
  body: z.string(),
  bodyHtml: z.string().nullable(),
  cc: z.array(z.string()),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), size: z.number().int() })),
})
export type TUndoneReply = z.infer<typeof ZUndoneReply>
