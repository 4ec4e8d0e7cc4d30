import { z } from 'zod'
import { composeRawEmail, type TWebhookAddress } from './compose-raw-email'
import { bareAddress, looksLikeEmail, type TWebhookEmail } from './webhook-email'
import { webhookMalformed } from './webhook-errors'

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/

const ZPostmarkAddress = z.object({ Email: z.string(), Name: z.string().optional().default('') })

/** Postmark's inbound webhook JSON; unknown fields are allowed (Postmark adds some over time). */
export const ZPostmarkWebhook = z.object({
  From: z.string().optional(),
  FromName: z.string().optional(),
  FromFull: ZPostmarkAddress.optional(),
  To: z.string().optional(),
  ToFull: z.array(ZPostmarkAddress).optional(),
  Cc: z.string().optional(),
  CcFull: z.array(ZPostmarkAddress).optional(),
  ReplyTo: z.string().optional(),
  Subject: z.string().optional(),
  MessageID: z.string().optional(),
  Date: z.string().optional(),
  TextBody: z.string().optional(),
  HtmlBody: z.string().optional(),
  Headers: z
    .array(z.object({ Name: z.string(), Value: z.string() }))
    .optional()
    .default([]),
  Attachments: z
    .array(
      z.object({
        Name: z.string(),
        Content: z.string().regex(BASE64, 'is not base64'),
        ContentType: z.string().optional().default('application/octet-stream'),
        ContentLength: z.number().optional(),
        ContentID: z.string().optional(),
      }),
    )
    .optional()
    .default([]),
  RawEmail: z.string().optional(),
})
export type TPostmarkWebhook = z.infer<typeof ZPostmarkWebhook>

function toAddresses(full: { Email: string; Name: string }[] | undefined): TWebhookAddress[] | undefined {
  return full?.map((a) => ({ address: a.Email, name: a.Name }))
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!
  return issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message
}

/**
 * Postmark's inbound JSON. With "include raw email" on, RawEmail is the message itself; otherwise the
 * message is composed from the parsed fields. MessageID is Postmark's id of the delivery (the original
 * Message-ID header is among Headers), so a retried post is recognised.
 */
export async function parsePostmarkWebhook(body: unknown): Promise<TWebhookEmail> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw webhookMalformed('expected a Postmark inbound JSON object')
  }
  const parsed = ZPostmarkWebhook.safeParse(body)
  if (!parsed.success) throw webhookMalformed(describeIssue(parsed.error))
  const message = parsed.data
  const headers = message.Headers.map((h) => ({ name: h.Name, value: h.Value }))
  const envelopeFrom = bareAddress(headers.find((h) => h.name.toLowerCase() === 'return-path')?.value)
  const externalId = message.MessageID || undefined

  if (message.RawEmail) {
    const raw = Buffer.from(message.RawEmail, 'utf8')
    if (!looksLikeEmail(raw)) throw webhookMalformed('RawEmail is not an RFC 822 message')
    return { raw, externalId, envelopeFrom }
  }
  if (!message.FromFull && !message.From) throw webhookMalformed('From or FromFull is required')
  const raw = await composeRawEmail({
    headers,
    from: message.FromFull ? { address: message.FromFull.Email, name: message.FromFull.Name } : message.From,
    to: toAddresses(message.ToFull) ?? message.To,
    cc: toAddresses(message.CcFull) ?? message.Cc,
    replyTo: message.ReplyTo,
    subject: message.Subject,
    date: message.Date,
    text: message.TextBody,
    html: message.HtmlBody,
    attachments: message.Attachments.map((a) => ({
      filename: a.Name,
      contentType: a.ContentType,
      content: Buffer.from(a.Content, 'base64'),
      contentId: a.ContentID ? a.ContentID.replace(/^<|>$/g, '') : undefined,
    })),
  })
  return { raw, externalId, envelopeFrom }
}
