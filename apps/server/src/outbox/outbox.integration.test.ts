import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LOOP_HEADER, OutboundMailKind, OutboundMailState } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import { dkimKeys, startTestRelay, type TTestRelay, verificationMail, verifyDkim } from './outbox.test-kit'
import type { TOutboxRow } from './outbox-repository'
import type { TOutboundMail } from './outbox-service'

const DOMAIN = 'outbox.test'
const SELECTOR = 'pd2026'

describe.each(DATABASE_KINDS)('the outbox on %s, through a real SMTP relay', (kind) => {
  let relay: TTestRelay
  let server: TTestServer
  let owner: TSdkUser
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-dkim-'))
  const keys = dkimKeys()

  beforeAll(async () => {
    relay = await startTestRelay()
    const keyPath = path.join(keyDir, 'dkim.pem')
    fs.writeFileSync(keyPath, keys.privateKey)
    server = await startTestServer({
      database: kind,
      env: {
        INBOUND_DOMAIN: DOMAIN,
        SMTP_RELAY_URL: relay.url,
        DKIM_DOMAIN: DOMAIN,
        DKIM_SELECTOR: SELECTOR,
        DKIM_PRIVATE_KEY_PATH: keyPath,
      },
    })
    owner = await signUpUser(server.url, 'Outbox Owner')
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
    fs.rmSync(keyDir, { recursive: true, force: true })
  })

  /** Queues mail as a domain would: in a transaction of its own, then announced after the commit. */
  async function queue(...mails: TOutboundMail[]): Promise<TOutboxRow[]> {
    const rows = await server.db.transaction(async (tx) => {
      const queued: TOutboxRow[] = []
      for (const mail of mails) queued.push(await server.outbox.queueMail(tx, mail))
      return queued
    })
    await server.outbox.announceQueued(rows)
    return rows
  }

  async function readRow(id: string): Promise<TOutboxRow> {
    const { rows } = await server.db.query<TOutboxRow>('select * from outbox where id = $1', [id])
    if (!rows[0]) throw new Error(`no outbox row ${id}`)
    return rows[0]
  }

  /** The row once it reached `state`. */
  function waitForState(id: string, state: string, timeoutMs = 20_000): Promise<TOutboxRow> {
    return waitForValue(
      async () => {
        const row = await readRow(id)
        return row.state === state ? row : undefined
      },
      { timeoutMs, what: `outbox mail ${id} to be ${state}` },
    )
  }

  it('sends a queued mail with our Message-ID, the loop header and a DKIM signature that verifies', async () => {
    const [row] = await queue(
      verificationMail(owner.userId, {
        kind: OutboundMailKind.reply,
        to: ['Ada Customer <ada@customer.test>'],
        cc: ['colleague@customer.test'],
        subject: 'Re: Refund for order 123456',
        text: 'We refunded the second charge.',
        html: '<p>We refunded the second charge.</p>',
        inReplyTo: '<question-1@customer.test>',
        references: ['<question-0@customer.test>', '<question-1@customer.test>'],
      }),
    )
    if (!row) throw new Error('nothing was queued')
    expect(row).toMatchObject({ state: OutboundMailState.queued, from: `Parsedesk <no-reply@${DOMAIN}>` })
    expect(row.messageId).toMatch(new RegExp(`^<[0-9a-f]{32}@${DOMAIN.replace('.', '\\.')}>$`))

    const sent = await waitForState(row.id, OutboundMailState.sent)
    expect(sent).toMatchObject({ attempts: 1, lastError: null })
    expect(sent.sentAt).toBeInstanceOf(Date)
    // A reply goes to its requester from its own return path, and to its copies apart (decision 028).
    const [mail, copy] = relay.arrived.filter((arrived) => arrived.messageId === row.messageId)
    if (!mail || !copy) throw new Error('the reply did not reach the relay twice')
    expect(mail.user).toBe('parsedesk')
    expect(mail.envelope).toEqual({
      from: expect.stringMatching(
        new RegExp(`^bounces\\+${row.id}\\.[0-9a-f]{20}@${DOMAIN.replace('.', '\\.')}$`),
      ),
      to: ['ada@customer.test'],
    })
    expect(copy.envelope).toEqual({ from: `no-reply@${DOMAIN}`, to: ['colleague@customer.test'] })
    expect(copy.email.to).toEqual(mail.email.to)
    expect(verifyDkim(copy.raw, keys.publicKey)).toMatchObject({ d: DOMAIN, s: SELECTOR })
    const header = (name: string) => mail.email.headers.find((h) => h.key === name.toLowerCase())?.value
    expect(mail.email.messageId).toBe(row.messageId)
    expect(mail.email.from).toEqual({ name: 'Parsedesk', address: `no-reply@${DOMAIN}` })
    expect(mail.email.to).toEqual([{ name: 'Ada Customer', address: 'ada@customer.test' }])
    expect(mail.email.cc).toEqual([{ name: '', address: 'colleague@customer.test' }])
    expect(mail.email.subject).toBe('Re: Refund for order 123456')
    expect(new Date(mail.email.date ?? '').getTime()).toBe(Math.floor(row.created_at.getTime() / 1000) * 1000)
    expect(mail.email.inReplyTo).toBe('<question-1@customer.test>')
    expect(mail.email.references).toBe('<question-0@customer.test> <question-1@customer.test>')
    expect(header(LOOP_HEADER)).toBe(row.id)
    // A person's reply: auto-responders may answer it.
    expect(header('Auto-Submitted')).toBeUndefined()
    expect(mail.email.text?.trim()).toBe('We refunded the second charge.')
    expect(mail.email.html).toContain('<p>We refunded the second charge.</p>')
    expect(verifyDkim(mail.raw, keys.publicKey)).toMatchObject({ d: DOMAIN, s: SELECTOR })
  })

  it('sends one mail however often the same idempotency key is queued', async () => {
    const mail = verificationMail(owner.userId)
    const [first] = await queue(mail, { ...mail, subject: 'A second thought' })
    const [again] = await queue(mail)
    if (!first || !again) throw new Error('nothing was queued')
    expect(again.id).toBe(first.id)
    const sent = await waitForState(first.id, OutboundMailState.sent)
    expect(sent.subject).toBe(mail.subject)
    const [late] = await queue(mail)
    expect(late).toMatchObject({ id: first.id, state: OutboundMailState.sent })
    const { rows } = await server.db.query<{ count: number }>(
      'select count(*)::int as count from outbox where "idempotencyKey" = $1',
      [mail.idempotencyKey],
    )
    expect(rows[0]?.count).toBe(1)
    expect(relay.countOf(first.messageId)).toBe(1)
    // An automatic mail tells auto-responders not to answer it.
    const arrived = relay.arrived.find((arrivedMail) => arrivedMail.messageId === first.messageId)
    expect(arrived?.email.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-generated')
  })

  it('waits out a relay that refuses for a while, then delivers each mail exactly once', async () => {
    /** The row between its failed first try and its retry, with what the relay said. */
    const waitForRetry = (id: string) =>
      waitForValue(
        async () => {
          const row = await readRow(id)
          return row.state === OutboundMailState.queued && row.attempts === 1 ? row : undefined
        },
        { what: `outbox mail ${id} to wait for its retry` },
      )
    // The first mail finds the relay refusing connections; the second is refused once it is sent.
    relay.refuseNextConnections(1, { code: 421, message: '4.3.2 Service not available, closing channel' })
    const [refusedAtGreeting] = await queue(verificationMail(owner.userId))
    if (!refusedAtGreeting) throw new Error('nothing was queued')
    expect((await waitForRetry(refusedAtGreeting.id)).lastError).toMatch(/^421 4\.3\.2 Service not available/)

    let deferredMessageId = ''
    relay.answerMessages((messageId, tries) =>
      messageId === deferredMessageId && tries === 1
        ? { code: 451, message: '4.3.0 Mail server temporarily rejected message' }
        : 'accept',
    )
    const refusedAtData = await server.db.transaction((tx) =>
      server.outbox.queueMail(tx, verificationMail(owner.userId)),
    )
    deferredMessageId = refusedAtData.messageId
    await server.outbox.announceQueued([refusedAtData])
    expect((await waitForRetry(refusedAtData.id)).lastError).toMatch(/^451 4\.3\.0 Mail server temporarily/)

    for (const row of [refusedAtGreeting, refusedAtData]) {
      const sent = await waitForState(row.id, OutboundMailState.sent)
      expect(sent).toMatchObject({ attempts: 2, lastError: null })
      expect(relay.countOf(row.messageId)).toBe(1)
    }
    expect(relay.refusedConnections()).toBe(1)
    relay.answerMessages(() => 'accept')
  })

  it('fails a mail the relay refuses for good at once, with its answer', async () => {
    relay.answerRecipients((address) =>
      address.startsWith('nobody@') ? { code: 550, message: '5.1.1 user unknown' } : 'accept',
    )
    const [refused, partly] = await queue(
      verificationMail(owner.userId, { to: ['nobody@customer.test'] }),
      verificationMail(owner.userId, { to: ['someone@customer.test', 'nobody@customer.test'] }),
    )
    if (!refused || !partly) throw new Error('nothing was queued')
    const failed = await waitForState(refused.id, OutboundMailState.failed)
    expect(failed).toMatchObject({ attempts: 1, lastError: '550 5.1.1 user unknown' })
    expect(relay.countOf(refused.messageId)).toBe(0)
    const sent = await waitForState(partly.id, OutboundMailState.sent)
    expect(sent.lastError).toBe('refused by the relay: nobody@customer.test: 550 5.1.1 user unknown')
    expect(relay.arrived.find((mail) => mail.messageId === partly.messageId)?.envelope.to).toEqual([
      'someone@customer.test',
    ])
    relay.answerRecipients(() => 'accept')
  })
})
