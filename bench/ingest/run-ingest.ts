import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import nodemailer from 'nodemailer'
import { insertUser } from '../../apps/server/src/accounts/users-repository'
import { loadConfig } from '../../apps/server/src/config/config'
import type { TMailboxRow } from '../../apps/server/src/mail/mailboxes/mailbox-repository'
import { ensureMailbox } from '../../apps/server/src/mail/mailboxes/mailbox-repository'
import type { TDocumentEvent } from '../../apps/server/src/realtime/event-bus'
import { startServer, type TRunningServer } from '../../apps/server/src/server'
import { freePort } from '../../apps/server/src/testing/free-port'
import { summariseLatencies, type TLatencyStats } from '../api/latency-stats'
import { buildBenchMessages, readBenchCorpus, type TBenchMessage } from './bench-messages'

export type TPhaseReport = {
  messages: number
  outcomes: Record<string, number>
  /** SMTP send start to the 250 reply (the raw message committed). */
  acknowledged: TLatencyStats
  /** SMTP send start to the committed ticket (or other decision). */
  committed: TLatencyStats
  /** SMTP send start to the ticket's analysis completed. */
  analysed: TLatencyStats
}

export type TIngestReport = { burst: TPhaseReport; steady: TPhaseReport }

type TTimes = { sentAt: number; ackAt: number; committedAt?: number; analysedAt?: number }

const POLL_MS = 200
const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/main.ts')

/** `node --import tsx main.ts --role=worker` on the bench's database; resolves once it says it listens. */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--role=worker'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += String(chunk)
      if (output.includes('listening')) resolve()
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('exit', () => reject(new Error(`the worker process exited:\n${output}`)))
  })
  return child
}

async function stopWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  await exited
}

function smtpClient(smtpPort: number) {
  // One connection per client, reused, as a sending MTA does.
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    ignoreTLS: true,
    pool: true,
    maxConnections: 1,
    maxMessages: Number.POSITIVE_INFINITY,
  })
}

/** Ticket events carry the mail's Message-ID in rawJson: when each was committed, when analysed. */
function watchTickets(server: TRunningServer, times: Map<string, TTimes>, onAnalysed: (id: string) => void) {
  return server.bus.subscribe((event: TDocumentEvent) => {
    if (event.collectionId !== 'tickets') return
    const messageId = (event.document.rawJson as { MessageID?: string } | null)?.MessageID ?? ''
    const entry = times.get(messageId)
    if (!entry) return
    if (event.action === 'create') entry.committedAt ??= Date.now()
    if (event.document.processing_status === 'completed' && !entry.analysedAt) {
      entry.analysedAt = Date.now()
      onAnalysed(messageId)
    }
  })
}

function summarise(
  times: Map<string, TTimes>,
  started: number,
  outcomes: Record<string, number>,
): TPhaseReport {
  const all = [...times.values()]
  // Each rate is over the time from the first send to the last of that milestone.
  const stats = (pick: (t: TTimes) => number | undefined) => {
    const ends = all.flatMap((t) => {
      const end = pick(t)
      return end === undefined ? [] : [{ span: end - t.sentAt, end }]
    })
    const wallMs = Math.max(0, ...ends.map((e) => e.end)) - started
    return summariseLatencies(
      ends.map((e) => e.span),
      wallMs,
    )
  }
  return {
    messages: all.length,
    outcomes,
    acknowledged: stats((t) => t.ackAt),
    committed: stats((t) => t.committedAt),
    analysed: stats((t) => t.analysedAt),
  }
}

async function countOutcomes(server: TRunningServer, mailbox: TMailboxRow, since: number) {
  const { rows } = await server.db.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from inbound_emails where "mailboxId" = $1 and seq > $2 group by status`,
    [mailbox.id, since],
  )
  return Object.fromEntries(rows.map((r) => [r.status, r.n]))
}

async function lastSeq(server: TRunningServer): Promise<number> {
  const { rows } = await server.db.query<{ seq: number }>(
    'select coalesce(max(seq), 0)::int as seq from inbound_emails',
  )
  return rows[0]?.seq ?? 0
}

/** All messages as fast as 8 clients can send: throughput, and latency with the queue filling up. */
async function runBurst(options: {
  server: TRunningServer
  mailbox: TMailboxRow
  messages: TBenchMessage[]
  clients: number
}) {
  const { server, mailbox, messages } = options
  const since = await lastSeq(server)
  const times = new Map<string, TTimes>()
  let analysed = 0
  let done: () => void = () => undefined
  const allAnalysed = new Promise<void>((resolve) => {
    done = resolve
  })
  const stop = watchTickets(server, times, () => {
    analysed += 1
  })
  const started = Date.now()
  let next = 0
  const client = async () => {
    const transport = smtpClient(server.smtpPort ?? 0)
    for (let index = next++; index < messages.length; index = next++) {
      const message = messages[index]!
      const sentAt = Date.now()
      times.set(message.id, { sentAt, ackAt: sentAt })
      await transport.sendMail({
        envelope: { from: 'bench@sender.example', to: mailbox.address },
        raw: message.raw,
      })
      times.get(message.id)!.ackAt = Date.now()
    }
    transport.close()
  }
  await Promise.all(Array.from({ length: options.clients }, client))
  const poll = setInterval(async () => {
    const outcomes = await countOutcomes(server, mailbox, since)
    if (!outcomes.received && analysed >= (outcomes.ticket ?? 0)) done()
  }, POLL_MS)
  await allAnalysed
  clearInterval(poll)
  stop()
  return summarise(times, started, await countOutcomes(server, mailbox, since))
}

/** Each client sends its next message only once the previous one is analysed: latency without a backlog. */
async function runSteady(options: {
  server: TRunningServer
  mailbox: TMailboxRow
  messages: TBenchMessage[]
  clients: number
}) {
  const { server, mailbox, messages } = options
  const since = await lastSeq(server)
  const times = new Map<string, TTimes>()
  const waiters = new Map<string, () => void>()
  const stop = watchTickets(server, times, (id) => waiters.get(id)?.())
  const started = Date.now()
  let next = 0
  const client = async () => {
    const transport = smtpClient(server.smtpPort ?? 0)
    for (let index = next++; index < messages.length; index = next++) {
      const message = messages[index]!
      const analysed = new Promise<void>((resolve) => waiters.set(message.id, resolve))
      const sentAt = Date.now()
      times.set(message.id, { sentAt, ackAt: sentAt })
      await transport.sendMail({
        envelope: { from: 'bench@sender.example', to: mailbox.address },
        raw: message.raw,
      })
      times.get(message.id)!.ackAt = Date.now()
      await analysed
    }
    transport.close()
  }
  await Promise.all(Array.from({ length: options.clients }, client))
  stop()
  return summarise(times, started, await countOutcomes(server, mailbox, since))
}

/**
 * One database: a fresh server, a burst, then a steady phase. The smtp role runs in this process, with the
 * worker role too or, with `workerProcesses` (Postgres only), in that many processes of their own.
 */
export async function runIngestBench(options: {
  env: Record<string, string>
  burstMessages: number
  steadyMessages: number
  clients: number
  workerProcesses?: number
}): Promise<TIngestReport> {
  const env = {
    ...options.env,
    PORT: String(await freePort()),
    SMTP_PORT: '0',
    SMTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    INBOUND_DOMAIN: 'inbound.bench',
  }
  const config = loadConfig(env)
  const workerProcesses = options.workerProcesses ?? 0
  const server = await startServer({
    config,
    roles: new Set(workerProcesses > 0 ? ['smtp'] : ['smtp', 'worker']),
  })
  const workers: ChildProcess[] = []
  try {
    for (let i = 0; i < workerProcesses; i += 1) workers.push(await startWorkerProcess(env))
    const user = await insertUser(server.db, {
      id: 'bench-user',
      email: 'bench@owner.example',
      name: 'Bench',
      passwordHash: null,
    })
    const mailbox = await ensureMailbox(server.db, { user, domain: config.inboundDomain })
    const files = await readBenchCorpus({ ticketsOnly: true })
    const burst = await runBurst({
      server,
      mailbox,
      messages: buildBenchMessages({ files, count: options.burstMessages, label: 'burst' }),
      clients: options.clients,
    })
    const steady = await runSteady({
      server,
      mailbox,
      messages: buildBenchMessages({ files, count: options.steadyMessages, label: 'steady' }),
      clients: options.clients,
    })
    return { burst, steady }
  } finally {
    await Promise.all(workers.map(stopWorkerProcess))
    await server.close()
  }
}
