import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig, type TServerRole } from '../../apps/server/src/config/config'
import type { TDocumentEvent } from '../../apps/server/src/realtime/event-bus'
import { startServer, type TRunningServer } from '../../apps/server/src/server'
import { BURST_INTAKE_ENV } from '../../apps/server/src/testing/burst-intake-env'
import { freePort } from '../../apps/server/src/testing/free-port'
import { cpuShareBetween, sampleCpu, type TCpuShare } from '../api/cpu-share'
import { summariseLatencies, type TLatencyStats } from '../api/latency-stats'
import { installAutomation } from './automation-setup'
import { openDashboard, type TDashboard } from './dashboard-process'
import type { TDashboardTicketTimes } from './dashboard-socket'
import type { TSendersCommand, TSendersReport, TSendTimes } from './smtp-senders'
import { installTemplates } from './templates-setup'

export type TPhaseReport = {
  messages: number
  outcomes: Record<string, number>
  /** SMTP send start (MAIL FROM) to the 250 reply (the raw message committed). */
  acknowledged: TLatencyStats
  /** SMTP send start to the ticket's create event on this process's event bus (before any socket). */
  committed: TLatencyStats
  /** SMTP send start to the ticket's `completed` update on this process's event bus. */
  analysed: TLatencyStats
  /** End of DATA (the sender's last byte written) to the 250 reply. */
  dataToAck: TLatencyStats
  /** End of DATA to the ticket's create event on the open dashboard's realtime socket. */
  shown: TLatencyStats
  /** End of DATA to the ticket's `completed` update on the dashboard's socket. */
  shownAnalysed: TLatencyStats
  /** CPU time the senders' process spent sending, taken from the same two cores as the server's. */
  sendersCpuMs: number
  /** CPU time of the dashboard's process (the SDK parsing events), from the same two cores too. */
  dashboardCpuMs: number
  /** Events of another user's tickets that reached the bench user's socket since it opened; 0 unless broken. */
  foreignEvents: number
  /** CPU time of this process (the smtp and http roles, and the worker role unless it has processes of its own). */
  serverCpuMs: number
  /** The whole machine's CPU time during the phase, split (Linux only; undefined elsewhere). */
  machine: TCpuShare | undefined
}

export type TIngestReport = { burst: TPhaseReport; steady: TPhaseReport }

const POLL_MS = 200
/** A phase that makes no progress this long has lost something (a job, a socket); it fails, saying what it saw. */
const STALL_MS = 60_000
const HERE = path.dirname(fileURLToPath(import.meta.url))
const MAIN = path.resolve(HERE, '../../apps/server/src/main.ts')
const SENDERS = path.join(HERE, 'smtp-senders.ts')

/** `node --import tsx main.ts --role=worker` on the bench's database; resolves once it says it listens. */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_PROFILE_DIR=<dir> writes a CPU profile of each worker process there (see `node --cpu-prof`).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', MAIN, '--role=worker'], {
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

/** The senders' process (smtp-senders.ts), ready once it has read the corpus. */
async function startSenders(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SENDERS], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: TSendersReport) =>
      message.kind === 'ready' ? resolve() : reject(new Error('the senders did not start')),
    )
    child.once('exit', () => reject(new Error('the senders process exited')))
  })
  return child
}

/** Runs one phase in the senders' process; resolves with each message's send and 250 times. */
function send(
  senders: ChildProcess,
  command: Extract<TSendersCommand, { kind: 'run' }>,
): Promise<{ times: TSendTimes[]; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: TSendersReport) => {
      if (message.kind === 'ready') return
      senders.off('message', onMessage)
      if (message.kind === 'done') resolve(message)
      else reject(new Error(`the senders failed: ${message.message}`))
    }
    senders.on('message', onMessage)
    senders.send(command)
  })
}

type TTicketTimes = { committedAt?: number; analysedAt?: number }
type TBenchMailbox = TDashboard['mailbox']

/**
 * Ticket events carry the mail's Message-ID in rawJson: when each reached this process's bus, created and
 * analysed. An event leaves rawJson out when the document is over 64 KB; that ticket's Message-ID is read
 * from the database once.
 */
function watchTickets(server: TRunningServer) {
  const tickets = new Map<string, TTicketTimes>()
  const messageIdsById = new Map<string, Promise<string | undefined>>()
  const readMessageId = async (ticketId: string) => {
    const { rows } = await server.db.query<{ messageId: string | null }>(
      `select "rawJson"->>'MessageID' as "messageId" from tickets where id = $1`,
      [ticketId],
    )
    return rows[0]?.messageId ?? undefined
  }
  const record = (messageId: string, event: TDocumentEvent, at: number) => {
    const entry = tickets.get(messageId) ?? {}
    tickets.set(messageId, entry)
    if (event.action === 'create') entry.committedAt ??= at
    if (event.document.processing_status === 'completed') entry.analysedAt ??= at
  }
  const stop = server.bus.subscribe((event: TDocumentEvent) => {
    if (event.collectionId !== 'tickets') return
    const at = Date.now()
    if (event.document.rawJson === undefined) {
      const known = messageIdsById.get(event.documentId) ?? readMessageId(event.documentId)
      messageIdsById.set(event.documentId, known)
      void known.then((messageId) => messageId && record(messageId, event, at))
      return
    }
    const messageId = (event.document.rawJson as { MessageID?: string } | null)?.MessageID
    if (messageId) record(messageId, event, at)
  })
  return { tickets, stop }
}

function summarise(options: {
  sent: TSendTimes[]
  tickets: Map<string, TTicketTimes>
  dashboard: Map<string, TDashboardTicketTimes>
  outcomes: Record<string, number>
}): Omit<TPhaseReport, 'sendersCpuMs' | 'dashboardCpuMs' | 'foreignEvents' | 'serverCpuMs' | 'machine'> {
  const started = Math.min(...options.sent.map((t) => t.sentAt))
  // Each rate is over the time from the first send to the last of that milestone.
  const stats = (
    from: 'sentAt' | 'dataSentAt',
    pick: (sent: TSendTimes, bus: TTicketTimes, dashboard: TDashboardTicketTimes) => number | undefined,
  ) => {
    const ends = options.sent.flatMap((sent) => {
      const end = pick(
        sent,
        options.tickets.get(sent.id) ?? {},
        options.dashboard.get(sent.id) ?? { id: sent.id },
      )
      return end === undefined ? [] : [{ span: end - sent[from], end }]
    })
    const wallMs = Math.max(0, ...ends.map((e) => e.end)) - started
    return summariseLatencies(
      ends.map((e) => e.span),
      wallMs,
    )
  }
  return {
    messages: options.sent.length,
    outcomes: options.outcomes,
    acknowledged: stats('sentAt', (sent) => sent.ackAt),
    committed: stats('sentAt', (_, bus) => bus.committedAt),
    analysed: stats('sentAt', (_, bus) => bus.analysedAt),
    dataToAck: stats('dataSentAt', (sent) => sent.ackAt),
    shown: stats('dataSentAt', (_, __, dashboard) => dashboard.shownAt),
    shownAnalysed: stats('dataSentAt', (_, __, dashboard) => dashboard.analysedAt),
  }
}

async function countOutcomes(server: TRunningServer, mailbox: TBenchMailbox, since: number) {
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

/**
 * Until the senders are done, every mail is decided and every ticket shows analysed, on this process's bus
 * and on the dashboard. Fails with the senders, or when nothing moved for STALL_MS (a steady client
 * waiting for an event that never comes would otherwise wait forever).
 */
async function untilAllDecidedAndAnalysed(options: {
  server: TRunningServer
  mailbox: TBenchMailbox
  since: number
  sending: Promise<unknown>
  tickets: Map<string, TTicketTimes>
  /** Message-IDs whose `completed` update reached the dashboard. */
  onDashboard: Set<string>
  label: string
}): Promise<void> {
  let sent = false
  // Rejects with the senders' failure; never settles once they are done.
  const sendingFailed = options.sending.then(() => {
    sent = true
    return new Promise<never>(() => undefined)
  })
  sendingFailed.catch(() => undefined)
  let progress = ''
  let progressAt = Date.now()
  for (;;) {
    const outcomes = await countOutcomes(options.server, options.mailbox, options.since)
    const analysed = [...options.tickets.entries()].filter(
      ([id, times]) => id.startsWith(`${options.label}-`) && times.analysedAt !== undefined,
    ).length
    const tickets = outcomes.ticket ?? 0
    if (sent && !outcomes.received && analysed >= tickets && options.onDashboard.size >= tickets) return
    const now = `${JSON.stringify(outcomes)}, analysed on the bus ${analysed}, on the dashboard ${options.onDashboard.size}`
    if (now !== progress) {
      progress = now
      progressAt = Date.now()
    } else if (Date.now() - progressAt > STALL_MS) {
      throw new Error(`${options.label}: no progress for ${STALL_MS / 1000} s: ${now}`)
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, POLL_MS)), sendingFailed])
  }
}

/**
 * One phase: the senders send `count` messages; done once every one is decided and every ticket shows
 * analysed on the dashboard. In the steady phase each client sends its next mail only then.
 */
async function runPhase(options: {
  server: TRunningServer
  senders: ChildProcess
  dashboard: TDashboard
  phase: 'burst' | 'steady'
  count: number
  clients: number
  postgresDatabase: string | undefined
}): Promise<TPhaseReport> {
  const { server, senders, dashboard, phase } = options
  const mailbox = dashboard.mailbox
  const since = await lastSeq(server)
  const watch = watchTickets(server)
  const onDashboard = new Set<string>()
  const stopDashboard = dashboard.onAnalysed((id) => {
    if (!id.startsWith(`${phase}-`)) return
    onDashboard.add(id)
    if (phase === 'steady') senders.send({ kind: 'analysed', id } satisfies TSendersCommand)
  })
  const cpu = process.cpuUsage()
  const machineFrom = sampleCpu(options.postgresDatabase)
  try {
    const sending = send(senders, {
      kind: 'run',
      phase,
      port: server.smtpPort ?? 0,
      to: mailbox.address,
      label: phase,
      count: options.count,
      clients: options.clients,
    })
    await untilAllDecidedAndAnalysed({
      server,
      mailbox,
      since,
      sending,
      tickets: watch.tickets,
      onDashboard,
      label: phase,
    })
    const sent = await sending
    const used = process.cpuUsage(cpu)
    const machine = cpuShareBetween(machineFrom, sampleCpu(options.postgresDatabase))
    const seen = await dashboard.report(phase)
    return {
      ...summarise({
        sent: sent.times,
        tickets: watch.tickets,
        dashboard: new Map(seen.tickets.map((ticket) => [ticket.id, ticket])),
        outcomes: await countOutcomes(server, mailbox, since),
      }),
      sendersCpuMs: sent.cpuMs,
      dashboardCpuMs: seen.cpuMs,
      foreignEvents: seen.foreignEvents,
      serverCpuMs: (used.user + used.system) / 1000,
      machine,
    }
  } finally {
    stopDashboard()
    watch.stop()
  }
}

/**
 * One database: a fresh server, a burst, then a steady phase, the SMTP clients and an open dashboard (the
 * bench user signed in, its realtime socket subscribed to tickets) in processes of their own. The smtp and
 * http roles run in this process, with the worker role too or, with `workerProcesses` (Postgres only), in
 * that many processes of their own.
 */
export async function runIngestBench(options: {
  env: Record<string, string>
  burstMessages: number
  steadyMessages: number
  clients: number
  workerProcesses?: number
  /** The bench database's name on a local Postgres server, so its processes' CPU is told apart. */
  postgresDatabase?: string | undefined
  /** 50 on-create rules and a routed group in the workspace (automation-setup.ts), or none. */
  automation?: boolean
  /** 20 enabled templates in the workspace (templates-setup.ts), or none. */
  templates?: boolean
}): Promise<TIngestReport> {
  const env = {
    ...options.env,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SMTP_PORT: '0',
    SMTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    INBOUND_DOMAIN: 'inbound.bench',
    ...BURST_INTAKE_ENV,
    // DATABASE_THREAD=main: PGlite on the event loop's thread, as before decision 034, to compare.
    ...(process.env.DATABASE_THREAD ? { DATABASE_THREAD: process.env.DATABASE_THREAD } : {}),
  }
  const config = loadConfig(env)
  const workerProcesses = options.workerProcesses ?? 0
  const roles: TServerRole[] = workerProcesses > 0 ? ['smtp', 'http'] : ['smtp', 'http', 'worker']
  const server = await startServer({ config, roles: new Set(roles) })
  const workers: ChildProcess[] = []
  let senders: ChildProcess | undefined
  let dashboard: TDashboard | undefined
  try {
    senders = await startSenders()
    for (let i = 0; i < workerProcesses; i += 1) workers.push(await startWorkerProcess(env))
    if (!server.url) throw new Error('the bench server has no http role')
    dashboard = await openDashboard(server.url)
    if (options.automation) {
      await installAutomation(server, { mailboxId: dashboard.mailbox.id, userId: dashboard.userId })
    }
    if (options.templates) await installTemplates(server, { mailboxId: dashboard.mailbox.id })
    const common = {
      server,
      senders,
      dashboard,
      clients: options.clients,
      postgresDatabase: options.postgresDatabase,
    }
    const burst = await runPhase({ ...common, phase: 'burst', count: options.burstMessages })
    const steady = await runPhase({ ...common, phase: 'steady', count: options.steadyMessages })
    return { burst, steady }
  } finally {
    dashboard?.close()
    senders?.disconnect()
    await Promise.all(workers.map(stopWorkerProcess))
    await server.close()
  }
}
