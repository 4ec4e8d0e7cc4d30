import { readFileSync } from 'node:fs'
import { type TSampleMail, ZTemplateField, ZTemplateMatch } from '@parsedesk/contracts'
import { extractTicket, type TStoredTemplate } from '../../apps/server/src/extraction/extract-ticket'
import { mailOfParsed } from '../../apps/server/src/extraction/mail-for-templates'
import { hasEmailCorpus, listEmailCorpus } from '../../apps/server/src/mail/parse/email-corpus'
import { parseInboundEmail } from '../../apps/server/src/mail/parse/parse-inbound-email'

// The extraction engine's own cost per mail (issue 26 item 4), apart from the ingest's database work: the
// shared corpus parsed once, then each round reads every mail without templates and with 20 (19 vendors
// tried by sender and subject and passed over, one reading every mail with four locators), interleaved so
// both see the same machine state. Usage: tsx bench/ingest/extraction-engine.ts [rounds=5]

const rounds = Number(process.argv[2] ?? 5)

const fields = [
  { name: 'Reference', type: 'text', locator: { kind: 'between', before: 'Subject:' } },
  { name: 'Amount', type: 'number', locator: { kind: 'regex', pattern: '(?i)total:?\\s*([^\\n]+)' } },
  { name: 'Mailer', type: 'text', locator: { kind: 'header', name: 'X-Mailer' } },
  { name: 'Date', type: 'date', dateFormat: 'YYYY-MM-DD', locator: { kind: 'tableRow', label: 'Date' } },
].map((field) => ZTemplateField.parse(field))

const TWENTY: TStoredTemplate[] = Array.from({ length: 20 }, (_, position) => ({
  id: `t${position}`,
  name: `Template ${position}`,
  position,
  enabled: true,
  match: ZTemplateMatch.parse(
    position < 19
      ? {
          sender: { mode: 'contains', value: `orders@vendor-${position}.example` },
          subject: { mode: 'regex', value: `(?i)order\\s+#?V${position}-\\d+` },
        }
      : {},
  ),
  fields,
}))

async function main() {
  if (!hasEmailCorpus()) throw new Error('the shared email corpus is not here')
  const mails: TSampleMail[] = []
  for (const entry of listEmailCorpus().filter((file) => file.kind === 'rfc822')) {
    const parsed = await parseInboundEmail(readFileSync(entry.absolutePath)).catch(() => undefined)
    if (parsed) mails.push(mailOfParsed(parsed, parsed.from?.address ?? ''))
  }
  const rate = (templates: TStoredTemplate[]) => {
    const started = performance.now()
    for (const mail of mails) extractTicket(templates, mail)
    return mails.length / ((performance.now() - started) / 1000)
  }
  rate(TWENTY) // compiles the patterns once, as a running server has
  const without: number[] = []
  const withTwenty: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    without.push(rate([]))
    withTwenty.push(rate(TWENTY))
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  console.log(`${mails.length} corpus mails, ${rounds} rounds, medians:`)
  console.log(`  without templates: ${Math.round(median(without))} emails/s`)
  console.log(`  with 20 templates: ${Math.round(median(withTwenty))} emails/s`)
  console.log(`  engine cost per mail with 20 templates: ${(1000 / median(withTwenty)).toFixed(3)} ms`)
}

await main()
