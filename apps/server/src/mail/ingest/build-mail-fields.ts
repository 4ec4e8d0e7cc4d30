import { TicketLimits } from '@parsedesk/contracts'
import type { TParsedEmail, TPostmarkInbound } from '../parse'
import { fitJsonToBytes } from './fit-json'

export type TStoredAttachment = { fileId: string; index: number }

export type TMailFields = { subject: string; body: string; rawJson: Record<string, unknown> }

const NO_SUBJECT = '(no subject)'
const NO_TEXT = '(no text)'
const TRUNCATED_FLAG_BYTES = ',"Truncated":true'.length

/**
 * Postmark's inbound JSON, each attachment naming the file it was stored as, at most the ticket's limit
 * of JSON bytes: the longest texts (bodies, a giant header) are cut to fit, with `Truncated` saying so;
 * the raw message stays whole in the inbound store.
 */
function toRawJson(parsed: TParsedEmail, files: TStoredAttachment[]): Record<string, unknown> {
  const postmark: TPostmarkInbound & Record<string, unknown> = {
    ...parsed.postmark,
    Attachments: parsed.postmark.Attachments.map((a, index) => ({
      ...a,
      FileId: files.find((f) => f.index === index)?.fileId ?? null,
    })),
  }
  // Room for the flag that says the texts were cut.
  const fitted = fitJsonToBytes(postmark, TicketLimits.rawJson - TRUNCATED_FLAG_BYTES)
  if (!fitted) throw new Error('the parsed message is too large for a ticket even with its texts left out')
  return fitted.isCut ? { ...fitted.value, Truncated: true } : fitted.value
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
