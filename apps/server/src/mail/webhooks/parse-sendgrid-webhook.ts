import { composeRawEmail, type TWebhookAttachment, type TWebhookHeader } from './compose-raw-email'
import { formDigest, formText, type TWebhookForm } from './read-webhook-form'
import { bareAddress, looksLikeEmail, type TWebhookEmail } from './webhook-email'
import { webhookMalformed } from './webhook-errors'

type TAttachmentInfo = { filename?: string; name?: string; type?: string; 'content-id'?: string }

function parseJsonObject(form: TWebhookForm, name: string): Record<string, unknown> | undefined {
  const text = formText(form, name)
  if (text === undefined || text.trim() === '') return undefined
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // Reported below with the field's name.
  }
  throw webhookMalformed(`${name} is not a JSON object`)
}

/** SendGrid's `headers` field: the original header block, folded lines and all. */
export function parseHeaderBlock(block: string): TWebhookHeader[] {
  const headers: TWebhookHeader[] = []
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      headers[headers.length - 1]!.value += ` ${line.trim()}`
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() })
  }
  return headers
}

function readAttachments(form: TWebhookForm): TWebhookAttachment[] {
  const info = (parseJsonObject(form, 'attachment-info') ?? {}) as Record<string, TAttachmentInfo>
  const contentIds = parseJsonObject(form, 'content-ids') ?? {}
  const cidOf = new Map(Object.entries(contentIds).map(([cid, field]) => [String(field), cid]))
  return form.files
    .filter((f) => /^attachment\d+$/.test(f.fieldName))
    .sort((a, b) => Number(a.fieldName.slice(10)) - Number(b.fieldName.slice(10)))
    .map((f) => {
      const described = info[f.fieldName] ?? {}
      return {
        filename: described.filename ?? described.name ?? f.filename,
        contentType: described.type ?? f.contentType,
        content: f.content,
        contentId: (described['content-id'] ?? cidOf.get(f.fieldName))?.replace(/^<|>$/g, ''),
      }
    })
}

/**
 * SendGrid's Inbound Parse. With "POST the raw, full MIME message" on, `email` is the message itself;
 * otherwise it is composed from `headers`, `text`, `html` and the `attachmentN` files, each text field
 * decoded in the charset SendGrid names for it in `charsets`.
 */
export async function parseSendgridWebhook(form: TWebhookForm): Promise<TWebhookEmail> {
  const envelope = parseJsonObject(form, 'envelope')
  const envelopeFrom = typeof envelope?.from === 'string' ? bareAddress(envelope.from) : undefined
  const email = form.fields.get('email')
  if (email) {
    if (!looksLikeEmail(email)) throw webhookMalformed('email is not an RFC 822 message')
    return { raw: email, envelopeFrom }
  }
  const charsets = (parseJsonObject(form, 'charsets') ?? {}) as Record<string, string>
  const text = (name: string) => formText(form, name, charsets[name])
  const headers = parseHeaderBlock(text('headers') ?? '')
  const from = text('from')
  if (!from && !headers.some((h) => h.name.toLowerCase() === 'from')) {
    throw webhookMalformed('expected email (raw MIME), or the message fields (headers, from, text)')
  }
  const raw = await composeRawEmail({
    headers,
    from,
    to: text('to'),
    cc: text('cc'),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    attachments: readAttachments(form),
  })
  return { raw, externalId: `sha256:${formDigest(form)}`, envelopeFrom }
}
