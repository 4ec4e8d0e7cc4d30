import { TicketLimits } from '@parsedesk/contracts'
import type { TParsedEmail, TPostmarkInbound } from '../parse'

export type TStoredAttachment = { fileId: string; index: number }

export type TMailFields = { subject: string; body: string; rawJson: Record<string, unknown> }

const NO_SUBJECT = '(no subject)'
const NO_TEXT = '(no text)'

/**
 * Postmark's inbound JSON, each attachment naming the file it was stored as. Bodies that would push the
 * JSON past the ticket limit are cut, with `Truncated` saying so; the raw message stays in the inbound store.
 */
function toRawJson(parsed: TParsedEmail, files: TStoredAttachment[]): Record<string, unknown> {
  const postmark: TPostmarkInbound & Record<string, unknown> = {
    ...parsed.postmark,
    Attachments: parsed.postmark.Attachments.map((a, index) => ({
      ...a,
      FileId: files.find((f) => f.index === index)?.fileId ?? null,
    })),
  }
  const size = JSON.stringify(postmark).length
  if (size <= TicketLimits.rawJson) return postmark
  const bodies = postmark.TextBody.length + postmark.HtmlBody.length + postmark.StrippedTextReply.length
  // Each of the three bodies gets a third of what is left, halved because JSON escaping can double a character.
  const room = Math.max(0, Math.floor((TicketLimits.rawJson - (size - bodies)) / 6))
  return {
    ...postmark,
    TextBody: postmark.TextBody.slice(0, room),
    HtmlBody: postmark.HtmlBody.slice(0, room),
    StrippedTextReply: postmark.StrippedTextReply.slice(0, room),
    Truncated: true,
  }
}

/** What a ticket or thread message shows: the new text of the mail, quoted history and signature gone. */
export function buildMailFields(parsed: TParsedEmail, files: TStoredAttachment[]): TMailFields {
  const body = parsed.strippedReply.trim() || parsed.textBody.trim() || NO_TEXT
  return {
    subject: (parsed.subject || NO_SUBJECT).slice(0, TicketLimits.subject),
    body: body.slice(0, TicketLimits.body),
    rawJson: toRawJson(parsed, files),
  }
}
