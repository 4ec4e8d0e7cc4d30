import pg from 'pg'
import { benchPostgresUrl, createBenchDatabase } from '../api/bench-database'
import { describeMachine, formatMachine } from '../api/machine'
import { runIngestBench } from './run-ingest'

// Where the time goes on Postgres: every statement any part of this process sends (our pool, pg-boss's pool,
// the event bus), counted and timed per kind over one burst then a steady flow, per email.
// Usage: tsx bench/ingest/count-statements.ts [burst=300] [automation: with 50 rules and routing] [steady=0]
// A steady flow alone (burst 0) shows what a batch of one or two mails pays.

type TTally = { count: number; ms: number; bytes: number }

const tallies = new Map<string, TTally>()

function kindOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 90)
}

function sizeOf(values: unknown): number {
  if (!Array.isArray(values)) return 0
  return values.reduce<number>(
    (sum, value) =>
      sum +
      (Buffer.isBuffer(value) ? value.length : typeof value === 'string' ? Buffer.byteLength(value) : 8),
    0,
  )
}

function record(text: string, values: unknown, startedAt: number) {
  const key = kindOf(text)
  const tally = tallies.get(key) ?? { count: 0, ms: 0, bytes: 0 }
  tally.count += 1
  tally.ms += performance.now() - startedAt
  tally.bytes += sizeOf(values)
  tallies.set(key, tally)
}

/** Wraps node-postgres' Client#query, whichever way it is called (promise or callback, text or config). */
function countEveryStatement() {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0]
    const text = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '')
    const values = typeof first === 'string' ? args[1] : (first as { values?: unknown })?.values
    const startedAt = performance.now()
    const callback = args.at(-1)
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        record(text, values, startedAt)
        return (callback as (...r: unknown[]) => unknown)(...results)
      }
      return original.apply(this, args)
    }
    const result = original.apply(this, args)
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      ;(result as Promise<unknown>).then(
        () => record(text, values, startedAt),
        () => record(text, values, startedAt),
      )
    }
    return result
  } as typeof pg.Client.prototype.query
}

async function main() {
  const burst = Number(process.argv[2] ?? 300)
  console.log(`machine: ${formatMachine(describeMachine())}`)
  const database = await createBenchDatabase({ kind: 'postgres', postgresUrl: benchPostgresUrl() })
  try {
    countEveryStatement()
    const report = await runIngestBench({
      env: database.env,
      burstMessages: burst,
      steadyMessages: Number(process.argv[4] ?? 0),
      clients: 8,
      automation: process.argv[3] === 'automation',
    })
    const emails = report.burst.messages + report.steady.messages
    console.log(
      `${emails} emails; burst ${report.burst.analysed.perSecond.toFixed(1)}, steady ${report.steady.analysed.perSecond.toFixed(1)} analysed/s`,
    )
    const rows = [...tallies.entries()].sort((a, b) => b[1].count - a[1].count)
    const total = rows.reduce((sum, [, t]) => sum + t.count, 0)
    console.log(`statements per email: ${(total / emails).toFixed(1)} (all kinds, including idle polling)`)
    console.log(`${'per email'.padStart(9)} ${'ms each'.padStart(8)} ${'KB each'.padStart(8)}  statement`)
    for (const [key, tally] of rows.filter(([, t]) => t.count / emails >= 0.02)) {
      console.log(
        `${(tally.count / emails).toFixed(2).padStart(9)} ${(tally.ms / tally.count).toFixed(2).padStart(8)} ${(tally.bytes / tally.count / 1024).toFixed(1).padStart(8)}  ${key}`,
      )
    }
  } finally {
    await database.drop()
  }
}

await main()
