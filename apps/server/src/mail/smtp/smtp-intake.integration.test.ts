import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TDatabase } from '../../db/database'
import { DATABASE_KINDS, openTestDatabase } from '../../testing/test-database'
import { insertMailboxOwner } from '../../testing/test-mailbox'
import { createAcceptInboundEmail } from '../inbound/accept-inbound-email'
import {
  readMailbox,
  sendRaw,
  signUpWithMailbox,
  startMailTestServer,
  TEST_INBOUND_DOMAIN,
  type TMailTestServer,
  waitForDecided,
} from '../mail.test-kit'
import { startSmtpIntake, type TSmtpIntake, type TSmtpIntakeOptions } from './smtp-intake'

const email = (subject: string) =>
  [
    'From: Ada Customer <ada@customer.example>',
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W+/g, '.')}@customer.example>`,
    'Date: Sat, 21 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `About ${subject}.`,
    '',
  ].join('\r\n')

describe.each(DATABASE_KINDS)('SMTP intake round trips on %s', (database) => {
  let server: TMailTestServer
  let statements: string[] = []

  beforeAll(async () => {
    server = await startMailTestServer({ database })
    // Every statement of the server's own pool, to count round trips per kind.
    const query = server.db.query.bind(server.db)
    server.db.query = (sql, params) => {
      statements.push(sql)
      return query(sql, params)
    }
  })
  afterAll(async () => {
    await server?.stop()
  })
  beforeEach(() => {
    statements = []
  })

  const count = (pattern: RegExp) => statements.filter((sql) => pattern.test(sql)).length
  const lookups = () => count(/from mailboxes where address/)
  const inserts = () => count(/insert into inbound_emails/)
  const send = (to: string, raw: string) => sendRaw({ port: server.smtpPort, to, raw })

  it('commits concurrent deliveries in fewer statements than deliveries, each one ticket', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, n) => send(mailbox.address, email(`concurrent ${n}`))),
    )
    expect(sent.every((s) => s.accepted)).toBe(true)
    expect(inserts()).toBeLessThan(20)
    expect(lookups()).toBeLessThan(20)
    const decided = await waitForDecided(user, 20)
    expect(decided.every((d) => d.status === 'ticket')).toBe(true)
    expect(await readMailbox(user)).toMatchObject({ received: 20, tickets: 20, duplicates: 0 })
  })

  it('makes one ticket of the same bytes sent twice at once', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const twice = email('sent twice at once')
    const sent = await Promise.all([
      send(mailbox.address, twice),
      send(mailbox.address, twice),
      send(mailbox.address, email('sent once')),
    ])
    expect(sent.every((s) => s.accepted)).toBe(true)
    const decided = await waitForDecided(user, 3)
    expect(decided.map((d) => d.status).sort()).toEqual(['duplicate', 'ticket', 'ticket'])
    expect(await readMailbox(user)).toMatchObject({ received: 3, tickets: 2, duplicates: 1 })
  })
})

describe.each(DATABASE_KINDS)('SMTP recipient lookups on %s', (kind) => {
  let db: TDatabase
  let close: (() => Promise<void>) | undefined
  let users = 0
  let lookups = 0
  const intakes: TSmtpIntake[] = []

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
    const query = db.query.bind(db)
    db.query = (sql, params) => {
      if (/from mailboxes where address/.test(sql)) lookups++
      return query(sql, params)
    }
  })
  afterAll(async () => {
    for (const intake of intakes) await intake.close()
    await close?.()
  })

  /** The SMTP intake alone, storing through the real door, keeping found mailboxes `ttlMs`. */
  async function startIntake(ttlMs: number, limits: Partial<TSmtpIntakeOptions> = {}) {
    const accept = createAcceptInboundEmail({ db })
    const intake = await startSmtpIntake({
      db,
      port: 0,
      host: '127.0.0.1',
      maxBytes: 100_000,
      inboundDomain: TEST_INBOUND_DOMAIN,
      accept: ({ mailbox, raw, envelopeFrom }) => accept({ mailbox, raw, envelopeFrom, channel: 'smtp' }),
      mailboxLookupTtlMs: ttlMs,
      log: () => undefined,
      ...limits,
    })
    intakes.push(intake)
    const send = (to: string, subject: string) => sendRaw({ port: intake.port, to, raw: email(subject) })
    return Object.assign(send, { port: intake.port })
  }

  async function newMailbox() {
    users++
    const { mailbox } = await insertMailboxOwner(db, {
      id: `smtp-u${users}`,
      email: `smtp-u${users}@example.com`,
      name: `User ${users}`,
      domain: TEST_INBOUND_DOMAIN,
    })
    return mailbox
  }

  it('looks a known recipient up once for repeated RCPTs, and an unknown one every time', async () => {
    const send = await startIntake(60_000)
    const mailbox = await newMailbox()
    lookups = 0
    for (const n of [1, 2, 3]) expect((await send(mailbox.address, `repeated ${n}`)).accepted).toBe(true)
    expect((await send(mailbox.address.replace('@', '+tag@').toUpperCase(), 'tagged')).accepted).toBe(true)
    expect(lookups).toBe(1)
    const unknown = `nobody-aaaaaaaaaa@${TEST_INBOUND_DOMAIN}`
    expect(await send(unknown, 'unknown 1')).toMatchObject({ code: 550 })
    expect(await send(unknown, 'unknown 2')).toMatchObject({ code: 550 })
    expect(lookups).toBe(3)
  })

  it('answers 451 for a mailbox deleted while it is kept, and 550 once it is looked up again', async () => {
    const ttlMs = 3_000
    const send = await startIntake(ttlMs)
    const deleted = await newMailbox()
    const regenerated = await newMailbox()
    for (const mailbox of [deleted, regenerated]) {
      expect((await send(mailbox.address, `before ${mailbox.id}`)).accepted).toBe(true)
    }
    await db.query('delete from mailboxes where id = $1', [deleted.id])
    await db.query(`update mailboxes set address = 'renamed-' || address where id = $1`, [regenerated.id])
    // Still kept: the insert's foreign key refuses the delivery, and the sender is told to try again.
    expect(await send(deleted.address, 'after the delete')).toMatchObject({ code: 451 })
    // The old address of a regenerated mailbox is still taken for as long as it is kept (docs/mail.md).
    expect((await send(regenerated.address, 'just after the regeneration')).accepted).toBe(true)

    await new Promise((resolve) => setTimeout(resolve, ttlMs + 100))
    expect(await send(deleted.address, 'later')).toMatchObject({ code: 550 })
    expect(await send(regenerated.address, 'later')).toMatchObject({ code: 550 })
  })

  /** A raw client: what the server said so far, and whether it closed the connection. */
  async function connect(port: number) {
    const socket = net.connect(port, '127.0.0.1')
    const state = { said: '', isClosed: false, socket }
    socket.on('data', (chunk) => {
      state.said += String(chunk)
    })
    socket.on('close', () => {
      state.isClosed = true
    })
    socket.on('error', () => undefined)
    await vi.waitFor(() => expect(state.said).toMatch(/^\d{3} /), { timeout: 5_000 })
    return state
  }

  it('answers Queued without telling the sender our delivery id', async () => {
    const send = await startIntake(0)
    const mailbox = await newMailbox()
    const result = await send(mailbox.address, 'no id in the reply')
    expect(result.accepted).toBe(true)
    expect(result.response).toMatch(/^250 Queued$/)
  })

  it('refuses a client address its connections beyond the cap, and takes it again once one closes', async () => {
    const send = await startIntake(0, { maxConnectionsPerAddress: 3 })
    const open = [await connect(send.port), await connect(send.port), await connect(send.port)]
    expect(open.map((c) => c.said.slice(0, 3))).toEqual(['220', '220', '220'])
    const refused = await connect(send.port)
    expect(refused.said).toMatch(/^421 .*Too many connections from your address/)
    await vi.waitFor(() => expect(refused.isClosed).toBe(true), { timeout: 5_000 })
    open[0]?.socket.end('QUIT\r\n')
    await vi.waitFor(() => expect(open[0]?.isClosed).toBe(true), { timeout: 5_000 })
    await vi.waitFor(async () => expect((await connect(send.port)).said).toMatch(/^220 /), { timeout: 5_000 })
    for (const client of open) client.socket.destroy()
  })

  it('closes a connection that trickles bytes past its lifetime', async () => {
    const send = await startIntake(0, { maxSessionMs: 1_000 })
    const client = await connect(send.port)
    const trickle = setInterval(() => client.socket.write('N'), 100)
    try {
      await vi.waitFor(() => expect(client.isClosed).toBe(true), { timeout: 5_000 })
    } finally {
      clearInterval(trickle)
    }
  })
})
