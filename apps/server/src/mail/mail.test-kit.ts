import { type Models, Query } from 'appwrite'
import nodemailer from 'nodemailer'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'

export const TEST_INBOUND_DOMAIN = 'inbound.test'

export type TMailTestServer = TTestServer & { smtpPort: number }

/** http, smtp and worker in one process on a fresh database, SMTP on a free port. */
export async function startMailTestServer(options: {
  database: 'pglite' | 'postgres'
  env?: Record<string, string>
}): Promise<TMailTestServer> {
  const server = await startTestServer({
    database: options.database,
    roles: ['http', 'smtp', 'worker'],
    env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN, ...options.env },
  })
  if (!server.smtpPort) throw new Error('the mail test server needs the smtp role')
  return { ...server, smtpPort: server.smtpPort }
}

export type TMailboxDocument = Models.Document & {
  address: string
  received: number
  tickets: number
  threadMessages: number
  duplicates: number
  autoReplies: number
  bounces: number
  loops: number
  rejected: number
}

/** The signed-in user's parsing mailbox, as the dashboard reads it. */
export async function readMailbox(user: TSdkUser): Promise<TMailboxDocument> {
  const list = await user.databases.listDocuments<TMailboxDocument>({
    databaseId: 'main',
    collectionId: 'mailboxes',
  })
  const mailbox = list.documents[0]
  if (!mailbox) throw new Error('the user has no mailbox')
  return mailbox
}

export async function signUpWithMailbox(serverUrl: string, name?: string) {
  const user = await signUpUser(serverUrl, name)
  return { user, mailbox: await readMailbox(user) }
}

export type TSmtpResult = { accepted: boolean; code: number; response: string }

/** Delivers raw bytes over real SMTP, as a sending mail server would; never throws on a 4xx/5xx. */
export async function sendRaw(options: {
  port: number
  to: string | string[]
  raw: Buffer | string
  from?: string
}): Promise<TSmtpResult> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: options.port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 10_000,
  })
  try {
    const info = await transport.sendMail({
      envelope: { from: options.from ?? 'sender@example.org', to: options.to },
      raw: options.raw,
    })
    return { accepted: true, code: 250, response: info.response }
  } catch (error) {
    const failure = error as { responseCode?: number; response?: string; message: string }
    return { accepted: false, code: failure.responseCode ?? 0, response: failure.response ?? failure.message }
  } finally {
    transport.close()
  }
}

/** The session secret the SDK client carries, for requests the SDK only hands out as URLs (downloads). */
export function sessionOf(user: TSdkUser): string {
  return (user.client as unknown as { config: { session: string } }).config.session
}

export type TInboundDocument = Models.Document & {
  status: string
  reason: string | null
  ticketId: string | null
  threadMessageId: string | null
  subject: string | null
  from: string | null
  duplicateOf: string | null
}

/** Waits until `count` deliveries to the user's mailbox are decided; returns them all, oldest first. */
export async function waitForDecided(user: TSdkUser, count: number, timeoutMs = 30_000) {
  return waitForValue(
    async () => {
      const list = await user.databases.listDocuments<TInboundDocument>({
        databaseId: 'main',
        collectionId: 'inbound',
        queries: [Query.limit(5000), Query.orderAsc('$sequence')],
      })
      const decided = list.documents.filter((d) => d.status !== 'received')
      return decided.length >= count && list.documents.length === decided.length ? list.documents : undefined
    },
    { timeoutMs, what: `${count} decided deliveries` },
  )
}

/** A customer's mail to `to` with a small PDF attached, named after `subject`. */
export function mailWithAttachment(to: string, subject: string): string {
  return [
    'From: Ada Customer <ada@customer.example>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W/g, '-')}-${Date.now()}@customer.example>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    `${subject}: see the invoice`,
    '--b',
    `Content-Type: application/pdf; name="${subject}.pdf"`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(`%PDF-1.4 ${subject}`).toString('base64'),
    '--b--',
    '',
  ].join('\r\n')
}
