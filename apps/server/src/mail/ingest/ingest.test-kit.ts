import path from 'node:path'
import { expect } from 'vitest'
import { createMessagesCollection } from '../../conversations/messages-collection'
import { createReplyDelivery } from '../../conversations/reply-delivery'
import type { TLog } from '../../core/logger'
import type { TDatabase } from '../../db/database'
import type { TCollectionDefinition } from '../../documents/collection'
import { createLocalFileStorage } from '../../files/local-file-storage'
import { testLog } from '../../testing/test-log'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { findInboundsWithRaw } from '../inbound/inbound-repository'
import { sendRaw, TEST_INBOUND_DOMAIN } from '../mail.test-kit'
import { createInboundProcessor } from './inbound-processor'
import type { TMailDelivery, TPreparedDelivery } from './prepared-delivery'
import { triageDelivery } from './triage-delivery'

export type TTestMail = {
  subject: string
  messageId: string
  from?: string
  inReplyTo?: string
  attachment?: string
}

/** http and smtp but no worker: deliveries wait undecided until a test decides them, in batches it chooses. */
export function startUndecidingServer(database: 'pglite' | 'postgres'): Promise<TTestServer> {
  return startTestServer({ database, roles: ['http', 'smtp'], env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN } })
}

/** The delivery as mail, failing the test if triage took it for something else. */
export function mailOf(delivery: TPreparedDelivery | undefined): TMailDelivery {
  if (delivery?.kind !== 'mail') throw new Error('expected a delivery that triage took for mail')
  return delivery
}

/** A customer's mail as its server would send it, with an attachment when asked. */
export function testEmail(mail: TTestMail): string {
  const boundary = 'batch-boundary'
  const head = [
    `From: Customer <${mail.from ?? 'ada@customer.example'}>`,
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: ${mail.subject}`,
    `Message-ID: <${mail.messageId}>`,
    ...(mail.inReplyTo ? [`In-Reply-To: <${mail.inReplyTo}>`, `References: <${mail.inReplyTo}>`] : []),
    'MIME-Version: 1.0',
  ]
  if (!mail.attachment) {
    return [...head, 'Content-Type: text/plain; charset=utf-8', '', `About ${mail.subject}.`, ''].join('\r\n')
  }
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `About ${mail.subject}.`,
    `--${boundary}`,
    `Content-Type: text/plain; name="${mail.attachment}"`,
    `Content-Disposition: attachment; filename="${mail.attachment}"`,
    '',
    `contents of ${mail.attachment}`,
    `--${boundary}--`,
    '',
  ].join('\r\n')
}

/**
 * Sends mails over the server's SMTP (it must have no worker role, so they stay undecided) and returns
 * the ids of the mailbox's undecided deliveries, oldest first.
 */
export async function deliverMails(
  server: TTestServer,
  address: string,
  mails: TTestMail[],
): Promise<string[]> {
  for (const mail of mails) {
    const sent = await sendRaw({ port: server.smtpPort ?? 0, to: address, raw: testEmail(mail) })
    expect(sent.accepted).toBe(true)
  }
  const { rows } = await server.db.query<{ id: string }>(
    `select i.id from inbound_emails i join mailboxes m on m.id = i."mailboxId"
     where m.address = $1 and i."status" = 'received' order by i.seq`,
    [address],
  )
  return rows.map((row) => row.id)
}

/** Stored deliveries as triage leaves them, without attachment files. */
export async function prepareStored(server: TTestServer, inboundIds: string[]): Promise<TPreparedDelivery[]> {
  const stored = await findInboundsWithRaw(server.db, inboundIds)
  const prepared: TPreparedDelivery[] = []
  for (const id of inboundIds) {
    const inbound = stored.get(id)
    if (!inbound) throw new Error(`delivery ${id} is not stored`)
    const triage = await triageDelivery(inbound, { inboundDomain: TEST_INBOUND_DOMAIN })
    prepared.push(triage.kind === 'mail' ? { ...triage, inbound, written: [] } : { ...triage, inbound })
  }
  return prepared
}

/** Replies' delivery on their tickets, as the server's ingest and outbox record it. */
export function testReplyDelivery(server: TTestServer, messages: TCollectionDefinition) {
  return createReplyDelivery({ db: server.db, bus: server.bus, tickets: server.tickets.collection, messages })
}

/** The server's ingest, to run by hand on the deliveries a test chooses. */
export function createTestProcessor(server: TTestServer, db: TDatabase = server.db, log: TLog = testLog) {
  const messages = createMessagesCollection()
  return createInboundProcessor({
    db,
    bus: server.bus,
    storage: createLocalFileStorage({ dir: path.join(server.config.dataDir, 'files') }),
    tickets: server.tickets,
    messages,
    delivery: testReplyDelivery(server, messages),
    inboundDomain: TEST_INBOUND_DOMAIN,
    log,
  })
}
