/**
 * How much new mail one sender, and one mailbox, may bring in a minute (decision 029). Every delivery
 * counts, whether it opens a ticket or threads onto one; past either limit a delivery is deferred, never
 * dropped: SMTP answers 451, a webhook 429 with Retry-After, IMAP leaves it on the server for later.
 */
export const INTAKE_LIMITS = {
  /** No customer writes twenty separate mails to support in one minute; a script does. */
  perSenderPerMinute: 20,
  /** Five a second, sustained, to one mailbox: a busy helpdesk's peak is far below it. */
  perMailboxPerMinute: 300,
  windowSeconds: 60,
  /** How long a flooding sender stays on the dashboard after its last deferred delivery. */
  noticeHours: 24,
} as const

/** Which limit a delivery met: its sender's, or its whole mailbox's. */
export const IntakeLimitScope = { sender: 'sender', mailbox: 'mailbox' } as const
export type TIntakeLimitScope = (typeof IntakeLimitScope)[keyof typeof IntakeLimitScope]

const tooMany = (scope: TIntakeLimitScope, limit: number) =>
  scope === IntakeLimitScope.sender
    ? `Too many messages from this sender to this address (more than ${limit} a minute)`
    : `Too many messages to this address (more than ${limit} a minute)`

export const IntakeLimitMessages = {
  /** After `451 4.7.1`; the sending server reads only the code, a person reading its log the words. */
  smtp: (scope: TIntakeLimitScope, limit: number) => `${tooMany(scope, limit)}, try again later`,
  webhook: (scope: TIntakeLimitScope, limit: number, retryAfterSeconds: number) =>
    `${tooMany(scope, limit)}: try again in ${retryAfterSeconds} s.`,
  /** The dashboard's notice about one sender. */
  flooding: (sender: string, deferred: number) =>
    `${sender} is flooding your mailbox: ${deferred} ${deferred === 1 ? 'delivery was' : 'deliveries were'} deferred for coming too fast.`,
  noTicket: 'No ticket of theirs to block them from yet.',
} as const

/** A sender the intake deferred mail of in the last INTAKE_LIMITS.noticeHours, and not blocked since. */
export type TFloodingSender = {
  /** Lower-case address, as the block list stores it. */
  sender: string
  mailboxId: string
  /** Deliveries deferred (a sender's server retrying the same mail counts each time). */
  deferred: number
  firstDeferredAt: string
  lastDeferredAt: string
  /** Their newest ticket in the workspace: "Mark spam and block sender" acts on it. */
  ticketId: string | null
  ticketNumber: number | null
}
