import type { TParsedEmail } from './parsed-email.types'

export type TThreadKeys = {
  messageId: string | null
  inReplyTo: string | null
  references: string[]
  /** The ticket id from a `[#<id>]` tag in the subject, which survives clients that drop References. */
  ticketTag: string | null
}

const TICKET_TAG = /\[#([a-zA-Z0-9._-]{1,36})\]/
const TICKET_TAGS = /\s*\[#[a-zA-Z0-9._-]{1,36}\]\s*/g
/** Reply and forward prefixes in the languages mail clients write them, with Outlook's `RE[2]:` counters. */
const SUBJECT_PREFIX =
  /^\s*(?:re|fwd?|fw|aw|sv|vs|tr|wg|rv|r|i|antw|odp|ynt|enc|res|ref|réf|doorst|vb|vl|πρθ|απ|σχετ|отв|回复|回覆|答复|转发|轉寄|返信|転送)\s*(?:\[\d+\]|\(\d+\))?\s*[:：]\s*/i

export function extractTicketTag(subject: string): string | null {
  return TICKET_TAG.exec(subject)?.[1] ?? null
}

/** The subject a thread is known by: reply/forward prefixes and ticket tags removed, spaces collapsed. */
export function normaliseSubject(subject: string): string {
  let current = subject.replace(TICKET_TAGS, ' ').replace(/\s+/g, ' ').trim()
  let previous = ''
  while (current !== previous) {
    previous = current
    current = current.replace(SUBJECT_PREFIX, '').replace(TICKET_TAGS, ' ').trim()
  }
  return current
}

/** Everything the ticket writer needs to attach a message to an existing thread. */
export function extractThreadKeys(
  email: Pick<TParsedEmail, 'messageId' | 'inReplyTo' | 'references' | 'subject'>,
): TThreadKeys {
  return {
    messageId: email.messageId,
    inReplyTo: email.inReplyTo,
    references: email.references,
    ticketTag: extractTicketTag(email.subject),
  }
}
