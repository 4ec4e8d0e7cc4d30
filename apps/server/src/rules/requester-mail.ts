import type { TTicketRow } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { classifyInboundEmail, findDmarcFailure } from '../mail/parse'
import { type TPostmarkInbound, ZPostmarkInbound } from '../mail/parse/parsed-email.types'
import type { TAutomationMail } from '../tickets/ticket-automation'

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * A stored mail as automation reads it, judged again from the headers kept with it (`rawJson`): whether it
 * is automatic (ingest's classification) and whether the receiving server's DMARC check failed.
 */
function storedMailOf(raw: TPostmarkInbound): TAutomationMail {
  const headers: Record<string, string> = {}
  for (const header of raw.Headers) headers[header.Name.toLowerCase()] ??= header.Value
  const classification = classifyInboundEmail({
    headers: raw.Headers,
    from: { address: raw.FromFull.Email, name: raw.FromFull.Name },
    subject: raw.Subject,
    attachments: raw.Attachments.map((attachment) => ({ contentType: attachment.ContentType })),
  })
  return {
    messageId: raw.MessageID.replace(/^<|>$/g, '') || null,
    subject: raw.Subject,
    body: raw.StrippedTextReply || raw.TextBody,
    from: raw.FromFull.Email,
    recipients: [...raw.ToFull, ...raw.CcFull].map((address) => address.Email),
    headers,
    attachmentNames: raw.Attachments.map((attachment) => attachment.Name),
    channel: 'email',
    automatic: classification.kind !== 'ticket',
    dmarcFailed: findDmarcFailure(raw.Headers) !== null,
  }
}

/**
 * The requester's latest mail on the ticket (an answer of theirs, else the mail that opened it), for an
 * automatic reply no mail started (a scheduled rule, a member's change): what it answers, and what decides
 * whether it may (decision 065, session 14). Null when the requester never mailed this ticket (a form
 * ticket, a requester a member changed): nothing to judge, so nothing is sent.
 */
export async function latestRequesterMail(
  tx: TQueryable,
  ticket: Pick<TTicketRow, 'id' | 'email' | 'mailboxId' | 'rawJson'>,
): Promise<TAutomationMail | null> {
  const { rows } = await tx.query<{ rawJson: unknown }>(
    `select "rawJson" from messages
     where "ticketId" = $1 and direction = 'inbound' and lower("from") = lower($2) and "rawJson" is not null
     order by "createdAt" desc, seq desc limit 1`,
    [ticket.id, ticket.email.trim()],
  )
  const stored = ZPostmarkInbound.safeParse(rows[0]?.rawJson ?? (ticket.mailboxId ? ticket.rawJson : null))
  if (!stored.success || !sameAddress(stored.data.FromFull.Email, ticket.email)) return null
  return storedMailOf(stored.data)
}
