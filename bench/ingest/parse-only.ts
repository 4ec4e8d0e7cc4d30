import { readFileSync } from 'node:fs'
import os from 'node:os'
import PostalMime from 'postal-mime'
import { hasEmailCorpus, listEmailCorpus } from '../../apps/server/src/mail/parse/email-corpus'
import { parseInboundEmail } from '../../apps/server/src/mail/parse/parse-inbound-email'
import { UnparseableEmailError } from '../../apps/server/src/mail/parse/unparseable-email-error'

// Parse-only throughput of the inbound MIME library over every file of the shared corpus: no
// database, no storage, one core. postal-mime alone runs interleaved with it, round by round, so
// the cost of our layer (reply stripping, HTML to text, classification ...) reads off the same
// machine state. Usage: tsx bench/ingest/parse-only.ts [rounds=5]

type TRunner = (raw: Buffer) => Promise<unknown>

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? 0
}

async function parseWithLibrary(raw: Buffer): Promise<unknown> {
  try {
    return await parseInboundEmail(raw)
  } catch (error) {
    if (error instanceof UnparseableEmailError) return null
    throw error
  }
}

async function parseWithPostalMime(raw: Buffer): Promise<unknown> {
  return PostalMime.parse(raw)
}

async function timeRound(run: TRunner, messages: Buffer[], durations: number[]): Promise<number> {
  const started = performance.now()
  for (const raw of messages) {
    const t0 = performance.now()
    await run(raw)
    durations.push(performance.now() - t0)
  }
  return performance.now() - started
}

function report(label: string, durations: number[], elapsedMs: number, totalBytes: number, rounds: number) {
  const sorted = [...durations].sort((a, b) => a - b)
  const perSecond = (durations.length / elapsedMs) * 1000
  const mibPerSecond = (totalBytes * rounds) / 2 ** 20 / (elapsedMs / 1000)
  console.log(
    `${label}: ${perSecond.toFixed(0)} messages/s, ${mibPerSecond.toFixed(1)} MiB/s; ms p50 ${percentile(sorted, 50).toFixed(2)}, p95 ${percentile(sorted, 95).toFixed(2)}, p99 ${percentile(sorted, 99).toFixed(2)}, max ${(sorted.at(-1) ?? 0).toFixed(2)}`,
  )
}

async function main(): Promise<void> {
  if (!hasEmailCorpus()) {
    console.log('skipped: ../shared/data/emails is absent')
    return
  }
  const rounds = Number(process.argv[2] ?? 5)
  const entries = listEmailCorpus()
  const messages = entries.map((entry) => readFileSync(entry.absolutePath))
  const totalBytes = messages.reduce((sum, raw) => sum + raw.length, 0)
  const rejected = (await Promise.all(messages.map(parseWithLibrary))).filter((r) => r === null).length

  for (const raw of messages) {
    await parseWithLibrary(raw) // warm-up: JIT and lazily built decoders
    await parseWithPostalMime(raw)
  }

  const ours: number[] = []
  const baseline: number[] = []
  let oursMs = 0
  let baselineMs = 0
  for (let round = 0; round < rounds; round++) {
    oursMs += await timeRound(parseWithLibrary, messages, ours)
    baselineMs += await timeRound(parseWithPostalMime, messages, baseline)
  }

  const cpu = os.cpus()[0]
  console.log('parse-only benchmark: parseInboundEmail over ../shared/data/emails')
  console.log(
    `machine: ${cpu?.model ?? 'unknown cpu'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load ${os.loadavg()[0]?.toFixed(2)}, node ${process.version}, ${os.platform()} ${os.arch()}`,
  )
  console.log(
    `corpus: ${messages.length} files, mean ${(totalBytes / messages.length / 1024).toFixed(1)} KB, total ${(totalBytes / 2 ** 20).toFixed(2)} MiB, ${rejected} rejected as not an email; ${rounds} rounds`,
  )
  report('parseInboundEmail', ours, oursMs, totalBytes, rounds)
  report('postal-mime alone', baseline, baselineMs, totalBytes, rounds)
}

await main()
