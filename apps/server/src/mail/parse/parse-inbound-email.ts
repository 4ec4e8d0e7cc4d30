import PostalMime, { type Address, addressParser, decodeWords, type Email } from 'postal-mime'
import { cleanText } from '../../core/clean-text'
import { sanitiseAttachmentFilename } from './attachment-filename'
import { classifyInboundEmail } from './classify-inbound-email'
import { isPlausibleAddress, normaliseAddress, toEmailAddresses } from './email-addresses'
import { readEmailDate } from './email-date'
import { htmlToText } from './html-to-text'
import { normaliseMessageId, parseMessageIdList } from './message-ids'
import type { TEmailAddress, TEmailHeader, TParsedAttachment, TParsedEmail } from './parsed-email.types'
import { findHeaderEnd, prepareRawEmail } from './prepare-raw-email'
import { readSinglePartText } from './read-single-part-text'
import { recoverEightBitHeaders, type TEightBitHeaders } from './recover-eight-bit-headers'
import { stripReply } from './strip-reply'
import { toPostmarkInbound } from './to-postmark-inbound'
import { UnparseableEmailError } from './unparseable-email-error'

export type TParseInboundEmailOptions = {
  /** Larger input is rejected before parsing; the intake channels enforce their own, smaller limits first. */
  maxBytes?: number
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024
/**
 * What one message may bring into a ticket; the raw message in the inbound store keeps the rest. Beyond
 * these, mail made of nothing but parts or headers would cost a file or a JSON entry per byte or two.
 */
export const PARSE_LIMITS = { attachments: 1000, headers: 1000 } as const
const REPLACEMENT_CHAR = '\uFFFD'
/** Headers that show the bytes are an email at all; garbage and plain text yield none of them. */
const EMAIL_HEADER =
  /^(from|to|cc|bcc|subject|date|message-id|received|mime-version|content-type|return-path|sender|reply-to|delivered-to|in-reply-to|references|x-.+|list-.+|content-.+|dkim-signature|arc-.+|authentication-results)$/

type TParseStage = { email: Email; defects: string[] }

async function runPostalMime(bytes: Uint8Array): Promise<TParseStage> {
  try {
    return { email: await PostalMime.parse(bytes), defects: [] }
  } catch (error) {
    // A body too deep or too large for the parser still has usable headers: keep those.
    const reason = error instanceof Error ? error.message : String(error)
    try {
      const headersOnly = await PostalMime.parse(bytes.subarray(0, findHeaderEnd(bytes)))
      return { email: headersOnly, defects: [`body could not be parsed (${reason}); only headers were read`] }
    } catch {
      throw new UnparseableEmailError(`the MIME parser rejected the message: ${reason}`)
    }
  }
}

function firstHeader(headers: TEmailHeader[], name: string): string | undefined {
  return headers.find((h) => h.Name.toLowerCase() === name)?.Value
}

function hasGarbledText(addresses: TEmailAddress[]): boolean {
  return addresses.some((a) => a.name.includes(REPLACEMENT_CHAR) || a.address.includes(REPLACEMENT_CHAR))
}

function readAddresses(options: {
  name: string
  parsed: Address | Address[] | undefined
  recovered: TEightBitHeaders | null
}): TEmailAddress[] {
  const addresses = toEmailAddresses(options.parsed)
  const raw = options.recovered?.values.get(options.name)
  if (raw === undefined || !hasGarbledText(addresses)) return addresses
  return toEmailAddresses(addressParser(raw))
}

function readSubject(options: { email: Email; recovered: TEightBitHeaders | null }): string {
  const { email, recovered } = options
  const raw = recovered?.values.get('subject')
  const subject =
    raw !== undefined && email.subject?.includes(REPLACEMENT_CHAR) ? decodeWords(raw) : (email.subject ?? '')
  return cleanText(subject).replace(/\s+/g, ' ').trim()
}

function readSender(options: {
  email: Email
  recovered: TEightBitHeaders | null
  envelopeSender: string | null
  defects: string[]
}): TEmailAddress | null {
  const { email, recovered, envelopeSender, defects } = options
  const from = readAddresses({ name: 'from', parsed: email.from, recovered })[0]
  if (from && isPlausibleAddress(from.address)) return from
  // A From without a usable address cannot be answered: look for the sender elsewhere.
  defects.push(from ? `invalid From address "${from.address}"` : 'missing From header')
  const fallbacks: [string, TEmailAddress | undefined][] = [
    ['Sender', toEmailAddresses(email.sender)[0]],
    ['Reply-To', toEmailAddresses(email.replyTo)[0]],
    ['Return-Path', email.returnPath ? { address: normaliseAddress(email.returnPath), name: '' } : undefined],
    ['mbox From line', envelopeSender ? { address: normaliseAddress(envelopeSender), name: '' } : undefined],
  ]
  const found = fallbacks.find(([, address]) => address && isPlausibleAddress(address.address))
  if (!found) return null
  defects.push(`sender taken from ${found[0]}`)
  return found[1] ?? null
}

function readAttachments(options: { email: Email; defects: string[] }): TParsedAttachment[] {
  const { attachments } = options.email
  if (attachments.length > PARSE_LIMITS.attachments) {
    options.defects.push(
      `${attachments.length} attachments; the first ${PARSE_LIMITS.attachments} were kept, the raw message has them all`,
    )
  }
  return attachments.slice(0, PARSE_LIMITS.attachments).map((attachment, index) => {
    const contentType = attachment.mimeType || 'application/octet-stream'
    const filename = sanitiseAttachmentFilename({
      filename: attachment.filename,
      contentType,
      position: index + 1,
    })
    if (attachment.filename && filename !== attachment.filename.trim()) {
      options.defects.push(
        `attachment name ${JSON.stringify(attachment.filename)} made safe as "${filename}"`,
      )
    }
    if (attachment.rfc822DepthExceeded) {
      options.defects.push(`attached message "${filename}" is nested too deeply to be read`)
    }
    const content =
      typeof attachment.content === 'string'
        ? new TextEncoder().encode(attachment.content)
        : new Uint8Array(attachment.content)
    const isInline =
      attachment.disposition === 'inline' || (attachment.disposition === null && attachment.related === true)
    return {
      filename,
      originalFilename: attachment.filename,
      contentType,
      size: content.byteLength,
      contentId: normaliseMessageId(attachment.contentId),
      disposition: isInline ? 'inline' : 'attachment',
      content,
    }
  })
}

function readBodies(options: {
  email: Email
  bytes: Uint8Array
  headers: TEmailHeader[]
  defects: string[]
}): { textBody: string; htmlBody: string | null } {
  const { email, bytes, headers, defects } = options
  let text = (email.text ?? '').replace(/\r\n?/g, '\n')
  const contentType = firstHeader(headers, 'content-type') ?? ''
  if (text.includes('\uFFFD') || /format\s*=\s*"?flowed/i.test(contentType)) {
    const single = readSinglePartText({
      bytes,
      contentType,
      transferEncoding: firstHeader(headers, 'content-transfer-encoding') ?? '',
    })
    if (single && single.charset !== single.declared) {
      defects.push(`body declared as ${single.declared} but decoded as ${single.charset}`)
    }
    if (single) text = single.text
  }
  text = cleanText(text)
  const htmlBody = email.html === undefined ? null : cleanText(email.html)
  if (text.trim() || !htmlBody) return { textBody: text, htmlBody }
  return { textBody: htmlToText(htmlBody), htmlBody }
}

function countHeaderDefects(headers: TEmailHeader[], defects: string[]): void {
  for (const name of ['from', 'subject', 'date', 'message-id']) {
    const count = headers.filter((h) => h.Name.toLowerCase() === name).length
    if (count > 1) defects.push(`${count} ${name} headers; the first was used`)
  }
  if (!headers.some((h) => h.Name.toLowerCase() === 'subject')) defects.push('missing Subject header')
  if (!headers.some((h) => h.Name.toLowerCase() === 'message-id')) defects.push('missing Message-ID header')
}

/**
 * Turns the raw bytes of one delivery into what becomes a ticket: sender, recipients, threading ids,
 * readable text, the new text of a reply, safe attachments and a ticket/auto-reply/bounce/list verdict.
 * Broken mail yields a best-effort result with `defects`; only bytes that hold no email at all throw
 * UnparseableEmailError, which the caller records as a visible rejection.
 */
export async function parseInboundEmail(
  raw: Buffer | Uint8Array,
  options: TParseInboundEmailOptions = {},
): Promise<TParsedEmail> {
  const { bytes, envelopeSender } = prepareRawEmail({ raw, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES })
  const { email, defects } = await runPostalMime(bytes)

  const headers: TEmailHeader[] = email.headers
    .slice(0, PARSE_LIMITS.headers)
    .map((h) => ({ Name: h.originalKey, Value: h.value }))
  if (email.headers.length > PARSE_LIMITS.headers) {
    defects.push(`${email.headers.length} header lines; the first ${PARSE_LIMITS.headers} were kept`)
  }
  if (!email.headers.some((h) => EMAIL_HEADER.test(h.key))) {
    throw new UnparseableEmailError('no email headers were found at the start of the data')
  }
  countHeaderDefects(headers, defects)

  const recovered = recoverEightBitHeaders(bytes)
  const from = readSender({ email, recovered, envelopeSender, defects })
  const subject = readSubject({ email, recovered })
  if (
    recovered &&
    subject !==
      cleanText(email.subject ?? '')
        .replace(/\s+/g, ' ')
        .trim()
  ) {
    defects.push(`raw 8-bit headers decoded as ${recovered.charset}`)
  }
  const date = readEmailDate({ header: firstHeader(headers, 'date'), parsed: email.date })
  if (date.defect) defects.push(date.defect)

  const { textBody, htmlBody } = readBodies({ email, bytes, headers, defects })
  const attachments = readAttachments({ email, defects })
  if (!textBody.trim() && !htmlBody?.trim() && attachments.length === 0)
    defects.push('the message has no content')
  const stripped = stripReply({ text: textBody, subject })

  const parsed = {
    messageId: normaliseMessageId(firstHeader(headers, 'message-id')),
    inReplyTo: normaliseMessageId(firstHeader(headers, 'in-reply-to')),
    references: parseMessageIdList(firstHeader(headers, 'references')),
    from,
    replyTo: readAddresses({ name: 'reply-to', parsed: email.replyTo, recovered }),
    to: readAddresses({ name: 'to', parsed: email.to, recovered }),
    cc: readAddresses({ name: 'cc', parsed: email.cc, recovered }),
    subject,
    date: date.iso,
    textBody,
    htmlBody,
    strippedReply: stripped.text,
    hasQuotedReply: stripped.hasQuotedReply,
    headers,
    attachments,
  }
  return {
    ...parsed,
    classification: classifyInboundEmail(parsed),
    defects,
    postmark: toPostmarkInbound({ email: parsed, rawDate: firstHeader(headers, 'date')?.trim() ?? '' }),
  }
}
