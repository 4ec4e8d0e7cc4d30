import { readFileSync } from 'node:fs'
import { parseInboundEmail } from '../../apps/server/src/mail/parse'
import { hasEmailCorpus, listEmailCorpus } from '../../apps/server/src/mail/parse/email-corpus'

export type TBenchMessage = { id: string; raw: Buffer }

/** The corpus's RFC 822 files; with `ticketsOnly`, just those that open a ticket (no bounce, auto-reply or sender-less mail). */
export async function readBenchCorpus(options: { ticketsOnly: boolean }): Promise<Buffer[]> {
  if (!hasEmailCorpus()) throw new Error('../shared/data/emails is absent')
  const files = listEmailCorpus()
    .filter((entry) => entry.kind === 'rfc822')
    .map((entry) => readFileSync(entry.absolutePath))
  if (!options.ticketsOnly) return files
  const kept: Buffer[] = []
  for (const file of files) {
    const parsed = await parseInboundEmail(file)
    const kind = parsed.classification.kind
    if (parsed.from && kind !== 'bounce' && kind !== 'auto-reply') kept.push(file)
  }
  return kept
}

/**
 * `count` deliveries built from `files` in turn, each given its own Message-ID first (the parser reads the
 * first one), so none is folded into another as a duplicate or threaded onto another.
 */
export function buildBenchMessages(options: {
  files: Buffer[]
  count: number
  label: string
}): TBenchMessage[] {
  const run = Date.now().toString(36)
  return Array.from({ length: options.count }, (_, index) => {
    const id = `${options.label}-${index}-${run}@bench.example`
    const file = options.files[index % options.files.length] as Buffer
    return { id, raw: Buffer.concat([Buffer.from(`Message-ID: <${id}>\r\n`), file]) }
  })
}
