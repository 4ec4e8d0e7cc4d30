import { normaliseMessageId } from './message-ids'
import type { TEmailHeader, TParsedEmail } from './parsed-email.types'

/** One recipient of a delivery status notification (RFC 3464 per-recipient fields). */
export type TDeliveryRecipient = {
  /** `Final-Recipient`, bare and lower-cased; '' when the report named none. */
  recipient: string
  /** `Original-Recipient`, the address the sender gave, when the report kept it. */
  originalRecipient: string | null
  /** `Action`, lower-cased: failed, delayed, delivered, relayed or expanded. */
  action: string
  /** `Status`, e.g. 5.1.1. */
  status: string | null
  /** `Diagnostic-Code` without its type (`smtp;`), unfolded: the remote server's own words. */
  diagnostic: string | null
}

/** What a delivery status notification says, and which of our mails it is about. */
export type TDeliveryReport = {
  recipients: TDeliveryRecipient[]
  /**
   * Message-IDs (without brackets) the report is about: the returned message's own, then the one the
   * report names. Never the report's own In-Reply-To or References: any mail can set those, and with
   * References oldest first they would name the thread's oldest reply.
   */
  originalMessageIds: string[]
}

const STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status'])
const RETURNED_TYPES = new Set([
  'message/rfc822',
  'text/rfc822-headers',
  'message/global',
  'message/global-headers',
])
const MAX_RECIPIENTS = 100
const MAX_DIAGNOSTIC = 1000

/** Header-style field blocks (RFC 822 syntax, folded lines joined), separated by blank lines. */
function readFieldBlocks(text: string): Map<string, string>[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const fields = new Map<string, string>()
      for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
        const match = /^([\w-]+)[ \t]*:(.*)$/.exec(line)
        const name = match?.[1]?.toLowerCase()
        if (name && !fields.has(name)) fields.set(name, (match?.[2] ?? '').trim())
      }
      return fields
    })
    .filter((fields) => fields.size > 0)
}

/** `rfc822; <Bob@Example.com>` as `bob@example.com`. */
function readAddress(value: string | undefined): string | null {
  if (!value) return null
  const address = value
    .slice(value.indexOf(';') + 1)
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim()
    .toLowerCase()
  return address.length > 0 ? address : null
}

/** `smtp; 550 5.1.1 ...` as `550 5.1.1 ...`: the type names the kind of code, not what happened. */
function readDiagnostic(value: string | undefined): string | null {
  if (!value) return null
  const text = value
    .replace(/^[\w-]+[ \t]*;/, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > 0 ? text.slice(0, MAX_DIAGNOSTIC) : null
}

function readRecipient(fields: Map<string, string>): TDeliveryRecipient | null {
  const recipient = readAddress(fields.get('final-recipient'))
  const action = fields.get('action')?.toLowerCase().split(/[\s(]/)[0] ?? ''
  if (!recipient && !action) return null
  const status = /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0] ?? null
  return {
    recipient: recipient ?? '',
    originalRecipient: readAddress(fields.get('original-recipient')),
    // A report without an Action (seen from hand-made bounces) still says what happened in its Status.
    action: action || (status?.startsWith('5') ? 'failed' : ''),
    status,
    diagnostic: readDiagnostic(fields.get('diagnostic-code')),
  }
}

/** The Message-ID in the header block of a returned message or its returned headers. */
function returnedMessageId(content: Uint8Array): string | null {
  const text = new TextDecoder().decode(content.subarray(0, 64 * 1024))
  const head = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)[0] ?? ''
  const line = /^message-id[ \t]*:(.*(?:\n[ \t].*)*)/im.exec(head)?.[1]
  return normaliseMessageId(line?.replace(/\n/g, ' '))
}

/**
 * Reads a delivery status notification (RFC 3464 `multipart/report`): each recipient's action, status
 * and diagnostic, and the Message-IDs of the mail it reports on. Null when the mail has no
 * `message/delivery-status` part: other bounces say what happened only in prose.
 */
export function readDeliveryReport(email: Pick<TParsedEmail, 'attachments'>): TDeliveryReport | null {
  const statusParts = email.attachments.filter((a) => STATUS_TYPES.has(a.contentType.toLowerCase()))
  if (statusParts.length === 0) return null
  const blocks = statusParts.flatMap((part) => readFieldBlocks(new TextDecoder().decode(part.content)))
  const recipients = blocks.flatMap((fields) => readRecipient(fields) ?? []).slice(0, MAX_RECIPIENTS)
  // Gmail names the mail it returns in the report itself, besides the returned copy.
  const named = blocks.flatMap(
    (fields) =>
      normaliseMessageId(fields.get('x-original-message-id') ?? fields.get('original-message-id')) ?? [],
  )
  const returned = email.attachments
    .filter((a) => RETURNED_TYPES.has(a.contentType.toLowerCase()))
    .flatMap((part) => returnedMessageId(part.content) ?? [])
  return { recipients, originalMessageIds: [...new Set([...returned, ...named])] }
}

const REPORTING_SENDER = /^(mailer-daemon|postmaster)(@|$)/i

/**
 * Who sent the mail by its envelope, '' for the null sender: the SMTP `MAIL FROM` intake kept, otherwise
 * the `Return-Path` the delivering server wrote (IMAP, and webhooks that give no envelope). Null when
 * neither is known.
 */
export function envelopeSenderOf(options: {
  envelopeFrom: string | null
  headers: TEmailHeader[]
}): string | null {
  if (options.envelopeFrom !== null) return options.envelopeFrom.trim()
  const returnPath = options.headers.find((h) => h.Name.toLowerCase() === 'return-path')?.Value
  if (returnPath === undefined) return null
  return (/<([^<>]*)>/.exec(returnPath)?.[1] ?? returnPath).trim()
}

/**
 * Whether a report came the way RFC 3464 sends them: from the null sender, or from a mailer-daemon or
 * postmaster. Anyone who got a reply (a copy, a forward) can write a report naming it; a mail server
 * sends it from `<>`, so a report from a person's address changes no reply. An unknown sender passes on
 * the returned mail's Message-ID alone.
 */
export function isReportSender(envelopeSender: string | null): boolean {
  return envelopeSender === null || envelopeSender === '' || REPORTING_SENDER.test(envelopeSender)
}

/**
 * A failed recipient's reason as a relay's refusal reads: the SMTP reply when the report kept one
 * (`550 5.1.1 user unknown`), otherwise the status code before the words (`5.4.4 Host not found`).
 */
export function describeDeliveryFailure(recipient: TDeliveryRecipient): string {
  const { diagnostic, status } = recipient
  if (diagnostic && /^[45]\d\d\b/.test(diagnostic)) return diagnostic
  return [status ?? '5.0.0', diagnostic ?? 'the receiving server gave no reason'].join(' ')
}
