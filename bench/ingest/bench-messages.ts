import { readFileSync } from 'node:fs'
import { hasEmailCorpus, listEmailCorpus } from '../../apps/server/src/mail/parse/email-corpus'

/**
 * `count` deliveries built from the corpus's RFC 822 files in turn, each given its own Message-ID first
 * (the parser reads the first one), so none is folded into another as a duplicate.
 */
export function buildBenchMessages(count: number): { id: string; raw: Buffer }[] {
  if (!hasEmailCorpus()) throw new Error('../shared/data/emails is absent')
  const files = listEmailCorpus()
    .filter((entry) => entry.kind === 'rfc822')
    .map((entry) => readFileSync(entry.absolutePath))
  return Array.from({ length: count }, (_, index) => {
    const id = `bench-${index}-${Date.now().toString(36)}@bench.example`
    const file = files[index % files.length] as Buffer
    return { id, raw: Buffer.concat([Buffer.from(`Message-ID: <${id}>\r\n`), file]) }
  })
}
