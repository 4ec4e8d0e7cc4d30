import MailComposer from 'nodemailer/lib/mail-composer'
import { decodeWords } from 'postal-mime'

export type TWebhookHeader = { name: string; value: string }

export type TWebhookAddress = { name: string; address: string }

export type TWebhookAttachment = {
  filename: string
  contentType: string
  content: Buffer
  /** Without angle brackets; an attachment with one is embedded beside the HTML it illustrates. */
  contentId?: string | undefined
}

/** A message a provider delivered as fields instead of MIME: what we rebuild the RFC 822 bytes from. */
export type TComposeRawEmailOptions = {
  /** The provider's copy of the original headers, in order; structural MIME headers among them are ignored. */
  headers: TWebhookHeader[]
  /** Each overrides the header of the same name; a string is an address list as written in a header. */
  from?: string | TWebhookAddress | undefined
  to?: string | TWebhookAddress[] | undefined
  cc?: string | TWebhookAddress[] | undefined
  replyTo?: string | undefined
  subject?: string | undefined
  date?: string | undefined
  messageId?: string | undefined
  text?: string | undefined
  html?: string | undefined
  attachments: TWebhookAttachment[]
}

// Rebuilt from the parts we were given; copying the provider's would describe a body that is not there.
const MIME_STRUCTURE = /^(content-[\w-]+|mime-version)$/i
const MAPPED = ['from', 'to', 'cc', 'reply-to', 'subject', 'date', 'message-id', 'in-reply-to', 'references']

function headerValue(headers: TWebhookHeader[], name: string): string | undefined {
  const found = headers.find((h) => h.name.toLowerCase() === name)?.value
  return found === undefined ? undefined : decodeWords(found)
}

function nonEmpty<T>(value: T | '' | undefined): T | undefined {
  if (value === '' || value === undefined) return undefined
  if (Array.isArray(value) && value.length === 0) return undefined
  return value
}

/**
 * Composes a faithful RFC 822 message from a provider's parsed fields, so webhook mail reaches the same
 * store and the same parser as mail that came in whole. Header values arrive decoded or still as encoded
 * words; both are decoded here and encoded again by the composer, which also folds long lines.
 */
export async function composeRawEmail(options: TComposeRawEmailOptions): Promise<Buffer> {
  const { headers } = options
  const extra = headers
    .filter((h) => !MIME_STRUCTURE.test(h.name) && !MAPPED.includes(h.name.toLowerCase()))
    .map((h) => ({ key: h.name, value: decodeWords(h.value) }))
  const composer = new MailComposer({
    from: nonEmpty(options.from) ?? headerValue(headers, 'from'),
    to: nonEmpty(options.to) ?? headerValue(headers, 'to'),
    cc: nonEmpty(options.cc) ?? headerValue(headers, 'cc'),
    replyTo: nonEmpty(options.replyTo) ?? headerValue(headers, 'reply-to'),
    subject: options.subject ?? headerValue(headers, 'subject') ?? '',
    date: nonEmpty(options.date) ?? headerValue(headers, 'date'),
    messageId: nonEmpty(options.messageId) ?? headerValue(headers, 'message-id'),
    inReplyTo: headerValue(headers, 'in-reply-to'),
    references: headerValue(headers, 'references'),
    headers: extra,
    text: nonEmpty(options.text),
    html: nonEmpty(options.html),
    attachments: options.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      ...(a.contentId ? { cid: a.contentId, contentDisposition: 'inline' } : {}),
    })),
    // Webhook input decides content, never where content is read from.
    disableFileAccess: true,
    disableUrlAccess: true,
    newline: 'win',
  })
  return composer.compile().build()
}
