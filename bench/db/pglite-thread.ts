import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../apps/server/src/db/open-database'
import { seedPgliteDataDir } from '../../apps/server/src/testing/pglite-template'
import { describeMachine, formatMachine } from '../api/machine'

// What the embedded database's thread (decision 034) buys the event loop: PGlite on the event loop's thread
// (`main`, as before) and on its own (`own`), alternately, on a copy of the migrated test template. Each round
// stores mails as the SMTP intake does (raw bytes of a 22 KB mail, 32 a transaction, 4 writers at once) while
// a 5 ms timer measures how late the event loop answers, as an SMTP 250 or a ping would be; then one
// `select 1` after another, the cost of a statement's trip.
// Usage: tsx bench/db/pglite-thread.ts [mails=2000] [rounds=2]

const MAILS = Number(process.argv[2] ?? 2000)
const ROUNDS = Number(process.argv[3] ?? 2)
const PER_TRANSACTION = 32
const WRITERS = 4
const MAIL_BYTES = 22 * 1024
const TIMER_MS = 5
const ROUND_TRIPS = 2000

async function round(thread: 'main' | 'own') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-bench-thread-'))
  await seedPgliteDataDir(dataDir)
  // As a server keeps it: commits synced (decision 030).
  const db = await openDatabase({ dataDir, pgliteThread: thread })
  await db.exec('create table bench_raw (id bigserial primary key, raw bytea not null, sha text not null)')
  const raw = crypto.randomBytes(MAIL_BYTES)
  let next = 0
  // Node's own delay monitor records nothing while the loop never turns, so: the gaps between a timer's turns.
  const gaps: number[] = []
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    gaps.push(now - last)
    last = now
  }, TIMER_MS)
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < MAILS) {
        const batch = Math.min(PER_TRANSACTION, MAILS - next)
        next += batch
        await db.transaction(async (tx) => {
          for (let i = 0; i < batch; i += 1) {
            const sha = crypto.createHash('sha256').update(raw).digest('hex')
            await tx.query('insert into bench_raw (raw, sha) values ($1, $2)', [raw, sha])
          }
        })
        await db.query('select id, raw from bench_raw order by id desc limit 8')
      }
    }),
  )
  clearInterval(timer)
  gaps.push(performance.now() - last)
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  const single = performance.now()
  for (let i = 0; i < ROUND_TRIPS; i += 1) await db.query('select 1')
  const roundTripUs = ((performance.now() - single) * 1000) / ROUND_TRIPS
  await db.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  gaps.sort((a, b) => a - b)
  const late = (share: number) =>
    Math.max(0, (gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * share))] ?? 0) - TIMER_MS)
      .toFixed(0)
      .padStart(6)
  console.log(
    `  ${thread.padEnd(5)} ${(MAILS / seconds).toFixed(0).padStart(6)} mails/s   timer late by p50 ${late(0.5)} p95 ${late(0.95)} max ${late(1)} ms (${gaps.length} turns)   select 1 ${roundTripUs.toFixed(0)} µs   CPU ${((used.user + used.system) / 1000 / MAILS).toFixed(2)} ms/mail   load ${os.loadavg()[0]?.toFixed(1)}`,
  )
}

console.log(
  `PGlite on the event loop's thread (main) or its own (own): ${MAILS} mails of ${MAIL_BYTES} bytes`,
)
console.log(`machine: ${formatMachine(describeMachine())}`)
for (let r = 0; r < ROUNDS; r += 1) {
  await round('main')
  await round('own')
}
