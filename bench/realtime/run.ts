import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { WebSocket } from 'ws'
import { loadConfig, type TServerRole } from '../../apps/server/src/config/config'
import { startServer, type TRunningServer } from '../../apps/server/src/server'
import { createTestDatabase } from '../../apps/server/src/testing/test-database'

/**
 * Realtime delivery latency: users with two open sockets each, tickets created over HTTP one at a time
 * and then 8 at a time; every event must reach both of its owner's sockets and no other socket.
 * PGlite (memory bus, one process) always; Postgres (two servers, NOTIFY between them) when
 * BENCH_POSTGRES_URL or TEST_DATABASE_URL names a server.
 */
const USERS = 40
const SOCKETS_PER_USER = 2
const SEQUENTIAL = 300
const BURST = { concurrency: 8, total: 400 }
const CHANNEL = 'databases.main.collections.tickets.documents'

type TUser = { id: string; session: string; sockets: WebSocket[] }
type TSample = { e2eMs: number; publishMs: number }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

function summarise(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const f = (v: number) => v.toFixed(1).padStart(7)
  return `  ${label.padEnd(34)} n=${String(sorted.length).padStart(4)} p50 ${f(percentile(sorted, 50))} p95 ${f(percentile(sorted, 95))} p99 ${f(percentile(sorted, 99))} max ${f(sorted.at(-1) ?? Number.NaN)} ms`
}

async function startBenchServer(roles: TServerRole[], databaseUrl?: string): Promise<TRunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-bench-realtime-'))
  // TRUST_PROXY: each bench user signs up from an X-Forwarded-For address of its own (see `api`).
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_PORT: '0',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  const server = await startServer({
    config: loadConfig({ ...env, LOG_LEVEL: 'warn' }),
    roles: new Set(roles),
  })
  const close = server.close
  return {
    ...server,
    async close() {
      await close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** `ip` stands for a different client each (the server trusts X-Forwarded-For), past the sign-up limit per IP. */
async function api<T>(
  base: string,
  route: string,
  body: unknown,
  auth: { session?: string; ip?: string },
): Promise<T> {
  const response = await fetch(`${base}/v1${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-appwrite-project': 'parsedesk',
      ...(auth.session ? { 'x-appwrite-session': auth.session } : {}),
      ...(auth.ip ? { 'x-forwarded-for': auth.ip } : {}),
    },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

type TDelivery = { socketOwner: string; documentId: string; at: number; publishMs: number }

async function openSockets(wsBase: string, user: TUser, deliveries: TDelivery[]): Promise<void> {
  for (let i = 0; i < SOCKETS_PER_USER; i++) {
    const socket = new WebSocket(`${wsBase}/v1/realtime?project=parsedesk`, {
      headers: { cookie: `a_session_parsedesk=${user.session}` },
    })
    const subscribed = new Promise<void>((resolve, reject) => {
      socket.on('error', reject)
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; data: Record<string, unknown> }
        if (frame.type === 'connected') {
          socket.send(
            JSON.stringify({ type: 'subscribe', data: [{ subscriptionId: 's', channels: [CHANNEL] }] }),
          )
        } else if (frame.type === 'response' && frame.data.to === 'subscribe') {
          resolve()
        } else if (frame.type === 'event') {
          deliveries.push({
            socketOwner: user.id,
            documentId: String((frame.data.payload as { $id: string }).$id),
            at: performance.now(),
            publishMs: Date.now() - Date.parse(String(frame.data.timestamp)),
          })
        }
      })
    })
    await subscribed
    user.sockets.push(socket)
  }
}

async function runScenario(label: string, writeBase: string, socketBase: string): Promise<void> {
  const deliveries: TDelivery[] = []
  const users: TUser[] = []
  for (let i = 0; i < USERS; i++) {
    const email = `bench-${crypto.randomUUID()}@example.com`
    const password = 'correct horse battery'
    const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`
    const account = await api<{ $id: string }>(
      writeBase,
      '/account',
      { userId: 'unique()', email, password, name: `Bench ${i}` },
      { ip },
    )
    const session = await api<{ secret: string }>(
      writeBase,
      '/account/sessions/email',
      { email, password },
      { ip },
    )
    const user: TUser = { id: account.$id, session: session.secret, sockets: [] }
    await openSockets(socketBase.replace('http', 'ws'), user, deliveries)
    users.push(user)
  }

  async function createAndTime(index: number): Promise<TSample[]> {
    const owner = users[index % users.length]!
    const started = performance.now()
    const ticket = await api<{ $id: string }>(
      writeBase,
      '/databases/main/collections/tickets/documents',
      {
        documentId: 'unique()',
        data: { email: 'customer@example.com', subject: `Ticket ${index}`, body: 'Where is my order?' },
      },
      { session: owner.session },
    )
    const deadline = performance.now() + 5000
    let mine = deliveries.filter((d) => d.documentId === ticket.$id)
    while (mine.length < SOCKETS_PER_USER && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1))
      mine = deliveries.filter((d) => d.documentId === ticket.$id)
    }
    if (mine.length < SOCKETS_PER_USER) throw new Error(`ticket ${ticket.$id} reached ${mine.length} sockets`)
    return mine.map((d) => ({ e2eMs: d.at - started, publishMs: d.publishMs }))
  }

  const sequential: TSample[] = []
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(...(await createAndTime(i)))
  const burst: TSample[] = []
  let next = 0
  const burstStarted = performance.now()
  await Promise.all(
    Array.from({ length: BURST.concurrency }, async () => {
      while (next < BURST.total) burst.push(...(await createAndTime(SEQUENTIAL + next++)))
    }),
  )
  const burstSeconds = (performance.now() - burstStarted) / 1000
  await new Promise((resolve) => setTimeout(resolve, 200))
  const owners = new Map<string, string>()
  for (const d of deliveries) if (!owners.has(d.documentId)) owners.set(d.documentId, d.socketOwner)
  const leaked = deliveries.filter((d) => d.socketOwner !== owners.get(d.documentId)).length

  console.log(
    `\n${label}: ${USERS} users × ${SOCKETS_PER_USER} sockets, every ticket to its owner's sockets only`,
  )
  console.log(
    summarise(
      'one at a time, HTTP call → socket',
      sequential.map((s) => s.e2eMs),
    ),
  )
  console.log(
    summarise(
      'one at a time, publish → socket',
      sequential.map((s) => s.publishMs),
    ),
  )
  console.log(
    summarise(
      `${BURST.concurrency} in flight, HTTP call → socket`,
      burst.map((s) => s.e2eMs),
    ),
  )
  console.log(
    summarise(
      `${BURST.concurrency} in flight, publish → socket`,
      burst.map((s) => s.publishMs),
    ),
  )
  console.log(
    `  ${(BURST.total / burstSeconds).toFixed(0)} tickets/s in the burst; events on a socket not the owner's: ${leaked}`,
  )
  for (const user of users) for (const socket of user.sockets) socket.close()
}

async function main() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  console.log(
    `bench:realtime on ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  )
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min); server(s) and clients share this one process and its event loop`,
  )

  const single = await startBenchServer(['http'])
  try {
    await runScenario('PGlite, one process (memory bus)', single.url!, single.url!)
  } finally {
    await single.close()
  }

  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL
  if (!postgresUrl) {
    console.log('\nPostgres skipped: set BENCH_POSTGRES_URL (or TEST_DATABASE_URL) to a server to include it')
    return
  }
  const database = await createTestDatabase(postgresUrl)
  const writer = await startBenchServer(['http'], database.url)
  const reader = await startBenchServer(['http'], database.url)
  try {
    await runScenario('Postgres, writes on server 1, sockets on server 2 (NOTIFY)', writer.url!, reader.url!)
  } finally {
    await writer.close()
    await reader.close()
    await database.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
