import { composeRawEmail, type TWebhookAttachment, type TWebhookHeader } from './compose-raw-email'
import { formDigest, formText, type TWebhookForm } from './read-webhook-form'
import { bareAddress, looksLikeEmail, type TWebhookEmail } from './webhook-email'
import { webhookMalformed } from './webhook-errors'

function parseJsonField<T>(
  form: TWebhookForm,
  name: string,
  guard: (value: unknown) => value is T,
): T | undefined {
  const text = formText(form, name)
  if (text === undefined || text === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw webhookMalformed(`${name} is not JSON`)
  }
  if (!guard(value)) throw webhookMalformed(`${name} has an unexpected shape`)
  return value
}

const isHeaderPairs = (value: unknown): value is [string, string][] =>
  Array.isArray(value) &&
  value.every((p) => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string')

const isStringMap = (value: unknown): value is Record<string, string> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string')

/** Mailgun signs every attempt afresh; these differ between retries of one message. */
const MAILGUN_PER_ATTEMPT_FIELDS = ['timestamp', 'token', 'signature']

/** Mailgun keeps a few original headers as fields of their own when message-headers is absent. */
const HEADER_FIELDS = ['Message-Id', 'Date', 'In-Reply-To', 'References', 'To', 'Cc', 'Reply-To']

function readHeaders(form: TWebhookForm): TWebhookHeader[] {
  const pairs = parseJsonField(form, 'message-headers', isHeaderPairs)
  if (pairs) return pairs.map(([name, value]) => ({ name, value }))
  return HEADER_FIELDS.flatMap((name) => {
    const value = formText(form, name)
    return value === undefined ? [] : [{ name, value }]
  })
}

function readAttachments(form: TWebhookForm): TWebhookAttachment[] {
  const cidMap = parseJsonField(form, 'content-id-map', isStringMap) ?? {}
  const cidOf = new Map(Object.entries(cidMap).map(([cid, field]) => [field, cid.replace(/^<|>$/g, '')]))
  return form.files
    .filter((f) => /^attachment-\d+$/.test(f.fieldName))
    .sort((a, b) => Number(a.fieldName.slice(11)) - Number(b.fieldName.slice(11)))
    .map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.content,
      contentId: cidOf.get(f.fieldName),
    }))
}

/**
 * Mailgun's forward action. A route URL ending in "mime" gets the message whole in `body-mime`;
 * otherwise the parsed fields (`body-plain`, `body-html`, `message-headers`, `attachment-N` files)
 * are composed back into a message.
 */
export async function parseMailgunWebhook(form: TWebhookForm): Promise<TWebhookEmail> {
  const envelopeFrom = bareAddress(formText(form, 'sender'))
  const bodyMime = form.fields.get('body-mime')
  if (bodyMime) {
    if (!looksLikeEmail(bodyMime)) throw webhookMalformed('body-mime is not an RFC 822 message')
    return { raw: bodyMime, externalId: formText(form, 'Message-Id') || undefined, envelopeFrom }
  }
  const headers = readHeaders(form)
  const from = formText(form, 'from') ?? formText(form, 'From')
  if (!from && !headers.some((h) => h.name.toLowerCase() === 'from')) {
    throw webhookMalformed('expected body-mime, or the message fields (from, message-headers, body-plain)')
  }
  const messageId = headers.find((h) => h.name.toLowerCase() === 'message-id')?.value
  const raw = await composeRawEmail({
    headers,
    from,
    subject: formText(form, 'subject') ?? formText(form, 'Subject'),
    text: formText(form, 'body-plain'),
    html: formText(form, 'body-html'),
    attachments: readAttachments(form),
  })
  return {
    raw,
    externalId: messageId?.trim() || `sha256:${formDigest(form, MAILGUN_PER_ATTEMPT_FIELDS)}`,
    envelopeFrom,
  }
}
