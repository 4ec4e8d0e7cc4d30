/**
 * Back-pressure (decision 031): while the oldest stored mail has waited longer than this to be decided,
 * the intake defers new mail instead of piling it up: SMTP answers 451 4.3.2, a webhook 503 with
 * Retry-After, IMAP leaves it on the server. Senders keep their queue; nothing is lost.
 */
export const INTAKE_BACKLOG = {
  /** A healthy worker decides a mail in well under a second; half a minute means it is stopped or swamped. */
  maxWaitingSeconds: 30,
  /** What a webhook's Retry-After says: a provider's own backoff is usually longer anyway. */
  retryAfterSeconds: 60,
} as const

export const IntakeBacklogMessages = {
  /** After `451 4.3.2`. */
  smtp: 'Mail is waiting to be processed here, try again later',
  webhook: (retryAfterSeconds: number) =>
    `Mail is waiting to be processed here: try again in ${retryAfterSeconds} s.`,
  /** The dashboard's notice while the intake is behind. */
  waiting: (count: number) => `${count} ${count === 1 ? 'mail' : 'mails'} waiting to be processed.`,
} as const

/** GET /v1/teams/:teamId/intake-backlog: the workspace's own waiting mail, and whether intake is behind. */
export type TIntakeBacklog = { waiting: number; behind: boolean }
