/**
 * How fast intake slots (decision 029) are handed out: N deliveries of one mailbox from 50 senders, 8 at
 * once as SMTP clients would ask, with limits out of reach. Prints slots/s and p50/p95 per database
 * (Postgres when TEST_DATABASE_URL is set). `npm run bench:intake-slots -- [N]`.
 */
import { performance } from 'node:perf_hooks'
import { takeIntakeSlot } from '../../apps/server/src/mail/intake-limits/intake-slots'
import { DATABASE_KINDS, openTestDatabase } from '../../apps/server/src/testing/test-database'

const N = Number(process.argv[2] ?? 400)
const CONCURRENCY = 8
for (const kind of DATABASE_KINDS) {
  const { db, close } = await openTestDatabase(kind)
  const limits = { perSenderPerMinute: 1e6, perMailboxPerMinute: 1e6 }
  const times: number[] = []
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const i = next++
        const start = performance.now()
        const slot = await takeIntakeSlot(db, { mailboxId: 'mb-1', sender: `s${i % 50}@example.org`, limits })
        if (!slot.isTaken) throw new Error('refused')
        times.push(performance.now() - start)
      }
    }),
  )
  const total = performance.now() - t0
  times.sort((a, b) => a - b)
  const q = (p: number) => times[Math.floor((times.length - 1) * p)]?.toFixed(1)
  console.log(
    `${kind}: ${N} slots, ${CONCURRENCY} at once: ${(N / (total / 1000)).toFixed(0)}/s, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms`,
  )
  await close()
}
