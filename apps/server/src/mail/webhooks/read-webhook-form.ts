import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { webhookTooLarge } from './webhook-errors'

export type TWebhookFile = { fieldName: string; filename: string; contentType: string; content: Buffer }

/** A provider's form post: every field as the bytes that were sent, and the uploaded files. */
export type TWebhookForm = {
  fields: Map<string, Buffer>
  files: TWebhookFile[]
}

export type TReadWebhookFormOptions = { request: FastifyRequest; maxBytes: number }

const MAX_PARTS = 500

/**
 * Reads a multipart or url-encoded form within `maxBytes` in all. Multipart fields are read as latin1 so
 * their bytes survive untouched: a raw MIME field (`body-mime`, `email`) may hold 8-bit text in any
 * charset, and SendGrid names each text field's charset in a separate field.
 */
export async function readWebhookForm(options: TReadWebhookFormOptions): Promise<TWebhookForm> {
  const { request, maxBytes } = options
  const fields = new Map<string, Buffer>()
  const files: TWebhookFile[] = []
  if (!request.isMultipart()) {
    const body = request.body
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        const first = Array.isArray(value) ? value[0] : value
        if (typeof first === 'string') fields.set(name, Buffer.from(first, 'utf8'))
      }
    }
    return { fields, files }
  }

  let total = 0
  const count = (bytes: number) => {
    total += bytes
    if (total > maxBytes) throw webhookTooLarge(maxBytes)
  }
  const parts = request.parts({
    defCharset: 'latin1',
    limits: {
      fieldSize: maxBytes,
      fileSize: maxBytes,
      parts: MAX_PARTS,
      fields: MAX_PARTS,
      files: MAX_PARTS,
    },
  })
  for await (const part of parts) {
    if (part.type === 'file') {
      const content = await part.toBuffer()
      count(content.length)
      files.push({
        fieldName: part.fieldname,
        filename: part.filename,
        contentType: part.mimetype,
        content,
      })
    } else {
      if (part.valueTruncated) throw webhookTooLarge(maxBytes)
      const value = Buffer.from(String(part.value), 'latin1')
      count(value.length)
      if (!fields.has(part.fieldname)) fields.set(part.fieldname, value)
    }
  }
  return { fields, files }
}

/** A text field decoded in the charset the provider named for it (UTF-8 when none or unknown). */
export function formText(form: TWebhookForm, name: string, charset?: string): string | undefined {
  const bytes = form.fields.get(name)
  if (bytes === undefined) return undefined
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

/**
 * A digest of what a form says, leaving out `volatile` fields (a provider's per-attempt token and
 * timestamp), so a retried post of the same message is recognised even though the message is composed
 * afresh each time (new boundaries, new generated ids).
 */
export function formDigest(form: TWebhookForm, volatile: readonly string[] = []): string {
  const hash = crypto.createHash('sha256')
  const names = [...form.fields.keys()].filter((name) => !volatile.includes(name)).sort()
  for (const name of names) {
    const value = form.fields.get(name)!
    hash.update(`${name.length}:${name}${value.length}:`).update(value)
  }
  for (const file of [...form.files].sort((a, b) => a.fieldName.localeCompare(b.fieldName))) {
    hash.update(`file:${file.fieldName}:${file.filename}:${file.content.length}:`).update(file.content)
  }
  return hash.digest('hex')
}
