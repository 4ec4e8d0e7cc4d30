import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ExtractionStatus, ZTemplateField, ZTemplateMatch } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { EMAIL_CORPUS_DIR, hasEmailCorpus, listEmailCorpus } from '../mail/parse/email-corpus'
import { parseInboundEmail } from '../mail/parse/parse-inbound-email'
import { extractTicket, type TStoredTemplate } from './extract-ticket'
import { mailOfParsed } from './mail-for-templates'

const field = (input: unknown) => ZTemplateField.parse(input)
const stored = (id: string, position: number, input: Pick<TStoredTemplate, 'match' | 'fields'>) => ({
  id,
  name: `Template ${id}`,
  position,
  enabled: true,
  ...input,
})
const valuesOf = (fields: { name: string; value: unknown }[]) =>
  Object.fromEntries(fields.map((read) => [read.name, read.value]))

// Real mail of the shared corpus (../shared/data/emails, read in place): skipped, as the other corpus tests
// are, on a machine without it.
describe.skipIf(!hasEmailCorpus())('templates on the shared corpus', () => {
  it('reads real mail of the corpus: a release announcement, and every message with 20 templates', async () => {
    const raw = readFileSync(path.join(EMAIL_CORPUS_DIR, 'apache-spamassassin/nice/001'))
    const parsed = await parseInboundEmail(raw)
    const announcement = mailOfParsed(parsed, parsed.from?.address ?? '')
    const ximian = stored('ximian', 0, {
      match: ZTemplateMatch.parse({
        sender: { mode: 'contains', value: 'ximian.com' },
        subject: { mode: 'regex', value: '\\[HC Announce\\]' },
      }),
      fields: [
        field({
          name: 'Download',
          type: 'url',
          required: true,
          locator: { kind: 'between', before: 'web site, go to:' },
        }),
        field({ name: 'Notes', type: 'url', locator: { kind: 'between', before: 'are available at:' } }),
        field({
          name: 'Release',
          type: 'text',
          locator: { kind: 'regex', pattern: 'Release (\\d+\\.\\d+)' },
        }),
        field({ name: 'Mailer', type: 'text', locator: { kind: 'header', name: 'X-Mailer' } }),
      ],
    })
    const extraction = extractTicket([ximian], announcement)
    expect(extraction.status).toBe(ExtractionStatus.extracted)
    expect(valuesOf(extraction.fields)).toEqual({
      Download: 'http://www.ximian.com/apps/evolution-preview/index.php3',
      Notes: 'http://www.ximian.com/newsitems/evolution-0.10-announce.php3',
      Release: '0.10',
      Mailer: 'Evolution/0.10 (Preview Release)',
    })
    // Twenty templates that read every mail, over the whole corpus: each mail is read, none throws.
    const everyLocator = (index: number) =>
      stored(`t${index}`, index, {
        match: ZTemplateMatch.parse(
          index < 19 ? { content: { mode: 'regex', value: `never-${index}` } } : {},
        ),
        fields: ximian.fields,
      })
    const twenty = Array.from({ length: 20 }, (_, index) => everyLocator(index))
    const messages = listEmailCorpus().filter((entry) => entry.kind === 'rfc822')
    for (const entry of messages) {
      const message = await parseInboundEmail(readFileSync(entry.absolutePath)).catch(() => undefined)
      if (!message) continue
      const result = extractTicket(twenty, mailOfParsed(message, message.from?.address ?? ''))
      expect([ExtractionStatus.extracted, ExtractionStatus.failed]).toContain(result.status)
      expect(result.templateId).toBe('t19')
    }
  })
})
