import { readFileSync } from 'node:fs'
import os from 'node:os'
import { hasEmailCorpus, listEmailCorpus } from '../../apps/server/src/mail/parse/email-corpus'
import { parseInboundEmail } from '../../apps/server/src/mail/parse/parse-inbound-email'
import { UnparseableEmailError } from '../../apps/server/src/mail/parse/unparseable-email-error'

// Parse-only throughput of the inbound MIME library over every file of the shared corpus:
// no database, no storage, one core. Usage: tsx bench/ingest/parse-only.ts [rounds=5]

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? 0
}

async function parseOnce(raw: Buffer): Promise<'parsed' | 'rejected'> {
  try {
    await parseInboundEmail(raw)
    return 'parsed'
  } catch (error) {
    if (error instanceof UnparseableEmailError) return 'rejected'
    throw error
  }
}

async function main(): Promise<void> {
  if (!hasEmailCorpus()) {
    console.log('skipped: ../shared/data/emails is absent')
    return
  }
  const rounds = Number(process.argv[2] ?? 5)
  const messages = listEmailCorpus().map((entry) => ({
    file: entry.file,
    raw: readFileSync(entry.absolutePath),
  }))
  const totalBytes = messages.reduce((sum, m) => sum + m.raw.length, 0)

  for (const message of messages) await parseOnce(message.raw) // warm-up: JIT and lazy TextDecoders

  const durations: number[] = []
  let rejected = 0
  const started = performance.now()
  for (let round = 0; round < rounds; round++) {
    for (const message of messages) {
      const t0 = performance.now()
      if ((await parseOnce(message.raw)) === 'rejected') rejected++
      durations.push(performance.now() - t0)
    }
  }
  const elapsedMs = performance.now() - started
  const sorted = [...durations].sort((a, b) => a - b)
  const cpu = os.cpus()[0]

  console.log('parse-only benchmark: parseInboundEmail over ../shared/data/emails')
  console.log(
    `machine: ${cpu?.model ?? 'unknown cpu'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${os.platform()} ${os.arch()}`,
  )
  console.log(
    `corpus: ${messages.length} files, mean ${(totalBytes / messages.length / 1024).toFixed(1)} KB, total ${(totalBytes / 2 ** 20).toFixed(2)} MiB; ${rounds} rounds`,
  )
  console.log(`rejected as unparseable: ${rejected / rounds} file(s) per round`)
  console.log(`messages/s: ${((durations.length / elapsedMs) * 1000).toFixed(0)}`)
  console.log(`MiB/s: ${((totalBytes * rounds) / 2 ** 20 / (elapsedMs / 1000)).toFixed(1)}`)
  console.log(
    `latency ms: p50 ${percentile(sorted, 50).toFixed(2)}, p95 ${percentile(sorted, 95).toFixed(2)}, p99 ${percentile(sorted, 99).toFixed(2)}, max ${(sorted.at(-1) ?? 0).toFixed(2)}`,
  )
}

await main()
