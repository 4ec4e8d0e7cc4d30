import { CollectionId, DATABASE_ID, RoutingStrategy } from '@parsedesk/contracts'
import { ID, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TLog } from '../../core/logger'
import type { TDatabase, TQueryable } from '../../db/database'
import { DATABASE_KINDS } from '../../testing/test-database'
import type { TTestServer } from '../../testing/test-server'
import { sendRaw, signUpWithMailbox } from '../mail.test-kit'
import { createTestProcessor, deliverMails, startUndecidingServer, type TTestMail } from './ingest.test-kit'

/** The database, failing every statement that matches `pattern` (in transactions too). */
function failingDatabase(db: TDatabase, pattern: RegExp): TDatabase {
  const failing = (target: TQueryable): TQueryable['query'] =>
    ((sql: string, params?: readonly unknown[]) =>
      pattern.test(sql)
        ? Promise.reject(new Error('the disk is full'))
        : target.query(sql, params)) as TQueryable['query']
  return {
    kind: db.kind,
    query: failing(db),
    transaction: (fn) => db.transaction((tx) => fn({ query: failing(tx), inTransaction: true })),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  }
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
    transaction: (fn) => db.transaction((tx) => fn({ query: counting(tx), inTransaction: true })),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  }
  return { db: counted, count: () => statements }
}

describe.each(DATABASE_KINDS)('deciding a batch of deliveries together on %s', (database) => {
  // No worker role: deliveries stay in the inbound store until the test decides them, in batches it chooses.
  let server: TTestServer

  beforeAll(async () => {
    server = await startUndecidingServer(database)
  })
  afterAll(async () => {
    await server?.stop()
  })

  function processor(db = server.db, log?: TLog) {
    return createTestProcessor(server, db, log)
  }

  function deliver(address: string, mails: TTestMail[]): Promise<string[]> {
    return deliverMails(server, address, mails)
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

  it('runs 50 rules and routing on a batch in a few statements more, as many for twenty mails as for five', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const teamId = (await new Teams(user.client).list()).teams[0]?.$id ?? ''
    const statementsFor = async (count: number) => {
      const ids = await deliver(
        mailbox.address,
        Array.from({ length: count }, (_, index) => ({
          subject: `Routed ${count}-${index}`,
          messageId: `routed-${count}-${index}-${ID.unique()}@customer.example`,
        })),
      )
      const counting = countingDatabase(server.db)
      await processor(counting.db).processInboundBatch(
        ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
      )
      return counting.count()
    }
    const plain = await statementsFor(5)
    const group = await user.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.groups,
      documentId: ID.unique(),
      data: {
        teamId,
        name: 'Routed',
        strategy: RoutingStrategy.roundRobin,
        cap: 100,
        memberIds: [user.userId],
      },
    })
    for (let position = 1; position <= 50; position += 1) {
      const last = position === 50
      await user.databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.rules,
        documentId: ID.unique(),
        data: {
          teamId,
          name: last ? 'Into the routed group' : `Keyword ${position}`,
          kind: 'on-create',
          position,
          conditions: last
            ? { type: 'group', match: 'all', conditions: [] }
            : {
                type: 'group',
                match: 'any',
                conditions: [
                  {
                    type: 'condition',
                    field: 'message.subject',
                    operator: 'contains',
                    value: `word-${position}`,
                  },
                ],
              },
          actions: last ? [{ type: 'set-group', groupId: group.$id }] : [{ type: 'add-tags', tags: ['kw'] }],
        },
      })
    }
    // The first batch after the rules' change reads them once; those after it keep them (the version moved).
    const first = await statementsFor(5)
    const automated = await statementsFor(5)
    expect(first).toBe(automated + 1)
    // Routing's lock with its groups and their members (one call); one update of each ticket for the rules'
    // group and routing's agent. Keyword rules read nothing beside the mail and the ticket; the events go
    // with the mail's, in one statement, which also marks the members' last routed times (migration 065).
    expect(automated - plain).toBeLessThanOrEqual(2)
    expect(await statementsFor(20)).toBe(automated)
    const routed = await user.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      queries: [Query.equal('groupId', group.$id), Query.limit(100)],
    })
    expect(routed.documents).toHaveLength(30)
    expect(routed.documents.every((ticket) => ticket.assigneeId === user.userId)).toBe(true)
  })

  it('writes the copies of a batch of new tickets with the tickets: as many statements for twenty as for five', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const copied = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const raw = [
          'From: Ada Customer <ada@customer.example>',
          `To: ${mailbox.address}`,
          `Cc: Grace <grace-${index}@customer.example>, Ada Customer <ada@customer.example>`,
          `Subject: Copied ${count}-${index}`,
          `Message-ID: <copied-${count}-${index}@customer.example>`,
          '',
          'Grace should see your answer too.',
          '',
        ].join('\r\n')
        expect((await sendRaw({ port: server.smtpPort ?? 0, to: mailbox.address, raw })).accepted).toBe(true)
      }
      const { rows } = await server.db.query<{ id: string }>(
        `select id from inbound_emails where "mailboxId" = $1 and "status" = 'received' order by seq`,
        [mailbox.$id],
      )
      const counting = countingDatabase(server.db)
      await processor(counting.db).processInboundBatch(
        rows.map(({ id }) => ({ inboundId: id, isLastAttempt: false })),
      )
      return counting.count()
    }
    const five = await copied(5)
    expect(await copied(20)).toBe(five)

    const tickets = await user.databases.listDocuments({
      databaseId: 'main',
      collectionId: 'tickets',
      queries: [Query.equal('subject', 'Copied 20-7')],
    })
    const [ticket] = tickets.documents
    // The requester is not a copy of their own ticket.
    expect(ticket?.cc).toEqual(['grace-7@customer.example'])
    const { rows: events } = await server.db.query<{ type: string; actorType: string; after: unknown }>(
      'select "type", "actorType", "after" from ticket_events where "ticketId" = $1 order by seq',
      [ticket?.$id],
    )
    expect(events.find((event) => event.type === 'cc')).toMatchObject({
      actorType: 'customer',
      after: ['grace-7@customer.example'],
    })
  })

  it('decides the rest of a batch when one delivery cannot be written, logging it with its id', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const [first = ''] = await deliver(mailbox.address, [
      { subject: 'Scanner', messageId: 'scanner@customer.example' },
    ])
    await processor().processInboundEmail({ inboundId: first, isLastAttempt: false })
    const batch = (
      await deliver(mailbox.address, [
        { subject: 'Modem', messageId: 'modem@customer.example' },
        {
          subject: 'Re: Scanner',
          messageId: 'scanner-2@customer.example',
          inReplyTo: 'scanner@customer.example',
        },
        { subject: 'Router', messageId: 'router@customer.example' },
      ])
    ).slice(-3)
    const answer = batch[1] ?? ''
    const logged: string[] = []
    // Conversation messages cannot be stored: the answer fails, the batch's transaction with it.
    const broken = processor(failingDatabase(server.db, /insert into "?messages"?/), (message) =>
      logged.push(message),
    )
    const runs = (isLastAttempt: boolean) => batch.map((inboundId) => ({ inboundId, isLastAttempt }))

    const errors = await broken.processInboundBatch(runs(false))
    expect(errors.map((error) => (error instanceof Error ? error.message : error))).toEqual([
      undefined,
      'the disk is full',
      undefined,
    ])
    expect(logged).toContain(`delivery ${answer}: deciding failed`)
    const decided = async () =>
      (
        await user.databases.listDocuments({
          databaseId: 'main',
          collectionId: 'inbound',
          queries: [Query.orderAsc('$sequence')],
        })
      ).documents.map((d) => [d.subject, d.status])
    expect(await decided()).toEqual([
      ['Scanner', 'ticket'],
      ['Modem', 'ticket'],
      [null, 'received'],
      ['Router', 'ticket'],
    ])

    // Its last try: recorded as rejected with the reason, and the run counts as done.
    expect(await broken.processInboundBatch(runs(true))).toEqual([undefined, undefined, undefined])
    expect((await decided())[2]).toEqual(['Re: Scanner', 'rejected'])
    const { rows } = await server.db.query<{ reason: string }>(
      'select "reason" from inbound_emails where id = $1',
      [answer],
    )
    expect(rows[0]?.reason).toBe('processing failed: the disk is full')
  })
})
