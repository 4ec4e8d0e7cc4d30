import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { OutboundMailKind } from '@parsedesk/contracts'
import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import type { TOutboundMail } from './outbox-service'

/** What the test relay says to a connection, a recipient or a message: take it, or refuse with a reply. */
export type TRelayAnswer = 'accept' | { code: number; message: string }

export type TArrivedMail = {
  raw: string
  email: Email
  messageId: string
  envelope: { from: string; to: string[] }
  /** The user the sender signed in as. */
  user: string | undefined
  /** Whether the session was encrypted (STARTTLS) when the mail came. */
  secure: boolean
}

export type TTestRelay = {
  /** SMTP_RELAY_URL for a server that relays through this one. */
  url: string
  port: number
  /** Every mail answered 250, in order of arrival. */
  arrived: TArrivedMail[]
  /** How many times each Message-ID was answered 250. */
  countOf(messageId: string): number
  /** Connections refused at the greeting so far. */
  refusedConnections(): number
  /** Refuses the next `count` connections at the greeting with this reply. */
  refuseNextConnections(count: number, reply: { code: number; message: string }): void
  /** Decides each recipient; default: every one is taken. */
  answerRecipients(answer: (address: string) => TRelayAnswer): void
  /**
   * Decides each message once its bytes are in, told how many times its Message-ID came (this time
   * included); may act before answering (kill the sender, say). Default: 250.
   */
  answerMessages(answer: (messageId: string, tries: number) => TRelayAnswer | Promise<TRelayAnswer>): void
  close(): Promise<void>
}

const RELAY_USER = 'parsedesk'
// Characters a URL must escape, so the server is shown to decode the password it is given.
const RELAY_PASSWORD = 'relay p@ss/word'

function smtpReply(answer: { code: number; message: string }): Error {
  return Object.assign(new Error(answer.message), { responseCode: answer.code })
}

/**
 * A real SMTP server on 127.0.0.1 standing in for the relay: it asks for the password in the URL it
 * hands out and keeps what it takes. With `tls` it offers STARTTLS with that certificate; without, it
 * offers none (a client would not trust smtp-server's own).
 */
export async function startTestRelay(options: { tls?: TRelayCertificate } = {}): Promise<TTestRelay> {
  const arrived: TArrivedMail[] = []
  const tries = new Map<string, number>()
  const closed = new Set<string>()
  let refusals: { count: number; reply: { code: number; message: string } } = {
    count: 0,
    reply: { code: 421, message: '' },
  }
  let refused = 0
  let answerRecipient: (address: string) => TRelayAnswer = () => 'accept'
  let answerMessage: (messageId: string, tries: number) => TRelayAnswer | Promise<TRelayAnswer> = () =>
    'accept'

  const server = new SMTPServer({
    name: 'relay.test',
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { disabledCommands: ['STARTTLS'] }),
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      if (refusals.count > 0) {
        refusals.count -= 1
        refused += 1
        return callback(smtpReply(refusals.reply))
      }
      callback()
    },
    onAuth(auth, _session, callback) {
      if (auth.username === RELAY_USER && auth.password === RELAY_PASSWORD) {
        return callback(null, { user: auth.username })
      }
      callback(smtpReply({ code: 535, message: '5.7.8 authentication failed' }))
    },
    onRcptTo(address, _session, callback) {
      const answer = answerRecipient(address.address)
      callback(answer === 'accept' ? undefined : smtpReply(answer))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks).toString('utf8')
          const email = await PostalMime.parse(raw)
          const messageId = email.messageId ?? ''
          const seen = (tries.get(messageId) ?? 0) + 1
          tries.set(messageId, seen)
          const answer = await answerMessage(messageId, seen)
          if (answer !== 'accept') return callback(smtpReply(answer))
          // A sender gone while we decided never hears the 250: for it, the mail did not arrive.
          if (closed.has(session.id)) return callback(smtpReply({ code: 421, message: 'gone' }))
          arrived.push({
            raw,
            email,
            messageId,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            user: typeof session.user === 'string' ? session.user : undefined,
            secure: session.secure,
          })
          callback(null, 'queued by the test relay')
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)))
        }
      })
    },
    onClose(session) {
      closed.add(session.id)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${RELAY_USER}:${encodeURIComponent(RELAY_PASSWORD)}@127.0.0.1:${port}`,
    port,
    arrived,
    countOf: (messageId) => arrived.filter((mail) => mail.messageId === messageId).length,
    refusedConnections: () => refused,
    refuseNextConnections(count, reply) {
      refusals = { count, reply }
    },
    answerRecipients(answer) {
      answerRecipient = answer
    },
    answerMessages(answer) {
      answerMessage = answer
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The first link in a mail's text, as its reader would open it. */
export function linkIn(mail: TArrivedMail): URL | undefined {
  const found = String(mail.email.text ?? '').match(/https?:\/\/\S+/)?.[0]
  return found ? new URL(found) : undefined
}

export type TRelayCertificate = { key: string; cert: string; certPath: string }

/**
 * A self-signed certificate for 127.0.0.1 in `dir` (openssl), for a relay whose STARTTLS a server
 * process trusts through NODE_EXTRA_CA_CERTS=certPath; undefined when openssl is not installed.
 */
export function relayCertificate(dir: string): TRelayCertificate | undefined {
  const keyPath = path.join(dir, 'relay-key.pem')
  const certPath = path.join(dir, 'relay-cert.pem')
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
        ...['-keyout', keyPath, '-out', certPath],
        ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    )
  } catch {
    return undefined
  }
  return { key: fs.readFileSync(keyPath, 'utf8'), cert: fs.readFileSync(certPath, 'utf8'), certPath }
}

let counter = 0

/** A verification mail to `to`, readable by `ownerId`, under a key no other test uses. */
export function verificationMail(ownerId: string, overrides: Partial<TOutboundMail> = {}): TOutboundMail {
  counter += 1
  return {
    kind: OutboundMailKind.verification,
    idempotencyKey: `verification:${ownerId}:${Date.now()}:${counter}`,
    ownerId,
    readableBy: [`user:${ownerId}`],
    to: [`customer${counter}@customer.test`],
    subject: `Verify your address ${counter}`,
    text: `Open the link to verify your address (${counter}).`,
    ...overrides,
  }
}

/** An RSA key pair for DKIM: the private key as a server reads it, the public key as DNS would publish it. */
export function dkimKeys(): { privateKey: string; publicKey: string } {
  return crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
}

type THeaderField = { name: string; text: string }

/** The header fields of a raw message, folded lines joined to their field, as written. */
function headerFields(raw: string): { fields: THeaderField[]; body: string } {
  const end = raw.indexOf('\r\n\r\n')
  const head = end < 0 ? raw : raw.slice(0, end)
  const body = end < 0 ? '' : raw.slice(end + 4)
  const fields: THeaderField[] = []
  for (const line of head.split('\r\n')) {
    const last = fields[fields.length - 1]
    if (/^[ \t]/.test(line) && last) last.text += `\r\n${line}`
    else fields.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), text: line })
  }
  return { fields, body }
}

/** RFC 6376's relaxed header canonicalisation of one field, without its line end. */
function relaxedHeader(text: string): string {
  const colon = text.indexOf(':')
  const name = text.slice(0, colon).trim().toLowerCase()
  const value = text
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()
  return `${name}:${value}`
}

/** RFC 6376's relaxed body canonicalisation. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`
}

/**
 * Checks a message's DKIM signature (relaxed/relaxed, rsa-sha256) against a public key, as a receiver
 * would with the key from DNS: the body hash, then the signature over the signed headers. Returns the
 * signature's tags.
 */
export function verifyDkim(raw: string, publicKey: string): Record<string, string> {
  const { fields, body } = headerFields(raw)
  const signature = fields.find((field) => field.name === 'dkim-signature')
  if (!signature) throw new Error('no DKIM-Signature header')
  const tags = Object.fromEntries(
    relaxedHeader(signature.text)
      .slice('dkim-signature:'.length)
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => [
        tag.slice(0, tag.indexOf('=')).trim(),
        tag.slice(tag.indexOf('=') + 1).replace(/\s+/g, ''),
      ]),
  ) as Record<string, string>
  if (tags.a !== 'rsa-sha256' || tags.c !== 'relaxed/relaxed') {
    throw new Error(`unexpected DKIM algorithm ${tags.a} or canonicalisation ${tags.c}`)
  }
  const bodyHash = crypto.createHash('sha256').update(relaxedBody(body)).digest('base64')
  if (bodyHash !== tags.bh) throw new Error(`body hash ${bodyHash} is not the signed ${tags.bh}`)
  const unused = [...fields]
  const signed = (tags.h ?? '').split(':').flatMap((name) => {
    const index = unused.findLastIndex((field) => field.name === name.trim().toLowerCase())
    if (index < 0) return []
    const [field] = unused.splice(index, 1)
    return field ? [`${relaxedHeader(field.text)}\r\n`] : []
  })
  const withoutSignature = relaxedHeader(signature.text.replace(/(^|;)(\s*b\s*=)[^;]*/, '$1$2'))
  const verifier = crypto.createVerify('RSA-SHA256')
  verifier.update(signed.join('') + withoutSignature)
  if (!verifier.verify(publicKey, tags.b ?? '', 'base64'))
    throw new Error('the DKIM signature does not verify')
  return tags
}
