import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { insertTeam } from '../teams/team-repository'
import { DATABASE_KINDS, openDatabaseBefore } from '../testing/test-database'

const TEAM = 'ws-acme'
const MAILBOX = 'mb-acme'
const ACCOUNT = 'imap-support'

async function insertTicket(
  db: TDatabase,
  id: string,
  options: { createdAt: string; mergedIntoId?: string },
) {
  await db.query(
    `insert into tickets (id, created_at, email, subject, body, status, "userId", "teamId", processing_status,
       "mergedIntoId")
     values ($1, $2, 'nora@customer.example', $1, 'Body', 'open', 'ada', $3, 'completed', $4)`,
    [id, options.createdAt, TEAM, options.mergedIntoId ?? null],
  )
}

/** A delivery of the workspace's mailbox; decided (`processedAt`) when `ticketId`'s ticket was filed. */
async function insertDelivery(
  db: TDatabase,
  id: string,
  options: {
    channel: string
    externalId?: string
    status: 'ticket' | 'thread-message'
    ticketId: string
    processedAt: string
  },
) {
  await db.query(
    `insert into inbound_emails (id, "mailboxId", "userId", "teamId", channel, "externalId", sha256, size,
       status, "ticketId", "processedAt")
     values ($1, $2, 'ada', $3, $4, $5, $1, 10, $6, $7, $8)`,
    [
      id,
      MAILBOX,
      TEAM,
      options.channel,
      options.externalId ?? null,
      options.status,
      options.ticketId,
      options.processedAt,
    ],
  )
}

/** A member's split of `message`'s delivery off `source` into `target`: the event both tickets log. */
async function insertSplitEvents(db: TDatabase, source: string, target: string) {
  const after = JSON.stringify({ source, target, message: `msg-${target}` })
  for (const ticketId of [source, target]) {
    await db.query(
      `insert into ticket_events (id, "ticketId", "teamId", "type", "actorType", "actorId", "before", "after")
       values ($1, $2, $3, 'split', 'user', 'ada', null, $4)`,
      [`split-${target}-on-${ticketId}`, ticketId, TEAM, after],
    )
  }
}

describe.each(DATABASE_KINDS)('migration 029 says where existing tickets came in, on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>
  const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00Z`

  beforeAll(async () => {
    ;({ db, close } = await openDatabaseBefore(kind, '029'))
    await insertUser(db, { id: 'ada', email: 'ada@example.com', name: 'Ada', passwordHash: null })
    await insertTeam(db, { id: TEAM, name: 'Acme' })
    await db.query(
      `insert into mailboxes (id, address, "userId", "teamId", "webhookSecret")
       values ($1, 'acme-k7m2@inbound.test', 'ada', $2, 'secret')`,
      [MAILBOX, TEAM],
    )
    await insertTicket(db, 'by-smtp', { createdAt: at(1) })
    await insertDelivery(db, 'in-smtp', {
      channel: 'smtp',
      status: 'ticket',
      ticketId: 'by-smtp',
      processedAt: at(1),
    })
    await insertTicket(db, 'by-webhook', { createdAt: at(2) })
    await insertDelivery(db, 'in-webhook', {
      channel: 'webhook-postmark',
      externalId: 'postmark-7731',
      status: 'ticket',
      ticketId: 'by-webhook',
      processedAt: at(2),
    })
    await insertTicket(db, 'by-imap', { createdAt: at(3) })
    await insertDelivery(db, 'in-imap', {
      channel: 'imap',
      externalId: `imap:${ACCOUNT}:1732000000:7`,
      status: 'ticket',
      ticketId: 'by-imap',
      processedAt: at(3),
    })
    await insertTicket(db, 'by-form', { createdAt: at(4) })
    // An IMAP ticket merged into a later SMTP one: its opening delivery now names the target.
    await insertTicket(db, 'merge-target', { createdAt: at(6) })
    await insertTicket(db, 'merged-duplicate', { createdAt: at(5), mergedIntoId: 'merge-target' })
    await insertDelivery(db, 'in-duplicate', {
      channel: 'imap',
      externalId: `imap:${ACCOUNT}:1732000000:8`,
      status: 'ticket',
      ticketId: 'merge-target',
      processedAt: at(5),
    })
    await insertDelivery(db, 'in-target', {
      channel: 'smtp',
      status: 'ticket',
      ticketId: 'merge-target',
      processedAt: at(6),
    })
    // A form ticket the customer answered by mail to the parsing address.
    await insertTicket(db, 'form-answered', { createdAt: at(10) })
    await insertDelivery(db, 'in-form-answer', {
      channel: 'smtp',
      status: 'thread-message',
      ticketId: 'form-answered',
      processedAt: at(11),
    })
    // An IMAP ticket merged into a later form ticket: its opening delivery now names the form ticket.
    await insertTicket(db, 'form-target', { createdAt: at(13) })
    await insertTicket(db, 'merged-into-form', { createdAt: at(12), mergedIntoId: 'form-target' })
    await insertDelivery(db, 'in-merged-into-form', {
      channel: 'imap',
      externalId: `imap:${ACCOUNT}:1732000000:10`,
      status: 'ticket',
      ticketId: 'form-target',
      processedAt: at(12),
    })
    // The IMAP ticket's customer answered to the parsing address, and that answer was split off; then an
    // answer to it was split off in turn.
    await insertTicket(db, 'split-off', { createdAt: at(20) })
    await insertDelivery(db, 'in-answer', {
      channel: 'smtp',
      status: 'thread-message',
      ticketId: 'split-off',
      processedAt: at(15),
    })
    await insertSplitEvents(db, 'by-imap', 'split-off')
    await insertTicket(db, 'split-again', { createdAt: at(22) })
    await insertDelivery(db, 'in-answer-again', {
      channel: 'smtp',
      status: 'thread-message',
      ticketId: 'split-again',
      processedAt: at(21),
    })
    await insertSplitEvents(db, 'split-off', 'split-again')
    // A mail on the form ticket above, split off.
    await insertTicket(db, 'split-from-form', { createdAt: at(24) })
    await insertDelivery(db, 'in-form-split', {
      channel: 'smtp',
      status: 'thread-message',
      ticketId: 'split-from-form',
      processedAt: at(23),
    })
    await insertSplitEvents(db, 'form-target', 'split-from-form')
    await migrate(db)
  })
  afterAll(() => close?.())

  async function mailboxes(ids: string[]) {
    const { rows } = await db.query<{ id: string; mailboxId: string | null }>(
      'select id, "mailboxId" from tickets where id = any($1)',
      [ids],
    )
    return Object.fromEntries(rows.map((row) => [row.id, row.mailboxId]))
  }

  it('names the parsing mailbox, the IMAP account, or none for the form', async () => {
    expect(
      await mailboxes(['by-smtp', 'by-webhook', 'by-imap', 'by-form', 'merged-duplicate', 'merge-target']),
    ).toEqual({
      'by-smtp': MAILBOX,
      'by-webhook': MAILBOX,
      'by-imap': ACCOUNT,
      'by-form': null,
      'merged-duplicate': ACCOUNT,
      'merge-target': MAILBOX,
    })
  })

  it('leaves a form ticket without a mailbox, whatever mail came onto it since', async () => {
    expect(await mailboxes(['form-answered', 'form-target', 'merged-into-form'])).toEqual({
      'form-answered': null,
      'form-target': null,
      'merged-into-form': ACCOUNT,
    })
  })

  it("gives a split ticket its source's mailbox, as a split does now", async () => {
    expect(await mailboxes(['split-off', 'split-again', 'split-from-form'])).toEqual({
      'split-off': ACCOUNT,
      'split-again': ACCOUNT,
      'split-from-form': null,
    })
  })
})
