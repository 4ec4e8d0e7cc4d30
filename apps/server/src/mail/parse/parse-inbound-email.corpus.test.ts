import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMAIL_CORPUS_DIR, hasEmailCorpus, listEmailCorpus } from './email-corpus'
import { hashRawEmail } from './hash-raw-email'
import { parseInboundEmail } from './parse-inbound-email'
import { ZParsedEmail } from './parsed-email.types'
import { UnparseableEmailError } from './unparseable-email-error'

const corpusPresent = hasEmailCorpus()
if (!corpusPresent) console.warn(`skipping the email corpus tests: ${EMAIL_CORPUS_DIR} is absent`)

type TManifestRow = Record<string, string>

function readManifest(): Map<string, TManifestRow> {
  const [header, ...rows] = readFileSync(path.join(EMAIL_CORPUS_DIR, 'MANIFEST.csv'), 'utf8')
    .trim()
    .split('\n')
  const columns = (header ?? '').split(',')
  return new Map(
    rows.map((row) => {
      const cells = row.split(',')
      const record = Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? '']))
      return [record.file ?? '', record]
    }),
  )
}

describe.skipIf(!corpusPresent)('parseInboundEmail over every file of the shared corpus', () => {
  const entries = corpusPresent ? listEmailCorpus() : []
  const manifest = corpusPresent ? readManifest() : new Map<string, TManifestRow>()

  it('finds every file the manifest lists', () => {
    expect(entries.map((e) => e.file).sort()).toEqual([...manifest.keys()].sort())
  })

  it.each(entries.filter((e) => e.kind === 'rfc822').map((e) => [e.file, e] as const))(
    '%s parses into a valid, safe result',
    async (_file, entry) => {
      const raw = readFileSync(entry.absolutePath)
      const row = manifest.get(entry.file)
      const parsed = await parseInboundEmail(raw)

      expect(() => ZParsedEmail.parse(parsed)).not.toThrow()
      const fromIsReportedInvalid = parsed.defects.some((d) => d.startsWith('invalid From address'))
      if (row?.has_from === '1' && !fromIsReportedInvalid) expect(parsed.from?.address).toContain('@')
      for (const attachment of parsed.attachments) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: a safe name has no control characters
        expect(attachment.filename).not.toMatch(/[/\\\u0000-\u001f]|^\.|\.\.[/\\]/)
        expect(attachment.size).toBe(attachment.content.byteLength)
      }
      expect(parsed.postmark.Attachments).toHaveLength(parsed.attachments.length)
      expect(parsed.postmark.StrippedTextReply).toBe(parsed.strippedReply)
      if (parsed.textBody.trim()) expect(parsed.strippedReply.trim()).not.toBe('')
      expect(hashRawEmail(raw)).toBe(row?.sha256)
    },
  )

  it.each(entries.filter((e) => e.kind !== 'rfc822').map((e) => [e.file, e] as const))(
    '%s (not RFC 822) is rejected with a reason instead of crashing',
    async (_file, entry) => {
      const attempt = parseInboundEmail(readFileSync(entry.absolutePath))
      await expect(attempt).rejects.toBeInstanceOf(UnparseableEmailError)
      await expect(attempt).rejects.toThrow(/not an RFC 822 email message/)
    },
  )

  it('never throws anything but UnparseableEmailError on truncated or corrupted copies', async () => {
    let seed = 42
    const nextRandom = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const unexpected: string[] = []
    for (const entry of entries) {
      const raw = readFileSync(entry.absolutePath)
      const corrupted = Buffer.from(raw)
      for (let n = 0; n < 20; n++)
        corrupted[Math.floor(nextRandom() * corrupted.length)] = Math.floor(nextRandom() * 256)
      const variants = [
        raw.subarray(0, Math.floor(raw.length / 3)),
        raw.subarray(0, Math.floor((raw.length * 2) / 3)),
        corrupted,
      ]
      for (const variant of variants) {
        try {
          await parseInboundEmail(variant)
        } catch (error) {
          if (!(error instanceof UnparseableEmailError)) unexpected.push(`${entry.file}: ${error}`)
        }
      }
    }
    expect(unexpected).toEqual([])
  })
})
