import path from 'node:path'
import { Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TDatabase, TQueryable } from '../../db/database'
import { createLocalFileStorage } from '../../files/local-file-storage'
import { DATABASE_KINDS } from '../../testing/test-database'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { sendRaw, signUpWithMailbox, TEST_INBOUND_DOMAIN } from '../mail-test-kit'
import { createMessagesCollection } from '../messages/messages-collection'
import { createInboundProcessor } from './inbound-processor'

type TMail = { subject: string; messageId: string; from?: string; inReplyTo?: string; attachment?: string }

function email(mail: TMail): string {
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

/** The database, counting every statement sent through it (in transactions too). */
function countingDatabase(db: TDatabase): { db: TDatabase; count(): number } {
  let statements = 0
  const counting = (target: TQueryable): TQueryable['query'] =>
    ((sql: string, params?: readonly unknown[]) => {
      statements += 1
      return target.query(sql, params)
    }) as TQueryable['query']
  const counted: TDatabase = {
    kind: db.kind,
    query: counting(db),
    transaction: (fn) => db.transaction((tx) => fn({ query: counting(tx) })),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  }
  return { db: counted, count: () => statements }
}

describe.each(DATABASE_KINDS)('deciding a batch of deliveries together on %s', (database) => {
  // No worker role: deliveries stay in the inbound store until the test decides them, in batches it chooses.
  let server: TTestServer

  beforeAll(async () => {
    server = await startTestServer({
      database,
      roles: ['http', 'smtp'],
      env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN },
    })
  })
  afterAll(async () => {
    await server?.stop()
  })

  function processor(db = server.db) {
    return createInboundProcessor({
      db,
      bus: server.bus,
      storage: createLocalFileStorage({ dir: path.join(server.config.dataDir, 'files') }),
      tickets: server.tickets,
      messages: createMessagesCollection(),
      inboundDomain: TEST_INBOUND_DOMAIN,
    })
  }

  async function deliver(address: string, mails: TMail[]): Promise<string[]> {
    for (const mail of mails) {
      const sent = await sendRaw({ port: server.smtpPort ?? 0, to: address, raw: email(mail) })
      expect(sent.accepted).toBe(true)
    }
    const { rows } = await server.db.query<{ id: string }>(
      `select i.id from inbound_emails i join mailboxes m on m.id = i."mailboxId"
       where m.address = $1 and i."status" = 'received' order by i.seq`,
      [address],
    )
    return rows.map((row) => row.id)
  }

  it('threads, folds duplicates and files attachments within one batch as one by one', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const earlier = await deliver(mailbox.address, [
      { subject: 'Earlier', messageId: 'earlier@customer.example' },
    ])
    await processor().processInboundBatch(earlier.map((inboundId) => ({ inboundId, isLastAttempt: false })))

    const batch = await deliver(mailbox.address, [
      { subject: 'Printer', messageId: 'printer@customer.example', attachment: 'printer.log' },
      { subject: 'Invoice', messageId: 'invoice@customer.example' },
      {
        subject: 'Re: Printer',
        messageId: 'printer-2@customer.example',
        inReplyTo: 'printer@customer.example',
      },
      { subject: 'Invoice again', messageId: 'invoice@customer.example' },
      {
        subject: 'Re: Earlier',
        messageId: 'earlier-2@customer.example',
        inReplyTo: 'earlier@customer.example',
      },
      { subject: 'Scanner', messageId: 'scanner@customer.example', attachment: 'scan.txt' },
    ])
    // Handed over backwards, as pg-boss may hand a batch over in any order: decided as the mail arrived.
    const errors = await processor().processInboundBatch(
      [...batch].reverse().map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
    expect(errors).toEqual(batch.map(() => undefined))

    const inbound = await user.databases.listDocuments({
      databaseId: 'main',
      collectionId: 'inbound',
      queries: [Query.orderAsc('$sequence')],
    })
    expect(inbound.documents.map((d) => [d.subject, d.status])).toEqual([
      ['Earlier', 'ticket'],
      ['Printer', 'ticket'],
      ['Invoice', 'ticket'],
      ['Re: Printer', 'thread-message'],
      ['Invoice again', 'duplicate'],
      ['Re: Earlier', 'thread-message'],
      ['Scanner', 'ticket'],
    ])
    const ticketOf = (subject: string) => inbound.documents.find((d) => d.subject === subject)?.ticketId
    expect(ticketOf('Re: Printer')).toBe(ticketOf('Printer'))
    expect(ticketOf('Re: Earlier')).toBe(ticketOf('Earlier'))

    const tickets = await user.databases.listDocuments({
      databaseId: 'main',
      collectionId: 'tickets',
      queries: [Query.orderAsc('$sequence')],
    })
    expect(tickets.documents.map((t) => t.subject)).toEqual(['Earlier', 'Printer', 'Invoice', 'Scanner'])
    const files = await server.db.query<{ name: string; ticketId: string }>(
      'select "name", "ticketId" from files where "ticketId" = any($1::text[]) order by "name"',
      [tickets.documents.map((t) => t.$id)],
    )
    expect(files.rows).toEqual([
      { name: 'printer.log', ticketId: ticketOf('Printer') },
      { name: 'scan.txt', ticketId: ticketOf('Scanner') },
    ])
    const counted = await user.databases.listDocuments({ databaseId: 'main', collectionId: 'mailboxes' })
    expect(counted.documents[0]).toMatchObject({ received: 7, tickets: 4, threadMessages: 2, duplicates: 1 })
  })

  it('writes a batch of new tickets with as many statements for twenty mails as for five', async () => {
    const { mailbox } = await signUpWithMailbox(server.url)
    const statementsFor = async (count: number) => {
      const ids = await deliver(
        mailbox.address,
        Array.from({ length: count }, (_, index) => ({
          subject: `Question ${count}-${index}`,
          messageId: `q-${count}-${index}@customer.example`,
          attachment: `q-${index}.txt`,
        })),
      )
      const counting = countingDatabase(server.db)
      await processor(counting.db).processInboundBatch(
        ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
      )
      return counting.count()
    }
    const five = await statementsFor(5)
    expect(await statementsFor(20)).toBe(five)
  })
})
