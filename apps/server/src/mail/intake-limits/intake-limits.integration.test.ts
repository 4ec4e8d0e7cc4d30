import net from 'node:net'
import { CollectionId, DATABASE_ID, type TFloodingSender } from '@parsedesk/contracts'
import { type Client, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/free-port'
import type { TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import { waitForValue } from '../../testing/wait-for-value'
import {
  signUpWithMailbox,
  startMailTestServer,
  type TMailTestServer,
  waitForDecided,
} from '../mail.test-kit'
import type { TWebhookUrls } from '../webhooks/webhook-urls'

// Small, so a test floods with a handful of mails; the defaults are 20 and 300.
const PER_SENDER = 3
const PER_MAILBOX = 8

let counter = 0
function mail(options: { from: string; to: string; subject: string }): string {
  return [
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Message-ID: <flood-${Date.now()}-${++counter}@example.org>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${options.subject}: please help`,
    '',
  ].join('\r\n')
}

type TSmtpReply = { code: number; text: string }

/** One SMTP connection kept open for many messages, as the flood came: a plain socket speaking SMTP. */
async function openSmtpSession(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let buffered = ''
  let waiting: ((reply: TSmtpReply) => void) | undefined
  const takeReply = () => {
    const end = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffered)
    if (!end || !waiting) return
    const text = buffered.slice(0, end.index + end[0].length)
    buffered = buffered.slice(text.length)
    const resolve = waiting
    waiting = undefined
    resolve({ code: Number(end[1]), text: text.trim() })
  }
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    buffered += chunk
    takeReply()
  })
  const reply = () =>
    new Promise<TSmtpReply>((resolve) => {
      waiting = resolve
      takeReply()
    })
  const command = (line: string) => {
    const answer = reply()
    socket.write(`${line}\r\n`)
    return answer
  }
  expect((await reply()).code).toBe(220)
  expect((await command('EHLO flood.example')).code).toBe(250)
  return {
    async send(options: { from: string; to: string; raw: string }): Promise<TSmtpReply> {
      expect((await command(`MAIL FROM:<${options.from}>`)).code).toBe(250)
      expect((await command(`RCPT TO:<${options.to}>`)).code).toBe(250)
      expect((await command('DATA')).code).toBe(354)
      return command(`${options.raw.replace(/^\./gm, '..')}\r\n.`)
    },
    async quit() {
      await command('QUIT')
      socket.destroy()
    },
  }
}

function call<T>(
  client: Client,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const url = new URL(`${client.config.endpoint}${path}`)
  return client.call(method, url, { 'content-type': 'application/json' }, params)
}

describe.each(DATABASE_KINDS)('one sender cannot flood a mailbox (%s)', (database) => {
  let server: TMailTestServer
  let metricsPort: number

  beforeAll(async () => {
    metricsPort = await freePort()
    server = await startMailTestServer({
      database,
      env: {
        INTAKE_PER_SENDER_PER_MINUTE: String(PER_SENDER),
        INTAKE_PER_MAILBOX_PER_MINUTE: String(PER_MAILBOX),
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** The minute of the intake's count passes: what it counted moves a minute and a second back. */
  async function aMinuteLater() {
    await server.db.query(
      `update rate_limit_hits set at = at - interval '61 seconds' where bucket in ('intake-sender', 'intake-mailbox')`,
    )
  }

  async function ticketsFrom(user: TSdkUser, email: string): Promise<{ $id: string; subject: string }[]> {
    const { documents } = await user.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      queries: [Query.equal('email', email), Query.limit(100)],
    })
    return documents as unknown as { $id: string; subject: string }[]
  }

  async function floodingSenders(user: TSdkUser): Promise<TFloodingSender[]> {
    const { teams } = await call<{ teams: { $id: string }[] }>(user.client, 'get', '/teams')
    const teamId = teams[0]!.$id
    const list = await call<{ senders: TFloodingSender[] }>(
      user.client,
      'get',
      `/teams/${teamId}/flooding-senders`,
    )
    return list.senders
  }

  it('answers 451 4.7.1 past the sender limit on one connection while others still get 250, flags the sender, and takes the retry a minute later', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url, 'Ada Owner')
    const flooder = 'flood@attacker.example'
    const session = await openSmtpSession(server.smtpPort)
    const replies: TSmtpReply[] = []
    for (let i = 1; i <= 6; i++) {
      replies.push(
        await session.send({
          from: flooder,
          to: mailbox.address,
          raw: mail({ from: flooder, to: mailbox.address, subject: `Flood ${i}` }),
        }),
      )
    }
    const customer = await session.send({
      from: 'ada@customer.example',
      to: mailbox.address,
      raw: mail({ from: 'Ada <ada@customer.example>', to: mailbox.address, subject: 'My invoice is wrong' }),
    })
    await session.quit()

    expect(replies.map((r) => r.code)).toEqual([250, 250, 250, 451, 451, 451])
    expect(replies[3]!.text).toMatch(/^451 4\.7\.1 Too many messages from this sender .*more than 3 a minute/)
    expect(customer.code).toBe(250)
    // Stored: the three under the limit and the customer's; the three deferred are not.
    expect(await waitForDecided(user, 4)).toHaveLength(4)
    expect((await ticketsFrom(user, flooder)).map((t) => t.subject).sort()).toEqual([
      'Flood 1',
      'Flood 2',
      'Flood 3',
    ])
    expect(await ticketsFrom(user, 'ada@customer.example')).toHaveLength(1)

    const [flagged, ...others] = await floodingSenders(user)
    expect(others).toEqual([])
    expect(flagged).toMatchObject({ sender: flooder, mailboxId: mailbox.$id, deferred: 3 })
    const newest = (await ticketsFrom(user, flooder)).find((t) => t.$id === flagged!.ticketId)
    expect(newest?.subject).toBe('Flood 3')

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    expect(metrics).toMatch(/parsedesk_emails_rejected_total\{channel="smtp",reason="sender-limit"\} 3/)

    // The sending server retries what it was told to; a minute on, it is taken.
    await aMinuteLater()
    const session2 = await openSmtpSession(server.smtpPort)
    const retried = await session2.send({
      from: flooder,
      to: mailbox.address,
      raw: mail({ from: flooder, to: mailbox.address, subject: 'Flood 4' }),
    })
    await session2.quit()
    expect(retried.code).toBe(250)
    await waitForValue(async () => (await ticketsFrom(user, flooder)).length === 4, {
      what: 'the retried mail as a ticket',
    })
  })

  it('blocks a flagged sender in one click with "Mark spam and block sender": the notice goes, and its later mail makes no ticket', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url, 'Grace Owner')
    const flooder = 'Spammer@Bulk.example'
    const session = await openSmtpSession(server.smtpPort)
    for (let i = 1; i <= PER_SENDER + 1; i++) {
      await session.send({
        from: flooder,
        to: mailbox.address,
        raw: mail({ from: flooder, to: mailbox.address, subject: `Buy now ${i}` }),
      })
    }
    await session.quit()
    await waitForDecided(user, PER_SENDER)
    const [flagged] = await floodingSenders(user)
    expect(flagged).toMatchObject({ sender: 'spammer@bulk.example', deferred: 1 })
    expect(flagged!.ticketId).toBeTruthy()

    await call(user.client, 'post', `/tickets/${flagged!.ticketId}/spam`, { block: 'address' })
    expect(await floodingSenders(user)).toEqual([])

    await aMinuteLater()
    const later = await openSmtpSession(server.smtpPort)
    const reply = await later.send({
      from: flooder,
      to: mailbox.address,
      raw: mail({ from: flooder, to: mailbox.address, subject: 'Buy now again' }),
    })
    await later.quit()
    expect(reply.code).toBe(250)
    const decided = await waitForDecided(user, PER_SENDER + 1)
    expect(decided.map((d) => d.status)).toEqual([...Array(PER_SENDER).fill('ticket'), 'rejected'])
  })

  it('answers 451 past the mailbox limit whoever sends, without flagging any one sender', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url, 'Hedy Owner')
    const replies: TSmtpReply[] = []
    const session = await openSmtpSession(server.smtpPort)
    for (let i = 1; i <= PER_MAILBOX + 2; i++) {
      const from = `customer${i}@many.example`
      replies.push(
        await session.send({
          from,
          to: mailbox.address,
          raw: mail({ from, to: mailbox.address, subject: `Question ${i}` }),
        }),
      )
    }
    await session.quit()
    expect(replies.map((r) => r.code)).toEqual([...Array(PER_MAILBOX).fill(250), 451, 451])
    expect(replies.at(-1)!.text).toMatch(
      /^451 4\.7\.1 Too many messages to this address \(more than 8 a minute\)/,
    )
    expect(await floodingSenders(user)).toEqual([])
  })

  it('answers a webhook past the sender limit 429 with Retry-After, stores nothing of it, and takes the retry a minute later', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url, 'Joan Owner')
    const info = await call<{ secret: string; urls: TWebhookUrls }>(
      user.client,
      'get',
      `/inbound/${mailbox.$id}`,
    )
    const post = (subject: string) =>
      fetch(`${server.url}/v1/inbound/${mailbox.$id}/raw?secret=${encodeURIComponent(info.secret)}`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822' },
        body: mail({ from: 'bot@hooks.example', to: mailbox.address, subject }),
      })
    const statuses: number[] = []
    for (let i = 1; i <= PER_SENDER; i++) statuses.push((await post(`Hook ${i}`)).status)
    const deferred = await post('Hook 4')
    expect(statuses).toEqual([200, 200, 200])
    expect(deferred.status).toBe(429)
    const retryAfter = Number(deferred.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(((await deferred.json()) as { message: string }).message).toMatch(
      /more than 3 a minute\): try again in \d+ s\./,
    )
    expect(await waitForDecided(user, PER_SENDER)).toHaveLength(PER_SENDER)
    expect(await ticketsFrom(user, 'bot@hooks.example')).toHaveLength(PER_SENDER)

    await aMinuteLater()
    expect((await post('Hook 4')).status).toBe(200)
    await waitForValue(async () => (await ticketsFrom(user, 'bot@hooks.example')).length === PER_SENDER + 1, {
      what: 'the retried webhook as a ticket',
    })
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    expect(metrics).toMatch(
      /parsedesk_emails_rejected_total\{channel="webhook-raw",reason="sender-limit"\} 1/,
    )
  })
})
