import nodemailer from 'nodemailer'
import { insertUser } from '../../apps/server/src/accounts/users-repository'
import { loadConfig } from '../../apps/server/src/config/config'
import { ensureMailbox } from '../../apps/server/src/mail/mailboxes/mailbox-repository'
import { startServer } from '../../apps/server/src/server'
import { freePort } from '../../apps/server/src/testing/free-port'
import { summariseLatencies, type TLatencyStats } from '../api/latency-stats'
import { buildBenchMessages } from './bench-messages'

export type TIngestReport = {
  messages: number
  outcomes: Record<string, number>
  /** SMTP send start to the 250 reply. */
  acknowledged: TLatencyStats
  /** SMTP send start to the committed decision (ticket, thread message, ...). */
  committed: TLatencyStats
  /** SMTP send start to the ticket's analysis completed. */
  analysed: TLatencyStats
}

type TTimes = { sentAt: number; ackAt: number }

const POLL_MS = 200

async function sendAll(options: {
  smtpPort: number
  to: string
  messages: { id: string; raw: Buffer }[]
  clients: number
}): Promise<Map<string, TTimes>> {
  const times = new Map<string, TTimes>()
  let next = 0
  const client = async () => {
    // One connection per client, reused, as a sending MTA does.
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: options.smtpPort,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Number.POSITIVE_INFINITY,
    })
    for (let index = next++; index < options.messages.length; index = next++) {
      const message = options.messages[index]!
      const sentAt = Date.now()
      await transport.sendMail({
        envelope: { from: 'bench@sender.example', to: options.to },
        raw: message.raw,
      })
      times.set(message.id, { sentAt, ackAt: Date.now() })
    }
    transport.close()
  }
  await Promise.all(Array.from({ length: options.clients }, client))
  return times
}

/** One run: a fresh server (smtp and worker roles in this process), `clients` SMTP clients, every delivery decided. */
export async function runIngestBench(options: {
  env: Record<string, string>
  messages: number
  clients: number
}): Promise<TIngestReport> {
  const config = loadConfig({
    ...options.env,
    PORT: String(await freePort()),
    SMTP_PORT: '0',
    SMTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    INBOUND_DOMAIN: 'inbound.bench',
  })
  const server = await startServer({ config, roles: new Set(['smtp', 'worker']) })
  try {
    const user = await insertUser(server.db, {
      id: 'bench-user',
      email: 'bench@owner.example',
      name: 'Bench',
      passwordHash: null,
    })
    const mailbox = await ensureMailbox(server.db, { user, domain: config.inboundDomain })
    const messages = buildBenchMessages(options.messages)
    const started = Date.now()
    const times = await sendAll({
      smtpPort: server.smtpPort ?? 0,
      to: mailbox.address,
      messages,
      clients: options.clients,
    })
    const sentWallMs = Date.now() - started

    type TRow = { messageId: string; status: string; processedAt: Date | null; analysedAt: Date | null }
    const readRows = async () =>
      (
        await server.db.query<TRow>(
          `select i."messageId", i.status, i."processedAt",
             case when t.processing_status in ('completed', 'failed') then t.updated_at end as "analysedAt",
             t.processing_status as "processing"
           from inbound_emails i left join tickets t on t.id = i."ticketId" where i."mailboxId" = $1`,
          [mailbox.id],
        )
      ).rows
    let rows = await readRows()
    const isDone = (all: TRow[]) =>
      all.length >= messages.length &&
      all.every((r) => r.status !== 'received' && (r.status !== 'ticket' || r.analysedAt))
    while (!isDone(rows)) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      rows = await readRows()
    }

    const outcomes: Record<string, number> = {}
    const acknowledged: number[] = []
    const committed: number[] = []
    const analysed: number[] = []
    let lastCommitted = started
    let lastAnalysed = started
    for (const row of rows) {
      outcomes[row.status] = (outcomes[row.status] ?? 0) + 1
      const sent = times.get(row.messageId)
      if (!sent || !row.processedAt) continue
      acknowledged.push(sent.ackAt - sent.sentAt)
      committed.push(row.processedAt.getTime() - sent.sentAt)
      lastCommitted = Math.max(lastCommitted, row.processedAt.getTime())
      if (row.analysedAt) {
        analysed.push(row.analysedAt.getTime() - sent.sentAt)
        lastAnalysed = Math.max(lastAnalysed, row.analysedAt.getTime())
      }
    }
    return {
      messages: messages.length,
      outcomes,
      acknowledged: summariseLatencies(acknowledged, sentWallMs),
      committed: summariseLatencies(committed, lastCommitted - started),
      analysed: summariseLatencies(analysed, lastAnalysed - started),
    }
  } finally {
    await server.close()
  }
}
