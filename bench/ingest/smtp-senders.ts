import { buildBenchMessages, readBenchCorpus } from './bench-messages'
import { openBenchSmtpConnection, toSmtpData } from './bench-smtp-connection'

// The sending mail servers of the ingest benchmark, in a process of their own as they would be on other
// machines: the server's process then spends nothing on them (they still share this machine's cores), and
// with a lean SMTP client (bench-smtp-connection.ts) they take little of those.
// Driven over IPC by run-ingest.ts.

/** Date.now() when the client began the message (MAIL FROM), wrote its last DATA byte, and read the 250. */
export type TSendTimes = { id: string; sentAt: number; dataSentAt: number; ackAt: number }

export type TSendersCommand =
  | {
      kind: 'run'
      /** burst: as fast as the clients can send; steady: each client waits until its ticket shows analysed on the dashboard. */
      phase: 'burst' | 'steady'
      port: number
      to: string
      label: string
      count: number
      clients: number
    }
  | { kind: 'analysed'; id: string }

export type TSendersReport =
  | { kind: 'ready' }
  | { kind: 'done'; times: TSendTimes[]; cpuMs: number }
  | { kind: 'failed'; message: string }

const report = (message: TSendersReport) => process.send?.(message)

const files = await readBenchCorpus({ ticketsOnly: true })
const analysedWaiters = new Map<string, () => void>()
const analysedEarly = new Set<string>()

function whenAnalysed(id: string): Promise<void> {
  if (analysedEarly.delete(id)) return Promise.resolve()
  return new Promise((resolve) => analysedWaiters.set(id, resolve))
}

async function run(command: Extract<TSendersCommand, { kind: 'run' }>): Promise<TSendTimes[]> {
  // Each message is made ready for the wire before the clocks start, as a mail server's queue holds it.
  const messages = buildBenchMessages({ files, count: command.count, label: command.label }).map((m) => ({
    id: m.id,
    data: toSmtpData(m.raw),
  }))
  const times: TSendTimes[] = []
  let next = 0
  const client = async () => {
    const connection = await openBenchSmtpConnection(command.port)
    for (let index = next++; index < messages.length; index = next++) {
      const message = messages[index]!
      const analysed = command.phase === 'steady' ? whenAnalysed(message.id) : undefined
      const sentAt = Date.now()
      const { reply, dataSentAt } = await connection.send({
        from: 'bench@sender.example',
        to: command.to,
        data: message.data,
      })
      if (reply.code !== 250) throw new Error(`${message.id}: SMTP ${reply.code} ${reply.text}`)
      times.push({ id: message.id, sentAt, dataSentAt, ackAt: Date.now() })
      await analysed
    }
    connection.close()
  }
  await Promise.all(Array.from({ length: command.clients }, client))
  return times
}

process.on('message', (command: TSendersCommand) => {
  if (command.kind === 'analysed') {
    const waiter = analysedWaiters.get(command.id)
    if (waiter) {
      analysedWaiters.delete(command.id)
      waiter()
    } else analysedEarly.add(command.id)
    return
  }
  const cpu = process.cpuUsage()
  run(command).then(
    (times) => {
      const used = process.cpuUsage(cpu)
      report({ kind: 'done', times, cpuMs: (used.user + used.system) / 1000 })
    },
    (error: unknown) =>
      report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  )
})
process.on('disconnect', () => process.exit(0))
report({ kind: 'ready' })
