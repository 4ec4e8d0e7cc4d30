import { z } from 'zod'

/** Why the product sends a mail: each kind of outbound mail has its own sender in the server. */
export const OutboundMailKind = {
  invitation: 'invitation',
  recovery: 'recovery',
  verification: 'verification',
  reply: 'reply',
  /** A member told of what needs them (decision 048). */
  notification: 'notification',
  /** A requester asked to rate the help they got (decision 057). */
  survey: 'survey',
  /** A pending ticket's requester reminded that it waits on them (decision 057). */
  reminder: 'reminder',
  /** A rule's automatic answer to a customer's mail (decision 065): `Auto-Submitted: auto-replied`. */
  autoReply: 'auto-reply',
} as const
export const OUTBOUND_MAIL_KINDS = [
  'invitation',
  'recovery',
  'verification',
  'reply',
  'notification',
  'survey',
  'reminder',
  'auto-reply',
] as const
export type TOutboundMailKind = (typeof OUTBOUND_MAIL_KINDS)[number]

/**
 * Where a mail of the outbox stands: `queued` until a worker takes it, `sending` while it talks to the
 * relay, then `sent`, `failed` (the relay refused it for good, or every try failed; `lastError` says why)
 * or `not-sent` (no relay was configured; queued again once one is). A reply held for undo (`sendAfter`)
 * that its sender took back is `withdrawn`: it never reaches the relay (decision 039).
 */
export const OutboundMailState = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  notSent: 'not-sent',
  withdrawn: 'withdrawn',
} as const
export const OUTBOUND_MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'not-sent', 'withdrawn'] as const
export type TOutboundMailState = (typeof OUTBOUND_MAIL_STATES)[number]

export const OutboxMessages = {
  noRelay: 'not sent: no relay configured',
} as const

/** "12 minutes", "1 hour": when a refused mail or invitation may be tried again, rounded up. */
export function freesIn(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  if (minutes < 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  const hours = Math.ceil(minutes / 60)
  return `${hours} hours`
}

const VERIFY_HINT = 'verify your email address under Account settings'

/**
 * Why the product refused to queue a mail (429 for a count, 403 for a rule), naming the limit and when it
 * frees. Nothing of the refused mail was queued.
 */
export const SendingLimitMessages = {
  strangers: (addresses: string[]) =>
    `Nothing was sent: ${addresses.join(', ')} never wrote to this workspace, and mail to new addresses needs a workspace owner with a verified email address (owners: ${VERIFY_HINT}).`,
  accountPerHour: (limit: number, ms: number) =>
    `Nothing was sent: your account may mail at most ${limit} recipients an hour. Try again in ${freesIn(ms)}.`,
  workspacePerHour: (limit: number, ms: number) =>
    `Nothing was sent: this workspace may mail at most ${limit} recipients an hour. Try again in ${freesIn(ms)}.`,
  unverifiedPerHour: (limit: number, ms: number) =>
    `Nothing was sent: until a workspace owner verifies their email address, this workspace may mail at most ${limit} recipients an hour. Try again in ${freesIn(ms)}, or ${VERIFY_HINT}.`,
  moreThanHourly: (count: number, limit: number, ownerVerified: boolean) =>
    `Nothing was sent: this reply has ${count} recipients, more than the ${limit} an hour ${ownerVerified ? 'your account and this workspace may mail' : 'this workspace may mail until a workspace owner verifies their email address'}. Send it to fewer recipients${ownerVerified ? '' : `, or ${VERIFY_HINT}`}.`,
  distinctPerDay: (limit: number, ms: number) =>
    `Nothing was sent: this workspace may mail at most ${limit} different addresses a day. Try again in ${freesIn(ms)}.`,
  invitationNeedsVerified: `No invitation was sent: ${VERIFY_HINT} before inviting anyone.`,
  invitationsPerAccount: (limit: number, ms: number) =>
    `No invitation was sent: your account may send at most ${limit} invitations an hour. Try again in ${freesIn(ms)}.`,
  invitationsPerAddress: (limit: number, ms: number) =>
    `No invitation was sent: at most ${limit} invitations an hour may come from your network address. Try again in ${freesIn(ms)}.`,
  invitationsPerWorkspace: (limit: number, ms: number) =>
    `No invitation was sent: this workspace may send at most ${limit} invitations an hour. Try again in ${freesIn(ms)}.`,
} as const

/** The defaults of the outbound mail limits (each an environment variable, README's Configuration). */
export const SendingLimitDefaults = {
  /** Recipients (To and CC, each counted) one account, and one workspace, may mail in an hour. */
  recipientsPerHour: 300,
  /** The same for a workspace with no owner whose email address is verified. */
  unverifiedRecipientsPerHour: 20,
  /** Different addresses one workspace may mail in 24 hours. */
  distinctRecipientsPerDay: 1000,
} as const

/** Invitations: per inviting account, per client address, per workspace, an hour each. */
export const InvitationLimits = {
  perAccountPerHour: 30,
  perAddressPerHour: 50,
  perWorkspacePerHour: 50,
} as const

/** Bounds on one outbound mail, so a caller's bug cannot queue a message no relay would take. */
export const OutboundMailLimits = {
  address: 320,
  recipients: 50,
  subject: 998,
  text: 1_000_000,
  html: 2_000_000,
  attachments: 20,
  messageId: 998,
  references: 100,
  idempotencyKey: 200,
  lastError: 2000,
} as const

/** An address as a header takes it: `Name <local@domain>` or a bare `local@domain`, on one line. */
export const MAIL_ADDRESS_PATTERN = /^([^<>\r\n]*<[^\s<>@]+@[a-z0-9.-]+>|[^\s<>@]+@[a-z0-9.-]+)$/i

/** A file sent with a mail: a file of bucket `attachments`, by id, with what the mail names it. */
export const ZOutboundAttachment = z.object({
  fileId: z.string().max(36),
  name: z.string().max(255),
  mimeType: z.string().max(255),
  size: z.number().int().nonnegative(),
})
export type TOutboundAttachment = z.infer<typeof ZOutboundAttachment>

/** A mail of the outbox as stored (collection `outbox`), written only by the server. */
export const ZOutboundMailAttributes = z.object({
  kind: z.enum(OUTBOUND_MAIL_KINDS),
  idempotencyKey: z.string().max(OutboundMailLimits.idempotencyKey),
  from: z.string().max(OutboundMailLimits.address),
  /** Where answers should go, when not to From (a reply from a verified sending address, decision 047). */
  replyTo: z.string().max(OutboundMailLimits.address).nullable(),
  to: z.array(z.string().max(OutboundMailLimits.address)).max(OutboundMailLimits.recipients),
  cc: z.array(z.string().max(OutboundMailLimits.address)).max(OutboundMailLimits.recipients),
  subject: z.string().max(OutboundMailLimits.subject),
  text: z.string().max(OutboundMailLimits.text),
  html: z.string().max(OutboundMailLimits.html).nullable(),
  attachments: z.array(ZOutboundAttachment).max(OutboundMailLimits.attachments),
  messageId: z.string().max(OutboundMailLimits.messageId),
  inReplyTo: z.string().max(OutboundMailLimits.messageId).nullable(),
  references: z
    .array(z.string().max(OutboundMailLimits.messageId))
    .max(OutboundMailLimits.references)
    .nullable(),
  state: z.enum(OUTBOUND_MAIL_STATES),
  attempts: z.number().int(),
  lastError: z.string().max(OutboundMailLimits.lastError).nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  /** A reply held for undo goes to the relay no sooner than this (decision 039); null: at once. */
  sendAfter: z.iso.datetime({ offset: true }).nullable(),
})
export type TOutboundMailAttributes = z.infer<typeof ZOutboundMailAttributes>
