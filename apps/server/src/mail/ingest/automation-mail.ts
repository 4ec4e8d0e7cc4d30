import { RuleLimits } from '@parsedesk/contracts'
import type { TAutomationMail } from '../../tickets/ticket-automation'
import { findDmarcFailure } from '../parse/dmarc-verdict'
import type { TMailDelivery } from './prepared-delivery'

/** Senders that read no answer: an automatic reply to one only bounces or loops. */
const NO_REPLY_SENDER = /^(no-?reply|do-?not-?reply|mailer-daemon|postmaster|bounces?)([+.-]|@)/i

/** Headers kept for rules: the first of each name, at most this many, each cut to the rules' value size. */
const MAX_HEADERS = 100

/** The customer's mail as automation reads it (rules' message conditions, the auto-reply's checks). */
export function automationMailOf(mail: TMailDelivery): TAutomationMail {
  const { parsed } = mail
  const headers: Record<string, string> = {}
  for (const header of parsed.headers.slice(0, MAX_HEADERS)) {
    const name = header.Name.toLowerCase()
    if (!(name in headers)) headers[name] = header.Value.slice(0, RuleLimits.value)
  }
  return {
    messageId: parsed.messageId,
    subject: parsed.subject,
    body: parsed.strippedReply || parsed.textBody,
    from: mail.sender,
    recipients: [...parsed.to, ...parsed.cc].map((address) => address.address),
    headers,
    attachmentNames: parsed.attachments
      .filter((attachment) => attachment.disposition === 'attachment')
      .map((attachment) => attachment.filename),
    channel: 'email',
    automatic: parsed.classification.kind !== 'ticket' || NO_REPLY_SENDER.test(mail.sender),
    dmarcFailed: findDmarcFailure(parsed.headers) !== null,
  }
}
