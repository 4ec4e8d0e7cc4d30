import { TemplateLimits, type TSampleMail } from '@parsedesk/contracts'
import { z } from 'zod'
import { htmlToText } from '../mail/parse/html-to-text'
import type { TEmailHeader, TParsedEmail } from '../mail/parse/parsed-email.types'

/**
 * Headers a mail gathers in transit: many, long, and never what a template reads. They are left out so the
 * headers a vendor writes (X-Priority, Reply-To, X-Order-Id) fit in a sample's header limit.
 */
const TRANSIT_HEADER =
  /^(received|dkim-signature|arc-.*|authentication-results|received-spf|x-received|x-google-.*|x-ms-exchange-.*|x-gm-.*|return-path|delivered-to)$/

/** Header names lower-case, each once with its first value, transit headers left out. */
export function headersForTemplates(headers: readonly TEmailHeader[]): Record<string, string> {
  const kept: Record<string, string> = {}
  let count = 0
  for (const header of headers) {
    const name = header.Name.toLowerCase().slice(0, 100)
    if (name in kept || TRANSIT_HEADER.test(name)) continue
    kept[name] = header.Value.slice(0, 2000)
    count += 1
    if (count === TemplateLimits.testEmailHeaders) break
  }
  return kept
}

/** The same of headers already keyed by lower-case name (the ingest's automation mail). */
export function keyedHeadersForTemplates(headers: Record<string, string>): Record<string, string> {
  return headersForTemplates(Object.entries(headers).map(([Name, Value]) => ({ Name, Value })))
}

/**
 * The text a template reads is the text the ticket was made from (the ingest's automation mail): the new
 * text of the mail, else all of it. HTML-only mail arrives here as text already (the parser turns it).
 */
const bodyText = (stripped: string, text: string) =>
  (stripped.trim() || text).slice(0, TemplateLimits.bodyRead)

/** A freshly parsed mail as a template reads it. */
export function mailOfParsed(parsed: TParsedEmail, sender: string): TSampleMail {
  return {
    from: sender.slice(0, 320),
    subject: parsed.subject.slice(0, TemplateLimits.testEmailSubject),
    headers: headersForTemplates(parsed.headers),
    body: bodyText(parsed.strippedReply, parsed.textBody),
  }
}

/** What a stored ticket or message kept of its mail: Postmark's inbound JSON (`rawJson`). */
const ZStoredMail = z.object({
  Subject: z.string().catch(''),
  TextBody: z.string().catch(''),
  HtmlBody: z.string().nullable().catch(null),
  StrippedTextReply: z.string().catch(''),
  Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).catch([]),
})

/**
 * A stored mail (a ticket's first email or a thread message) as a template reads it. Its parsed JSON gives
 * the whole text and the headers; a row without it (a form or API ticket) gives what it shows.
 */
export function mailOfStored(row: {
  from: string
  subject: string
  body: string
  rawJson: unknown
}): TSampleMail {
  const stored = ZStoredMail.safeParse(row.rawJson)
  if (!stored.success) {
    return {
      from: row.from.slice(0, 320),
      subject: row.subject.slice(0, TemplateLimits.testEmailSubject),
      headers: {},
      body: row.body.slice(0, TemplateLimits.bodyRead),
    }
  }
  const mail = stored.data
  const text = mail.TextBody || (mail.HtmlBody ? htmlToText(mail.HtmlBody) : row.body)
  return {
    from: row.from.slice(0, 320),
    subject: (mail.Subject || row.subject).slice(0, TemplateLimits.testEmailSubject),
    headers: headersForTemplates(mail.Headers),
    body: bodyText(mail.StrippedTextReply, text),
  }
}
