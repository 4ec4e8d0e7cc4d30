import { z } from 'zod'

export const ZEmailAddress = z.object({
  /** Bare address, comments removed and the domain lower-cased so it can be compared. */
  address: z.string(),
  /** Decoded display name, '' when the header had none. */
  name: z.string(),
})
export type TEmailAddress = z.infer<typeof ZEmailAddress>

export const ZEmailHeader = z.object({ Name: z.string(), Value: z.string() })
export type TEmailHeader = z.infer<typeof ZEmailHeader>

export const INBOUND_EMAIL_KINDS = ['ticket', 'auto-reply', 'bounce', 'list'] as const
export const ZInboundEmailKind = z.enum(INBOUND_EMAIL_KINDS)
export type TInboundEmailKind = z.infer<typeof ZInboundEmailKind>

export const ZInboundEmailClassification = z.object({
  kind: ZInboundEmailKind,
  /** Which header or structure decided, shown to agents when a message does not become a ticket. */
  reason: z.string(),
})
export type TInboundEmailClassification = z.infer<typeof ZInboundEmailClassification>

export const ZParsedAttachment = z.object({
  /** Safe to use as a file name: no path, no control characters, at most 200 characters, never empty. */
  filename: z.string().min(1).max(200),
  /** The name the sender gave, decoded but not made safe; null when the part had none. */
  originalFilename: z.string().nullable(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** Content-ID without angle brackets, as HTML refers to it in `cid:` links. */
  contentId: z.string().nullable(),
  disposition: z.enum(['attachment', 'inline']),
  content: z.instanceof(Uint8Array),
})
export type TParsedAttachment = z.infer<typeof ZParsedAttachment>

const ZPostmarkAddress = z.object({ Email: z.string(), Name: z.string(), MailboxHash: z.string() })

/** The parsed message in the shape of Postmark's inbound webhook JSON, without attachment bytes. */
export const ZPostmarkInbound = z.object({
  From: z.string(),
  FromName: z.string(),
  FromFull: ZPostmarkAddress,
  To: z.string(),
  ToFull: z.array(ZPostmarkAddress),
  Cc: z.string(),
  CcFull: z.array(ZPostmarkAddress),
  ReplyTo: z.string(),
  Subject: z.string(),
  MessageID: z.string(),
  Date: z.string(),
  TextBody: z.string(),
  HtmlBody: z.string(),
  StrippedTextReply: z.string(),
  Headers: z.array(ZEmailHeader),
  Attachments: z.array(
    z.object({ Name: z.string(), ContentType: z.string(), ContentLength: z.number(), ContentID: z.string() }),
  ),
})
export type TPostmarkInbound = z.infer<typeof ZPostmarkInbound>

export const ZParsedEmail = z.object({
  /** Message-ID without angle brackets, comments or folding whitespace; null when absent or empty. */
  messageId: z.string().nullable(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  /** Null only when no From, Sender, Reply-To, Return-Path or mbox line named anyone. */
  from: ZEmailAddress.nullable(),
  replyTo: z.array(ZEmailAddress),
  to: z.array(ZEmailAddress),
  cc: z.array(ZEmailAddress),
  subject: z.string(),
  /** ISO 8601 in UTC, null when the Date header is missing or unreadable. */
  date: z.string().nullable(),
  /** All text of the message; HTML-only mail is turned into readable text. */
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  /** The new text of this message: quoted history and signature removed. What a ticket shows. */
  strippedReply: z.string(),
  /** True when a quoted earlier message or a reply header was found and removed. */
  hasQuotedReply: z.boolean(),
  headers: z.array(ZEmailHeader),
  attachments: z.array(ZParsedAttachment),
  classification: ZInboundEmailClassification,
  /** Problems noticed while parsing; the message was still read as well as it could be. */
  defects: z.array(z.string()),
  postmark: ZPostmarkInbound,
})
export type TParsedEmail = z.infer<typeof ZParsedEmail>
