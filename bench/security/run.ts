import os from 'node:os'
import { startServerProcess, type TServerProcess } from '../../apps/server/src/testing/server-process'
import { TEST_DATABASE_URL } from '../../apps/server/src/testing/test-database'
import { summariseLatencies, type TLatencyStats } from '../api/latency-stats'
import { describeMachine, formatMachine } from '../api/machine'

// How responsive the server stays for everyone while one party attacks it: /v1/ping latency (a request
// that needs nothing but the event loop) during 400 concurrent sign-ins, and during attempts to list
// 200 MB of tickets at once, and during lists that ask the database for as much work as they can.
// Figures, not assertions: the README keeps the latest.
// Usage: tsx bench/security/run.ts [pglite|postgres] [queries]   (`queries`: only the heavy lists)

const SIGN_INS = 400
const LIST_TICKETS = 45
const TICKET_RAW_BYTES = 4_500_000
const LIST_ATTEMPTS = 10
const ATTACK_MS = 3_000
const PING_EVERY_MS = 10
// The attack: `contains` with 200 values on the bodies of five 1 MB tickets.
const BODY_TICKETS = 5
const BODY_CHARACTERS = 1_000_000
const BODY_VALUES = 200
const BODY_ATTACKERS = 2
// The heaviest list still allowed: 100 subjects of 998 a's, six 15-character patterns each compared 14
// characters deep at every position: 100 × 998 × (90 + 10) ≈ 10 million, the pattern allowance.
const SUBJECT_TICKETS = 100
const SUBJECT_PATTERNS = Array.from({ length: 6 }, (_, n) => `${'a'.repeat(14)}${n}`)
const SUBJECT_ATTACKERS = 10
const BYSTANDER_EVERY_MS = 50

type TAnswer = { status: number; message: string }

function headers(extra: Record<string, string> = {}) {
  return { 'content-type': 'application/json', 'x-appwrite-project': 'parsedesk', ...extra }
}

async function post(server: TServerProcess, path: string, body: unknown, extra?: Record<string, string>) {
  const response = await fetch(`${server.url}/v1${path}`, {
    method: 'POST',
    headers: headers(extra),
    body: JSON.stringify(body),
  })
  return { response, answer: (await response.json()) as { message?: string; secret?: string } }
}

/** Pings every few ms until `stop` resolves; the latencies of every ping, in ms. */
async function pingDuring(server: TServerProcess, work: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = []
  let isDone = false
  void work.finally(() => {
    isDone = true
  })
  while (!isDone) {
    const started = performance.now()
    await fetch(`${server.url}/v1/ping`).then((r) => r.text())
    latencies.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS))
  }
  return latencies
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const describeStats = (stats: TLatencyStats) =>
  `p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}, p99 ${ms(stats.p99)}, max ${ms(stats.max)} (${stats.count} pings)`

function countAnswers(answers: TAnswer[]): string {
  const counts = new Map<string, number>()
  for (const { status, message } of answers) {
    const key = status === 429 && message.includes('busy') ? '429 busy' : String(status)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts.entries()].map(([key, n]) => `${n} × ${key}`).join(', ')
}

async function measureQuiet(server: TServerProcess) {
  const quiet = await pingDuring(server, new Promise((resolve) => setTimeout(resolve, 2_000)))
  console.log(`  quiet server: ping ${describeStats(summariseLatencies(quiet, 2_000))}`)
}

async function measureSignIns(server: TServerProcess) {
  const email = `bench${Date.now()}@example.com`
  await post(server, '/account', {
    userId: 'unique()',
    email,
    password: 'correct horse battery',
    name: 'Bench',
  })
  const started = performance.now()
  // Each from an address of its own (the server trusts X-Forwarded-For here): the per-address limit
  // does not help, and every attempt reaches the password check unless the gate turns it away.
  const signIns = Promise.all(
    Array.from({ length: SIGN_INS }, async (_, n) => {
      const { response, answer } = await post(
        server,
        '/account/sessions/email',
        { email, password: `wrong guess ${n}` },
        { 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${n % 250}` },
      )
      return { status: response.status, message: answer.message ?? '' }
    }),
  )
  const pings = await pingDuring(server, signIns)
  const wallMs = performance.now() - started
  console.log(
    `  ${SIGN_INS} concurrent sign-ins with a wrong password, done in ${ms(wallMs)}: ${countAnswers(await signIns)}`,
  )
  console.log(`    meanwhile ping ${describeStats(summariseLatencies(pings, wallMs))}`)
}

async function measureHugeList(server: TServerProcess) {
  const email = `hoarder${Date.now()}@example.com`
  const password = 'correct horse battery'
  await post(server, '/account', { userId: 'unique()', email, password, name: 'Hoarder' })
  const { answer } = await post(server, '/account/sessions/email', { email, password })
  const session = { 'x-appwrite-session': answer.secret ?? '' }
  const rawJson = { TextBody: 'x'.repeat(TICKET_RAW_BYTES) }
  for (let n = 0; n < LIST_TICKETS; n++) {
    await post(
      server,
      '/databases/main/collections/tickets/documents',
      {
        documentId: 'unique()',
        data: { email, subject: `hoard ${n}`, body: 'x', rawJson },
      },
      session,
    )
  }
  const totalMb = (LIST_TICKETS * TICKET_RAW_BYTES) / 1e6
  const list = async (limit: number) => {
    const query = encodeURIComponent(JSON.stringify({ method: 'limit', values: [limit] }))
    const response = await fetch(
      `${server.url}/v1/databases/main/collections/tickets/documents?queries[0]=${query}`,
      {
        headers: headers(session),
      },
    )
    const text = await response.text()
    return { status: response.status, message: text.slice(0, 200), bytes: text.length }
  }
  for (const { limit, what } of [
    { limit: 5000, what: `all ${LIST_TICKETS} tickets (${totalMb.toFixed(0)} MB of raw JSON) at once` },
    { limit: 1, what: 'one ticket (4.5 MB) at a time, the most one answer may hold' },
  ]) {
    const answers: (TAnswer & { bytes: number })[] = []
    const started = performance.now()
    // Each attacker asks again as soon as it is answered, for as long as the phase lasts.
    const attack = Promise.all(
      Array.from({ length: LIST_ATTEMPTS }, async () => {
        while (performance.now() - started < ATTACK_MS) answers.push(await list(limit))
      }),
    )
    const pings = await pingDuring(server, attack)
    const wallMs = performance.now() - started
    const largest = Math.max(...answers.map((a) => a.bytes))
    console.log(
      `  ${LIST_ATTEMPTS} clients listing ${what} for ${ATTACK_MS / 1000} s: ${answers.length} lists (${countAnswers(answers)}), largest answer ${(largest / 1e6).toFixed(2)} MB`,
    )
    console.log(`    meanwhile ping ${describeStats(summariseLatencies(pings, wallMs))}`)
  }
}

/** A new account's session header. */
async function signUp(server: TServerProcess, name: string): Promise<Record<string, string>> {
  const email = `${name.toLowerCase()}${Date.now()}@example.com`
  const password = 'correct horse battery'
  await post(server, '/account', { userId: 'unique()', email, password, name })
  const { answer } = await post(server, '/account/sessions/email', { email, password })
  return { 'x-appwrite-session': answer.secret ?? '' }
}

async function listTickets(server: TServerProcess, session: Record<string, string>, queries: object[]) {
  const search = queries.map((q, n) => `queries[${n}]=${encodeURIComponent(JSON.stringify(q))}`).join('&')
  const started = performance.now()
  const response = await fetch(`${server.url}/v1/databases/main/collections/tickets/documents?${search}`, {
    headers: headers(session),
  })
  const text = await response.text()
  return { status: response.status, message: text.slice(0, 200), ms: performance.now() - started }
}

/**
 * `attackers` clients send `queries` back to back for ATTACK_MS (each finishes the one it started) while
 * /v1/ping is timed and another user lists their own tickets every BYSTANDER_EVERY_MS.
 */
async function attackWithLists(
  server: TServerProcess,
  what: string,
  attackers: number,
  session: Record<string, string>,
  queries: object[],
) {
  const bystander = await signUp(server, 'Bystander')
  const answers: (TAnswer & { ms: number })[] = []
  const bystanderMs: number[] = []
  const started = performance.now()
  const isAttacking = () => performance.now() - started < ATTACK_MS
  const attack = Promise.all(
    Array.from({ length: attackers }, async () => {
      while (isAttacking()) answers.push(await listTickets(server, session, queries))
    }),
  )
  const bystanding = (async () => {
    while (isAttacking()) {
      bystanderMs.push((await listTickets(server, bystander, [])).ms)
      await new Promise((resolve) => setTimeout(resolve, BYSTANDER_EVERY_MS))
    }
  })()
  const pings = await pingDuring(server, Promise.all([attack, bystanding]))
  const wallMs = performance.now() - started
  const requestMs = summariseLatencies(
    answers.map((a) => a.ms),
    wallMs,
  )
  console.log(
    `  ${attackers} clients listing ${what} for ${ATTACK_MS / 1000} s (done in ${ms(wallMs)}): ${answers.length} lists (${countAnswers(answers)}), each p50 ${ms(requestMs.p50)}, max ${ms(requestMs.max)}`,
  )
  const refusal = answers.find((a) => a.status >= 400)
  if (refusal) console.log(`    answer: ${refusal.message}`)
  console.log(`    meanwhile ping ${describeStats(summariseLatencies(pings, wallMs))}`)
  console.log(
    `    another user's list ${describeStats(summariseLatencies(bystanderMs, wallMs)).replace('pings', 'lists')}`,
  )
}

async function measureHeavyQueries(server: TServerProcess) {
  const prober = await signUp(server, 'Prober')
  for (let n = 0; n < BODY_TICKETS; n++) {
    await post(
      server,
      '/databases/main/collections/tickets/documents',
      {
        documentId: 'unique()',
        data: { email: 'a@example.com', subject: `body ${n}`, body: 'x'.repeat(BODY_CHARACTERS) },
      },
      prober,
    )
  }
  const words = Array.from({ length: BODY_VALUES }, (_, n) => `word${n}`)
  await attackWithLists(
    server,
    `contains with ${BODY_VALUES} values on the bodies of ${BODY_TICKETS} 1 MB tickets`,
    BODY_ATTACKERS,
    prober,
    [{ method: 'contains', attribute: 'body', values: words }],
  )

  const heavy = await signUp(server, 'Heavy')
  for (let n = 0; n < SUBJECT_TICKETS; n++) {
    await post(
      server,
      '/databases/main/collections/tickets/documents',
      { documentId: 'unique()', data: { email: 'a@example.com', subject: 'a'.repeat(998), body: 'x' } },
      heavy,
    )
  }
  await attackWithLists(
    server,
    `the heaviest patterns allowed (6 × 15 characters over ${SUBJECT_TICKETS} subjects of 998 a's)`,
    SUBJECT_ATTACKERS,
    heavy,
    [{ method: 'contains', attribute: 'subject', values: SUBJECT_PATTERNS }],
  )
}

async function main() {
  const only = process.argv[2]
  const onlyQueries = process.argv[3] === 'queries'
  const kinds = (TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']).filter(
    (kind) => !only || kind === only,
  )
  console.log('security benchmark: /v1/ping while one party attacks')
  console.log(
    `machine: ${formatMachine(describeMachine())}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  for (const kind of kinds as ('pglite' | 'postgres')[]) {
    const server = await startServerProcess({ database: kind, roles: 'http', env: { TRUST_PROXY: 'true' } })
    try {
      console.log(`\n${kind} (server in a process of its own, http role)`)
      await measureQuiet(server)
      if (!onlyQueries) {
        await measureSignIns(server)
        await measureHugeList(server)
      }
      await measureHeavyQueries(server)
    } finally {
      await server.stop()
    }
  }
}

await main()
