import { formatAddress } from './email-addresses'
import type { TEmailAddress, TParsedEmail, TPostmarkInbound } from './parsed-email.types'

type TPostmarkAddress = TPostmarkInbound['FromFull']

/** Postmark's MailboxHash: what follows `+` in the local part, used to route `support+abc@` addresses. */
function toPostmarkAddress({ address, name }: TEmailAddress): TPostmarkAddress {
  const local = address.split('@')[0] ?? ''
  const plus = local.indexOf('+')
  return { Email: address, Name: name, MailboxHash: plus === -1 ? '' : local.slice(plus + 1) }
}

export type TToPostmarkInboundOptions = {
  email: Omit<TParsedEmail, 'postmark' | 'classification' | 'defects'>
  /** The Date header as the sender wrote it; Postmark passes it through unchanged. */
  rawDate: string
}

/** The parsed message as Postmark's inbound webhook JSON, so consumers of that format can read ours. */
export function toPostmarkInbound({ email, rawDate }: TToPostmarkInboundOptions): TPostmarkInbound {
  const from = email.from ?? { address: '', name: '' }
  return {
    From: from.address,
    FromName: from.name,
    FromFull: toPostmarkAddress(from),
    To: email.to.map(formatAddress).join(', '),
    ToFull: email.to.map(toPostmarkAddress),
    Cc: email.cc.map(formatAddress).join(', '),
    CcFull: email.cc.map(toPostmarkAddress),
    ReplyTo: email.replyTo.map(formatAddress).join(', '),
    Subject: email.subject,
    MessageID: email.messageId ?? '',
    Date: rawDate,
    TextBody: email.textBody,
    HtmlBody: email.htmlBody ?? '',
    StrippedTextReply: email.strippedReply,
    Headers: email.headers,
    Attachments: email.attachments.map((a) => ({
      Name: a.filename,
      ContentType: a.contentType,
      ContentLength: a.size,
      ContentID: a.contentId ?? '',
    })),
  }
}
