import { z } from 'zod'
import { OUTBOUND_MAIL_STATES, OutboundMailLimits } from './outbox'
import { TICKET_STATUSES, TicketLimits, ZTicketCc } from './tickets'

/** What became of one inbound email; `received` until the ingest job has decided. */
export const InboundStatus = {
  received: 'received',
  ticket: 'ticket',
  threadMessage: 'thread-message',
  duplicate: 'duplicate',
  autoReply: 'auto-reply',
  bounce: 'bounce',
  loop: 'loop',
  rejected: 'rejected',
} as const
export const INBOUND_STATUSES = [
  'received',
  'ticket',
  'thread-message',
  'duplicate',
  'auto-reply',
  'bounce',
  'loop',
  'rejected',
] as const
export type TInboundStatus = (typeof INBOUND_STATUSES)[number]

/** How an email reached us; webhooks and IMAP name their provider. */
export const INBOUND_CHANNELS = [
  'smtp',
  'webhook-postmark',
  'webhook-mailgun',
  'webhook-sendgrid',
  'webhook-raw',
  'imap',
] as const
export type TInboundChannel = (typeof INBOUND_CHANNELS)[number]

/** A customer's mail (`inbound`), a member's reply by mail (`outbound`), or a member's internal `note`. */
export const MessageDirection = { inbound: 'inbound', outbound: 'outbound', note: 'note' } as const
export const MESSAGE_DIRECTIONS = ['inbound', 'outbound', 'note'] as const
export type TMessageDirection = (typeof MESSAGE_DIRECTIONS)[number]

/** Counters on a mailbox document, one per final outcome, plus every delivery received. */
export const ZMailboxCounts = z.object({
  received: z.number().int(),
  tickets: z.number().int(),
  threadMessages: z.number().int(),
  duplicates: z.number().int(),
  autoReplies: z.number().int(),
  bounces: z.number().int(),
  loops: z.number().int(),
  rejected: z.number().int(),
})
export type TMailboxCounts = z.infer<typeof ZMailboxCounts>

/** The one update a client may send to its mailbox: a new address (and webhook secret) in place of the old. */
export const ZMailboxRegenerate = z.object({ regenerate: z.literal(true) }).strict()

/** Header our own outgoing mail carries, so that mail coming back to a parsing address is seen as a loop. */
export const LOOP_HEADER = 'X-Parsedesk-Loop'

/** An inbound delivery as stored (collection `inbound`), written only by the server. */
export const ZInboundAttributes = z.object({
  mailboxId: z.string(),
  teamId: z.string(),
  channel: z.enum(INBOUND_CHANNELS),
  externalId: z.string().nullable(),
  size: z.number().int(),
  envelopeFrom: z.string().nullable(),
  duplicateOf: z.string().nullable(),
  status: z.enum(INBOUND_STATUSES),
  reason: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  messageId: z.string().nullable(),
  ticketId: z.string().nullable(),
  threadMessageId: z.string().nullable(),
  processedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type TInboundAttributes = z.infer<typeof ZInboundAttributes>

/** A parsing mailbox as stored (collection `mailboxes`): its address, webhook secret and counters. */
export const ZMailboxAttributes = ZMailboxCounts.extend({
  address: z.string(),
  /** Who set the mailbox up; the workspace (`teamId`) owns it. */
  userId: z.string(),
  teamId: z.string(),
  webhookSecret: z.string(),
})
export type TMailboxAttributes = z.infer<typeof ZMailboxAttributes>

/** A message of a ticket's conversation after its first email (collection `messages`). */
export const ZMessageAttributes = z.object({
  ticketId: z.string(),
  userId: z.string(),
  teamId: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  from: z.string(),
  subject: z.string(),
  body: z.string(),
  /** A reply's or note's formatted text, sanitised on the server (decision 016); null for a customer's. */
  bodyHtml: z.string().nullable(),
  /** The addresses a reply was copied to (its Cc header). */
  cc: z.array(z.string()),
  /** The files (bucket `attachments`) that came with the message or were sent with it. */
  attachmentIds: z.array(z.string()),
  rawJson: z.record(z.string(), z.unknown()).nullable(),
  messageId: z.string().nullable(),
  inboundId: z.string().nullable(),
  /** A reply's mail in the outbox (collection `outbox`), its delivery state and the relay's last answer. */
  mailId: z.string().nullable(),
  deliveryState: z.enum(OUTBOUND_MAIL_STATES).nullable(),
  deliveryError: z.string().nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type TMessageAttributes = z.infer<typeof ZMessageAttributes>

/**
 * Bounds on a reply's attachments: one upload is one request of the SDK (it splits larger files into
 * 5 MB chunks), and the total keeps the mail, base64 and all, under the 20-25 MB most receivers take.
 */
export const ReplyLimits = {
  attachmentBytes: 5 * 1024 * 1024,
  attachmentsBytes: 10 * 1024 * 1024,
  attachments: 10,
  attachmentName: 255,
  /** Uploads per member in 24 hours: enough for any day's replies, not for filling the disk. */
  uploadsPerDay: 200,
  /** An upload no reply sent within this many hours is removed, row and bytes (decision 016). */
  unsentUploadHours: 24,
  /** Uploads one member may hold unsent within those hours: five full replies' worth of files. */
  unsentUploads: 50,
} as const

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`

export const ReplyMessages = {
  requesterUnreachable: "This ticket's requester address is not one mail can be sent to: correct it first",
  ticketGone: 'This ticket does not exist or was deleted: the reply was not sent',
  mergedInto: (number: number, id: string) =>
    `This ticket was merged into #${number} (${id}): reply on that ticket`,
  bounced: (address: string, when: string, reason: string) =>
    `The requester's address ${address} bounced on ${when} (${reason}): correct the address, or send again with force to try it anyway`,
  noteNotMailed: 'A note is never mailed: copies (cc) go with a reply',
  forceOnNote: 'A note is never mailed: force applies to a reply',
  tooManyCopies: `A ticket copies at most ${TicketLimits.cc} addresses`,
  nulCharacter: 'must not contain NUL characters',
  fileTooLarge: `A file attached to a reply may be at most ${megabytes(ReplyLimits.attachmentBytes)}`,
  filesTooLarge: `A reply's attachments may be at most ${megabytes(ReplyLimits.attachmentsBytes)} in all`,
  tooManyFiles: `A reply carries at most ${ReplyLimits.attachments} attachments`,
  fileNotAttachable: (fileId: string) =>
    `File ${fileId} cannot be attached: upload it yourself first (bucket attachments); a file is sent once`,
  fileMissing: 'Upload a file in the form field "file"',
  tooManyUploads: `At most ${ReplyLimits.uploadsPerDay} files can be uploaded in 24 hours: try again later`,
  tooManyUnsentUploads: `At most ${ReplyLimits.unsentUploads} uploaded files may wait unsent: send some with a reply, or try again later (an upload not sent within ${ReplyLimits.unsentUploadHours} hours is removed)`,
} as const

const noNul = (value: string) => !value.includes('\u0000')

/**
 * A member's reply to a ticket's requester (collection `messages`, create), or with `note: true` an
 * internal note that is never mailed. A reply is mailed through the outbox from the workspace's address,
 * threaded onto the customer's last mail, to the requester and the ticket's copies (`cc` adds to them);
 * `bodyHtml` is its formatted text (sanitised by the server), `attachmentIds` files the member uploaded
 * first; `status` sets the ticket's status in the same step ("Send and set pending"), for a note too;
 * `force` sends to a requester whose address bounced before, or past a newer message. `seenMessageId` is the
 * newest message (not a note) of the conversation the draft was written against, null for none but the
 * first mail: a reply or customer mail newer than it refuses the reply with 409 (decision 039). Decisions
 * 015 and 016.
 */
export const ZReplyCreate = z
  .object({
    ticketId: z.string().min(1).max(36),
    body: z
      .string()
      .trim()
      .min(1, 'Write the reply first')
      .max(TicketLimits.body)
      .refine(noNul, ReplyMessages.nulCharacter),
    bodyHtml: z.string().max(OutboundMailLimits.html).refine(noNul, ReplyMessages.nulCharacter).optional(),
    status: z.enum(TICKET_STATUSES).optional(),
    note: z.boolean().optional(),
    cc: ZTicketCc.optional(),
    attachmentIds: z
      .array(z.string().min(1).max(36))
      .max(ReplyLimits.attachments, ReplyMessages.tooManyFiles)
      .optional(),
    force: z.boolean().optional(),
    seenMessageId: z.string().min(1).max(36).nullable().optional(),
  })
  .strict()
  .refine((reply) => !(reply.note && reply.cc?.length), {
    message: ReplyMessages.noteNotMailed,
    path: ['cc'],
  })
  .refine((reply) => !(reply.note && reply.force), { message: ReplyMessages.forceOnNote, path: ['force'] })
export type TReplyCreate = z.infer<typeof ZReplyCreate>

/**
 * Image types the server serves inline (files/safe-content-type.ts) and the ticket page shows as
 * thumbnails: none of them runs anything of the sender's (no SVG).
 */
export const INLINE_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
]
/** Bigger images are listed by name only: a thumbnail must not download megabytes. */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024

/** "Show images" in a mail's HTML: remote images fetched by the server for a member, never by the browser. */
export const RemoteImageLimits = {
  /** Bytes of one image; a bigger one is refused. */
  bytes: 5 * 1024 * 1024,
  /** How long the remote server gets to answer with the whole image. */
  timeoutMs: 8_000,
  /** Redirects followed, each to a host checked again. */
  redirects: 3,
  /** Images one member may have fetched per minute. */
  perMinute: 120,
  /** Remote images a mail shows at most; the rest stay hidden. */
  perMail: 40,
} as const

export const RemoteImageMessages = {
  invalidUrl: 'Only http and https image addresses can be shown',
  notImage: 'The address did not answer with an image',
  tooBig: `The image is bigger than ${RemoteImageLimits.bytes / 1024 / 1024} MB`,
  unreachable: 'The image could not be fetched',
  tooMany: 'Too many images shown in the last minute: try again shortly',
} as const
