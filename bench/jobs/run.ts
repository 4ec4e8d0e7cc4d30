import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { Databases, ID } from 'appwrite'
import { loadConfig } from '../../apps/server/src/config/config'
import { startServer } from '../../apps/server/src/server'
import { freePort } from '../../apps/server/src/testing/free-port'
import { signUpUser } from '../../apps/server/src/testing/sdk-client'
import {
  benchPostgresUrl,
  canReachPostgres,
  createBenchDatabase,
  type TBenchDatabaseKind,
} from '../api/bench-database'
import { summariseLatencies, type TLatencyStats } from '../api/latency-stats'
import { describeMachine, formatMachine } from '../api/machine'

/**
 * Ticket analysis through the job queue, end to end in one process (http + worker roles): a ticket is
 * created over HTTP with the official SDK and timed until the worker's `completed` update is on the bus.
 * One at a time (latency), then a burst with 8 creators (throughput). Splits each ticket's time into
 * create -> picked up (processing) and picked up -> completed (the analysis and its write).
 */
const SEQUENTIAL = 60
const BURST = { creators: 8, total: 400 }

const SAMPLES = [
  [
    'URGENT: checkout is down',
    'Since this morning every payment fails with error 500. Customers cannot buy.',
  ],
  ['Refund not received', 'I returned the shoes two weeks ago (order 48213) and still have no refund.'],
  ['Question about pricing', 'Could you tell me whether the annual plan includes the API? No rush.'],
  ['Cannot log in', 'After resetting my password the login page says my account is locked.'],
  ['Invoice address', 'Please change the address on invoice INV-2031 to our new office in Lyon.'],
] as const

type TTimeline = { created?: number; processing?: number; completed?: number }

function row(label: string, stats: TLatencyStats): string {
  const f = (v: number) => v.toFixed(1).padStart(7)
  return `  ${label.padEnd(34)} ${String(stats.count).padStart(5)} ${f(stats.p50)} ${f(stats.p95)} ${f(stats.p99)} ${f(stats.max)}`
}

async function benchKind(kind: TBenchDatabaseKind, postgresUrl: string) {
  const database = await createBenchDatabase({ kind, postgresUrl })
  const port = await freePort()
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SMTP_PORT: '0',
    LOG_LEVEL: 'warn',
    ...database.env,
  })
  const server = await startServer({ config, roles: new Set(['http', 'worker']) })
  const timelines = new Map<string, TTimeline>()
  server.bus.subscribe((event) => {
    if (event.collectionId !== 'tickets') return
    const timeline = timelines.get(event.documentId) ?? {}
    const status = event.document.processing_status
    if (status === 'processing') timeline.processing ??= performance.now()
    if (status === 'completed') timeline.completed ??= performance.now()
    timelines.set(event.documentId, timeline)
  })
  const user = await signUpUser(`http://127.0.0.1:${port}`, 'Bench')
  const databases = new Databases(user.client)
  let n = 0
  const createTicket = async () => {
    const [subject, body] = SAMPLES[n++ % SAMPLES.length]!
    const documentId = ID.unique()
    const started = performance.now()
    timelines.set(documentId, { ...timelines.get(documentId), created: started })
    await databases.createDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId,
      data: { email: user.email, subject, body },
    })
    return documentId
  }
  const completion = async (ids: string[]) => {
    while (!ids.every((id) => timelines.get(id)?.completed !== undefined)) {
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
  }
  const report = (label: string, ids: string[], wallMs: number) => {
    const of = (pick: (t: Required<TTimeline>) => number) =>
      summariseLatencies(
        ids.map((id) => pick(timelines.get(id) as Required<TTimeline>)),
        wallMs,
      )
    const total = of((t) => t.completed - t.created)
    console.log(
      `  ${label}: ${ids.length} tickets in ${(wallMs / 1000).toFixed(2)} s, ${total.perSecond.toFixed(1)} analysed/s`,
    )
    console.log(
      `  ${''.padEnd(34)} ${'n'.padStart(5)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  (ms)`,
    )
    console.log(row('create call -> completed on the bus', total))
    console.log(
      row(
        'create call -> picked up',
        of((t) => t.processing - t.created),
      ),
    )
    console.log(
      row(
        'picked up -> completed',
        of((t) => t.completed - t.processing),
      ),
    )
  }

  console.log(`\n${kind}`)
  const sequential: string[] = []
  const sequentialStart = performance.now()
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const id = await createTicket()
    await completion([id])
    sequential.push(id)
  }
  report('one at a time', sequential, performance.now() - sequentialStart)

  const burst: string[] = []
  let started = 0
  const burstStart = performance.now()
  await Promise.all(
    Array.from({ length: BURST.creators }, async () => {
      while (started < BURST.total) {
        started += 1
        burst.push(await createTicket())
      }
    }),
  )
  const createdMs = performance.now() - burstStart
  await completion(burst)
  report(
    `burst, ${BURST.creators} creators (all created in ${(createdMs / 1000).toFixed(2)} s)`,
    burst,
    performance.now() - burstStart,
  )

  await server.close()
  await database.drop()
}

async function main() {
  console.log(`bench:jobs on ${formatMachine(describeMachine())}`)
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  )
  console.log('one process, http + worker roles; local analyser (no LLM); worker concurrency 2, polling 1 s')
  const postgresUrl = benchPostgresUrl()
  await benchKind('pglite', postgresUrl)
  if (await canReachPostgres(postgresUrl)) await benchKind('postgres', postgresUrl)
  else console.log(`\npostgres: not reachable at ${postgresUrl}, skipped`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
