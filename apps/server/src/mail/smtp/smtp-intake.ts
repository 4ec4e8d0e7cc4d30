import fs from 'node:fs'
import type net from 'node:net'
import type { Readable } from 'node:stream'
import { IntakeBacklogMessages, IntakeLimitMessages } from '@parsedesk/contracts'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import type { TLog } from '../../core/logger'
import type { TDatabase } from '../../db/database'
import type { TAcceptedInboundEmail } from '../inbound/accept-inbound-email'
import { IntakeBehindError } from '../inbound/intake-backlog'
import { IntakeLimitedError } from '../intake-limits/intake-limited-error'
import { canonicalRecipient } from '../mailboxes/mailbox-address'
import { createMailboxLookup, type TMailboxRow } from '../mailboxes/mailbox-repository'
import type { TReturnPathRecipient, TReturnPathRecipients } from './return-path-recipients'
import { smtpError } from './smtp-errors'

/** Why a mail or a session was refused (a metrics label). */
export type TSmtpRefusal =
  | 'relay-denied'
  | 'unknown-recipient'
  | 'too-large'
  | 'too-many-recipients'
  | 'too-many-connections'
  | 'no-valid-recipients'
  | 'lookup-failed'
  | 'store-failed'
  | 'intake-behind'

export type TSmtpIntakeOptions = {
  db: TDatabase
  port: number
  host: string
  maxBytes: number
  inboundDomain: string
  tlsKeyPath?: string | undefined
  tlsCertPath?: string | undefined
  /** Commits one delivery to the inbound store; SMTP answers 250 only after it resolves. */
  accept(options: {
    mailbox: TMailboxRow
    raw: Buffer
    envelopeFrom: string
    returnedMailId?: string
  }): Promise<TAcceptedInboundEmail>
  /** Replies' return paths, taken at RCPT like parsing addresses (decision 028). */
  returnPaths?: TReturnPathRecipients
  /** How long a mailbox found at RCPT is kept for the next RCPT to its address (default 2 s). */
  mailboxLookupTtlMs?: number
  /** Connections one client address may hold at once (default SMTP_LIMITS.connectionsPerAddress). */
  maxConnectionsPerAddress?: number
  /** How long one connection may last, whatever it sends (default SMTP_LIMITS.sessionMs). */
  maxSessionMs?: number
  log: TLog
  /** Told of every refusal, by reason (metrics). */
  onRefused?(reason: TSmtpRefusal): void
}

export type TSmtpIntake = { port: number; isListening(): boolean; close(): Promise<void> }

export const SMTP_LIMITS = {
  recipients: 20,
  // Each connection may hold a whole message in memory; beyond this, senders get 421 and retry later.
  clients: 200,
  // So one address cannot take every slot; a big provider spreads its connections over many addresses.
  connectionsPerAddress: 20,
  // A client idle this long is told 421 and dropped.
  idleMs: 60_000,
  // Trickling a byte now and then defeats the idle timeout, so a connection also has a lifetime: long
  // enough for a 25 MB message at 50 KB/s. A message cut off gets no 250, and its sender retries.
  sessionMs: 15 * 60_000,
} as const
const CLOSE_TIMEOUT_MS = 5_000

/** A parsing address's mailbox, or a reply's return path with its workspace's mailbox. */
type TIntakeRecipient = { mailbox: TMailboxRow; returnedMailId?: undefined } | TReturnPathRecipient

/** Two RCPTs of one address are one recipient; two replies' return paths are two (their mails differ). */
function recipientKey(address: string): string {
  return address.trim().toLowerCase()
}

// Senders keep writing to the same few mailboxes: each is looked up once per this long (see docs/mail.md).
const MAILBOX_LOOKUP_TTL_MS = 2_000

/**
 * A delivery deferred for coming too fast (decision 029): 451 4.7.1, so the sending server keeps the mail
 * and tries again. To several mailboxes, one deferral defers the lot; the others' copies then come
 * again as recorded duplicates, never as second tickets.
 */
function intakeLimitReply(error: IntakeLimitedError): Error & { responseCode: number } {
  return smtpError(451, `4.7.1 ${IntakeLimitMessages.smtp(error.scope, error.limit)}`)
}

function readTls(options: TSmtpIntakeOptions): { key: Buffer; cert: Buffer } | undefined {
  if (!options.tlsKeyPath && !options.tlsCertPath) return undefined
  if (!options.tlsKeyPath || !options.tlsCertPath) {
    throw new Error('SMTP_TLS_KEY and SMTP_TLS_CERT: set both to offer STARTTLS, or neither')
  }
  return { key: fs.readFileSync(options.tlsKeyPath), cert: fs.readFileSync(options.tlsCertPath) }
}

/** Reads DATA to the end; beyond `maxBytes` keeps counting but stops holding bytes. */
async function readMessage(stream: Readable, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= maxBytes) chunks.push(chunk)
  }
  return size > maxBytes || (stream as { sizeExceeded?: boolean }).sizeExceeded
    ? undefined
    : Buffer.concat(chunks)
}

/**
 * The built-in inbound SMTP server: mail only for known parsing addresses (550 otherwise), at most
 * `maxBytes` (552 beyond), STARTTLS when a certificate is configured, and 250 only once the message is
 * committed to the inbound store (451 when it could not be, so the sending server retries).
 */
export async function startSmtpIntake(options: TSmtpIntakeOptions): Promise<TSmtpIntake> {
  const { log } = options
  const tls = readTls(options)
  // Mailboxes found at RCPT, per session and address; DATA delivers to the envelope smtp-server kept (RSET-aware).
  const recipients = new Map<string, Map<string, TIntakeRecipient>>()
  const mailboxes = createMailboxLookup({
    db: options.db,
    ttlMs: options.mailboxLookupTtlMs ?? MAILBOX_LOOKUP_TTL_MS,
  })
  const domain = options.inboundDomain.toLowerCase()
  const maxPerAddress = options.maxConnectionsPerAddress ?? SMTP_LIMITS.connectionsPerAddress
  const maxSessionMs = options.maxSessionMs ?? SMTP_LIMITS.sessionMs
  // Counted in onConnect and released in onClose, which smtp-server calls for refused sessions too.
  const connectionsByAddress = new Map<string, number>()
  const counted = new Map<string, string>()
  const refuse = (reason: TSmtpRefusal, code: number, message: string) => {
    options.onRefused?.(reason)
    return smtpError(code, message)
  }

  const server = new SMTPServer({
    name: domain,
    banner: 'Parsedesk inbound mail',
    size: options.maxBytes,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    logger: false,
    maxClients: SMTP_LIMITS.clients,
    socketTimeout: SMTP_LIMITS.idleMs,
    closeTimeout: CLOSE_TIMEOUT_MS,
    // A PTR lookup per connection costs a DNS round trip and tells us nothing we act on.
    disableReverseLookup: true,
    onConnect(session, callback) {
      const address = session.remoteAddress
      const open = connectionsByAddress.get(address) ?? 0
      if (open >= maxPerAddress) {
        return callback(
          refuse('too-many-connections', 421, 'Too many connections from your address, try again later'),
        )
      }
      connectionsByAddress.set(address, open + 1)
      counted.set(session.id, address)
      callback()
    },
    onMailFrom(address, _session, callback) {
      const args = address.args || {}
      const declared = Number(args.SIZE ?? 0)
      if (declared > options.maxBytes) {
        return callback(
          refuse('too-large', 552, `Message size exceeds the fixed limit of ${options.maxBytes} bytes`),
        )
      }
      callback()
    },
    onRcptTo(address, session, callback) {
      const canonical = canonicalRecipient(address.address)
      if (!canonical.endsWith(`@${domain}`)) {
        return callback(
          refuse(
            'relay-denied',
            550,
            `${address.address}: relay not permitted, we only accept mail for ${domain}`,
          ),
        )
      }
      if (session.envelope.rcptTo.length >= SMTP_LIMITS.recipients) {
        return callback(refuse('too-many-recipients', 452, 'Too many recipients'))
      }
      const returnPath = options.returnPaths?.find(address.address)
      const found = returnPath ?? mailboxes.findByAddress(canonical).then((mailbox) => mailbox && { mailbox })
      found.then(
        (recipient) => {
          const what = returnPath ? 'return path' : 'parsing address'
          if (!recipient)
            return callback(refuse('unknown-recipient', 550, `${address.address}: no such ${what}`))
          const known = recipients.get(session.id) ?? new Map<string, TIntakeRecipient>()
          recipients.set(session.id, known.set(recipientKey(address.address), recipient))
          callback()
        },
        (error: unknown) => {
          log('recipient lookup failed', error)
          callback(
            refuse('lookup-failed', 451, 'Temporary failure looking up the recipient, try again later'),
          )
        },
      )
    },
    onData(stream, session: SMTPServerSession, callback) {
      const known = recipients.get(session.id)
      const deliverTo = [
        ...new Map(
          session.envelope.rcptTo.flatMap((rcpt) => {
            const recipient = known?.get(recipientKey(rcpt.address))
            return recipient
              ? [[`${recipient.mailbox.id} ${recipient.returnedMailId}`, recipient] as const]
              : []
          }),
        ).values(),
      ]
      readMessage(stream, options.maxBytes)
        .then(async (raw) => {
          if (!raw)
            return callback(
              refuse('too-large', 552, `Message size exceeds the fixed limit of ${options.maxBytes} bytes`),
            )
          if (deliverTo.length === 0)
            return callback(refuse('no-valid-recipients', 554, 'No valid recipients'))
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
          // Together, so one group commits them all.
          const accepted = await Promise.all(
            deliverTo.map((recipient) => options.accept({ ...recipient, raw, envelopeFrom })),
          )
          // No delivery id in the reply: it is ours, and a sender has no use for it.
          callback(null, accepted.length === 1 ? 'Queued' : `Queued for ${accepted.length} mailboxes`)
        })
        .catch((error: unknown) => {
          // Counted and logged by the intake limits, once for every channel.
          if (error instanceof IntakeLimitedError) return callback(intakeLimitReply(error))
          // Back-pressure (decision 031): the sending server keeps the mail while ours waits to be decided.
          if (error instanceof IntakeBehindError)
            return callback(refuse('intake-behind', 451, `4.3.2 ${IntakeBacklogMessages.smtp}`))
          log('storing a message failed', error)
          callback(refuse('store-failed', 451, 'Temporary failure storing the message, try again later'))
        })
    },
    onClose(session) {
      recipients.delete(session.id)
      const address = counted.get(session.id)
      if (address === undefined) return
      counted.delete(session.id)
      const open = (connectionsByAddress.get(address) ?? 1) - 1
      if (open > 0) connectionsByAddress.set(address, open)
      else connectionsByAddress.delete(address)
    },
  })
  server.on('error', (error) => log('server error', error))
  // The lifetime is kept on the socket itself: nothing the client sends can extend it.
  server.server.on('connection', (socket: net.Socket) => {
    const deadline = setTimeout(() => socket.destroy(), maxSessionMs)
    deadline.unref()
    socket.once('close', () => clearTimeout(deadline))
  })

  const listening: net.Server = await new Promise((resolve, reject) => {
    const netServer = server.listen(options.port, options.host, () => resolve(netServer))
    netServer.once('error', reject)
  })
  const port = (listening.address() as net.AddressInfo).port
  return {
    port,
    isListening: () => listening.listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
