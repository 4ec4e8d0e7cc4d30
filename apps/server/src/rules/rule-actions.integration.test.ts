import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  AutoReplySkipped,
  CollectionId,
  DATABASE_ID,
  RuleMessages,
  RuleWebhookHeaders,
  SendingLimitMessages,
  type TRuleAttributes,
  type TRuleCreate,
  type TRuleEvaluation,
  type TRuleWebhookOutcome,
  type TTicketAttributes,
  type TTicketEventAttributes,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { freePort } from '../testing/free-port'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { verifyEmail } from '../testing/verify-email'
import { waitForValue } from '../testing/wait-for-value'
import { runScheduledRules } from './scheduled-rules'
import { callRuleWebhook, ruleWebhookJob } from './webhooks/rule-webhook.job'

type TRule = Models.Document & TRuleAttributes
type TTicket = Models.Document & TTicketAttributes
type TEvent = Models.Document & TTicketEventAttributes

const RULES = { databaseId: DATABASE_ID, collectionId: CollectionId.rules }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const EVENTS = { databaseId: DATABASE_ID, collectionId: CollectionId.ticketEvents }

/** What the receiving server writes above a mail whose From its DMARC check refused. */
const DMARC_FAIL =
  'Authentication-Results: mx.gateway.example; spf=fail smtp.mailfrom=evil.example;\r\n dmarc=fail (p=NONE) header.from=customer.example'

function customerMail(options: { from: string; subject: string; messageId: string; above?: string[] }) {
  return [
    ...(options.above ?? []),
    `From: ${options.from}`,
    'To: support',
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello, something is wrong.',
    '',
  ].join('\r\n')
}

function call<T>(client: Client, method: string, path: string, params: Record<string, unknown> = {}) {
  const url = new URL(`${client.config.endpoint}${path}`)
  return client.call(method, url, { 'content-type': 'application/json' }, params) as Promise<T>
}

/** A receiver of webhooks on 127.0.0.1: keeps each call and answers the statuses it is told, then 200. */
async function startReceiver() {
  const calls: { headers: http.IncomingHttpHeaders; body: string }[] = []
  const statuses: number[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(statuses.shift() ?? 200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook?token=receiver-own`,
    calls,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const subjectHas = (value: string): TRuleCreate['conditions'] => ({
  type: 'group',
  match: 'all',
  conditions: [{ type: 'condition', field: 'message.subject', operator: 'contains', value }],
})

/** A fresh workspace may mail this many people an hour until its owner verifies their address. */
const UNVERIFIED_PER_HOUR = 1

describe.each(DATABASE_KINDS)("rules' auto-reply and webhook on %s", (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  // Ada's workspace has a verified owner; Bea's has not, so it sends at the unverified trickle.
  let ada: TSdkUser
  let bea: TSdkUser
  let address: string

  beforeAll(async () => {
    ;[relay, receiver] = await Promise.all([startTestRelay(), startReceiver()])
    server = await startMailTestServer({
      database,
      // The receiver is on this machine: allowed by the operator, as a self-hoster would name theirs.
      env: {
        SMTP_RELAY_URL: relay.url,
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        OUTBOUND_UNVERIFIED_RECIPIENTS_PER_HOUR: String(UNVERIFIED_PER_HOUR),
      },
    })
    ;[ada, bea] = await Promise.all([
      signUpUser(server.url, 'Ada Lovelace'),
      signUpUser(server.url, 'Bea Baker'),
    ])
    await verifyEmail(server.url, ada, server.db)
    address = (await readMailbox(ada)).address
  })
  afterAll(async () => {
    await server?.stop()
    await Promise.all([relay?.close(), receiver?.close()])
  })

  const createRule = async (data: TRuleCreate, user = ada) =>
    (await user.databases.createDocument({ ...RULES, documentId: ID.unique(), data })) as unknown as TRule
  const send = async (raw: string, to = address) =>
    expect((await sendRaw({ port: server.smtpPort, to, raw })).accepted).toBe(true)
  const ticketOf = (subject: string, user = ada) =>
    waitForValue(
      async () =>
        (
          await user.databases.listDocuments<TTicket>({
            ...TICKETS,
            queries: [Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: `the ticket "${subject}"` },
    )
  const eventsOf = async (ticketId: string, type: string, user = ada) =>
    (
      await user.databases.listDocuments<TEvent>({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticketId), Query.equal('type', type), Query.orderAsc('$sequence')],
      })
    ).documents
  /** What the rule's line on the ticket's timeline says its actions did. */
  const saidOn = (subject: string, ruleName: string, user = ada) =>
    waitForValue(
      async () => {
        const ticket = await ticketOf(subject, user)
        const lines = (await eventsOf(ticket.$id, 'rule-evaluated', user)).map(
          (e) => e.after as TRuleEvaluation,
        )
        return lines.find((line) => line.ruleName === ruleName && line.matched)?.changes
      },
      { what: `rule ${ruleName} on "${subject}"` },
    )
  const autoRepliesTo = async (to: string) =>
    (await server.db.query(`select id from outbox where kind = 'auto-reply' and "to" ? $1`, [to])).rows.length
  const arrivedFor = (to: string) =>
    waitForValue(() => relay.arrived.find((mail) => mail.envelope.to.includes(to)), {
      what: `the automatic reply to ${to}`,
    })
  const headerOf = (mail: TTestRelay['arrived'][number], name: string) =>
    mail.email.headers.find((header) => header.key === name)?.value

  it('acknowledges a customer once an hour with the ticket number, never an automatic or forged mail', async () => {
    await createRule({
      name: 'Acknowledge',
      kind: 'on-create',
      conditions: subjectHas('printer'),
      actions: [
        { type: 'email-reply', body: 'Hi {{requester.firstName}}, we have your request {{ticket.number}}.' },
      ],
    })
    await send(
      customerMail({
        from: 'Alice Doe <alice@customer.example>',
        subject: 'printer jam',
        messageId: 'p1@c.example',
      }),
    )
    const ticket = await ticketOf('printer jam')
    const arrived = await waitForValue(
      () => relay.arrived.find((mail) => mail.envelope.to.includes('alice@customer.example')),
      { what: 'the auto-acknowledgement' },
    )
    const header = (name: string) => arrived.email.headers.find((h) => h.key === name)?.value
    expect(header('auto-submitted')).toBe('auto-replied')
    expect(header('x-auto-response-suppress')).toBe('All')
    expect(arrived.email.inReplyTo).toBe('<p1@c.example>')
    expect(arrived.email.subject).toBe(`Re: printer jam [#${ticket.number}]`)
    expect(arrived.email.text?.trim()).toBe(`Hi Alice, we have your request #${ticket.number}.`)
    expect(await saidOn('printer jam', 'Acknowledge')).toEqual([
      'auto-reply queued to alice@customer.example',
    ])

    // Alice again within the hour, a mailing list, a forged From, an out-of-office: no answer to any.
    await send(
      customerMail({ from: 'alice@customer.example', subject: 'printer again', messageId: 'p2@c.example' }),
    )
    await send(
      customerMail({
        from: 'news@list.example',
        subject: 'printer deals',
        messageId: 'p3@c.example',
        above: ['Precedence: bulk'],
      }),
    )
    await send(
      customerMail({
        from: 'mallory@customer.example',
        subject: 'printer forged',
        messageId: 'p4@c.example',
        above: [DMARC_FAIL],
      }),
    )
    await send(
      customerMail({
        from: 'away@customer.example',
        subject: 'printer out of office',
        messageId: 'p5@c.example',
        above: ['Auto-Submitted: auto-replied'],
      }),
    )
    expect(await saidOn('printer again', 'Acknowledge')).toEqual([AutoReplySkipped.recent])
    expect(await saidOn('printer deals', 'Acknowledge')).toEqual([AutoReplySkipped.automatic])
    expect(await saidOn('printer forged', 'Acknowledge')).toEqual([AutoReplySkipped.dmarc])
    // An out-of-office opens no ticket at all: once it is decided, nothing was queued for it.
    await waitForValue(
      async () =>
        (await server.db.query(`select 1 from inbound_emails where "status" = 'auto-reply'`)).rows.length > 0,
      { what: 'the out-of-office decided' },
    )
    expect(await autoRepliesTo('alice@customer.example')).toBe(1)
    for (const to of ['news@list.example', 'mallory@customer.example', 'away@customer.example'])
      expect(await autoRepliesTo(to)).toBe(0)
  })

  it('posts a signed webhook, retried after a 500, with its outcome on the timeline', async () => {
    const rule = await createRule({
      name: 'Tell the CRM',
      kind: 'on-create',
      conditions: subjectHas('invoice'),
      actions: [{ type: 'webhook', url: receiver.url }],
    })
    const { secret } = await call<{ secret: string }>(
      ada.client,
      'POST',
      `/workspaces/${rule.teamId}/rules/${rule.$id}/webhook-secret`,
    )
    receiver.statuses.push(500)
    await send(
      customerMail({ from: 'bob@customer.example', subject: 'invoice 42', messageId: 'i1@c.example' }),
    )
    const ticket = await ticketOf('invoice 42')
    const outcome = await waitForValue(
      async () => (await eventsOf(ticket.$id, 'rule-webhook'))[0]?.after as TRuleWebhookOutcome | undefined,
      { what: 'the webhook delivered' },
    )
    expect(outcome).toMatchObject({ ruleName: 'Tell the CRM', delivered: true, attempt: 2, status: 200 })
    expect(receiver.calls).toHaveLength(2)
    for (const received of receiver.calls) {
      const timestamp = received.headers[RuleWebhookHeaders.timestamp] as string
      const expected = crypto
        .createHmac('sha256', secret)
        .update(`${timestamp}.${received.body}`)
        .digest('hex')
      expect(received.headers[RuleWebhookHeaders.signature]).toBe(`sha256=${expected}`)
      expect(JSON.parse(received.body)).toMatchObject({
        rule: { id: rule.$id, name: 'Tell the CRM' },
        ticket: { id: ticket.$id, number: ticket.number, subject: 'invoice 42' },
      })
    }
    // The secret is shown once: the rule as members read it never holds it.
    const read = await ada.databases.getDocument<TRule>({ ...RULES, documentId: rule.$id })
    expect(read.webhookSecret).toBeNull()
  })

  it('refuses a webhook to a private address, or over http to a host not allowed', async () => {
    for (const [url, message] of [
      ['https://169.254.169.254/latest', RuleMessages.webhookHost],
      ['https://10.0.0.7/hook', RuleMessages.webhookHost],
      ['https://localhost/hook', RuleMessages.webhookHost],
      ['http://hooks.example.com/hook', RuleMessages.webhookHttps],
    ] as const) {
      const refused = await rejection(
        createRule({
          name: `Bad ${url}`,
          kind: 'on-create',
          conditions: subjectHas('never'),
          actions: [{ type: 'webhook', url }],
        }),
      )
      expect(refused.code).toBe(400)
      expect(refused.message).toContain(message)
    }
  })

  it("answers the requester's latest mail from a scheduled rule and on a member's change, with the same guards", async () => {
    // A person, a mailing list and a forged From, all of one domain a scheduled rule looks for.
    await send(
      customerMail({
        from: 'Carol Ng <carol@parcel.example>',
        subject: 'parcel late',
        messageId: 's1@p.example',
      }),
    )
    await send(
      customerMail({
        from: 'offers@parcel.example',
        subject: 'parcel offers',
        messageId: 's2@p.example',
        above: ['List-Id: Offers <offers.parcel.example>'],
      }),
    )
    await send(
      customerMail({
        from: 'mallory@parcel.example',
        subject: 'parcel forged',
        messageId: 's3@p.example',
        above: [DMARC_FAIL],
      }),
    )
    const carols = await ticketOf('parcel late')
    await Promise.all([ticketOf('parcel offers'), ticketOf('parcel forged')])
    const nudge = await createRule({
      name: 'Nudge',
      kind: 'scheduled',
      conditions: {
        type: 'group',
        match: 'all',
        conditions: [
          { type: 'condition', field: 'requester.email', operator: 'contains', value: '@parcel.example' },
        ],
      },
      actions: [
        {
          type: 'email-reply',
          subject: 'Still on it',
          body: 'Hi {{requester.firstName}}, {{ticket.number}} is still with us.',
        },
      ],
    })
    // The minute job's own run, now (its timetable may run it as well: each ticket fires once either way).
    const actions = { outbox: server.outbox, queue: server.queue }
    await runScheduledRules({ db: server.db, log: () => {}, routeTickets: undefined, actions }, new Date())
    const nudged = await arrivedFor('carol@parcel.example')
    expect(headerOf(nudged, 'auto-submitted')).toBe('auto-replied')
    expect(headerOf(nudged, 'x-auto-response-suppress')).toBe('All')
    expect(nudged.email.inReplyTo).toBe('<s1@p.example>')
    expect(nudged.email.subject).toBe(`Still on it [#${carols.number}]`)
    expect(nudged.email.text?.trim()).toBe(`Hi Carol, #${carols.number} is still with us.`)
    expect(await saidOn('parcel late', 'Nudge')).toEqual(['auto-reply queued to carol@parcel.example'])
    expect(await saidOn('parcel offers', 'Nudge')).toEqual([AutoReplySkipped.automatic])
    expect(await saidOn('parcel forged', 'Nudge')).toEqual([AutoReplySkipped.dmarc])
    for (const to of ['offers@parcel.example', 'mallory@parcel.example'])
      expect(await autoRepliesTo(to)).toBe(0)
    await ada.databases.deleteDocument({ ...RULES, documentId: nudge.$id })

    // A member sets a ticket pending: the rule answers the requester's latest mail, their answer on it.
    await createRule({
      name: 'Waiting on you',
      kind: 'on-update',
      conditions: {
        type: 'group',
        match: 'all',
        conditions: [{ type: 'condition', field: 'ticket.status', operator: 'changed-to', value: 'pending' }],
      },
      actions: [{ type: 'email-reply', body: 'We need your order number to go on.' }],
    })
    await send(
      customerMail({ from: 'dave@depot.example', subject: 'parcel lost', messageId: 'd1@d.example' }),
    )
    const daves = await ticketOf('parcel lost')
    await send(
      customerMail({
        from: 'dave@depot.example',
        subject: 'Re: parcel lost',
        messageId: 'd2@d.example',
        above: ['In-Reply-To: <d1@d.example>'],
      }),
    )
    await waitForValue(
      async () =>
        (await server.db.query(`select 1 from messages where "messageId" = 'd2@d.example'`)).rows.length > 0,
      { what: "Dave's answer on his ticket" },
    )
    expect(await autoRepliesTo('dave@depot.example')).toBe(0)
    await ada.databases.updateDocument({ ...TICKETS, documentId: daves.$id, data: { status: 'pending' } })
    const waiting = await arrivedFor('dave@depot.example')
    expect(headerOf(waiting, 'auto-submitted')).toBe('auto-replied')
    expect(waiting.email.inReplyTo).toBe('<d2@d.example>')
    expect(waiting.email.subject).toBe(`Re: parcel lost [#${daves.number}]`)
    expect(await saidOn('parcel lost', 'Waiting on you')).toEqual(['auto-reply queued to dave@depot.example'])
  })

  it("refuses an auto-reply past the workspace's sending limit, says why on the timeline, and tries the next mail again", async () => {
    const beasAddress = (await readMailbox(bea)).address
    await createRule(
      {
        name: 'Thanks',
        kind: 'on-create',
        conditions: subjectHas('order'),
        actions: [{ type: 'email-reply', body: 'Thank you, this is {{ticket.number}}.' }],
      },
      bea,
    )
    const toBea = (from: string, subject: string, messageId: string) =>
      send(customerMail({ from, subject, messageId }), beasAddress)
    await toBea('frank@shop.example', 'order one', 'o1@shop.example')
    expect(await saidOn('order one', 'Thanks', bea)).toEqual(['auto-reply queued to frank@shop.example'])
    await arrivedFor('frank@shop.example')

    // Bea has not verified her address: one recipient an hour, and Frank was it.
    const limitWords = SendingLimitMessages.unverifiedPerHour(UNVERIFIED_PER_HOUR, 60_000).split(
      ' Try again',
    )[0]
    for (const [subject, messageId] of [
      ['order two', 'o2@shop.example'],
      ['order three', 'o3@shop.example'],
    ] as const) {
      await toBea('erin@shop.example', subject, messageId)
      const [said, ...rest] = await saidOn(subject, 'Thanks', bea)
      // Never "had one in the last hour": a refused reply is no reply.
      expect(said).toContain(AutoReplySkipped.limit)
      expect(said).toContain(limitWords)
      expect(rest).toEqual([])
    }
    expect(await autoRepliesTo('erin@shop.example')).toBe(0)
    expect(await autoRepliesTo('frank@shop.example')).toBe(1)
  })

  it('gives up on a failing webhook after five tries, says so on the timeline, and the rest of the rule stands', async () => {
    // A receiver of its own answers 500 to every try (the shared one's queued statuses can go to an earlier
    // test's late webhook); nothing listens at the other's port.
    const receiver = await startReceiver()
    onTestFinished(() => receiver.close())
    receiver.statuses.push(...Array.from({ length: 10 }, () => 500))
    const refusing = `http://127.0.0.1:${await freePort()}/hook`
    const rule = await createRule({
      name: 'Tell the ERP',
      kind: 'on-create',
      conditions: subjectHas('shipment'),
      actions: [
        { type: 'add-tags', tags: ['erp'] },
        { type: 'webhook', url: receiver.url },
        { type: 'webhook', url: refusing },
      ],
    })
    await send(
      customerMail({ from: 'gus@customer.example', subject: 'shipment stuck', messageId: 'w1@c.example' }),
    )
    const ticket = await ticketOf('shipment stuck')
    expect(ticket.tags).toEqual(['erp'])
    // pg-boss's own retries (2 s, then doubling) made due at once: its clock moved, not the test's sleep.
    const outcomes = await waitForValue(
      async () => {
        await server.db.query(
          `update pgboss.job set start_after = now() where name = $1 and state = 'retry'`,
          [ruleWebhookJob.id],
        )
        const events = await eventsOf(ticket.$id, 'rule-webhook')
        return events.length === 2 && events.map((event) => event.after as TRuleWebhookOutcome)
      },
      { what: 'both webhooks given up', timeoutMs: 50_000, intervalMs: 250 },
    )
    const byHost = new Map(outcomes.map((outcome) => [outcome.host, outcome]))
    expect(byHost.get(new URL(receiver.url).host)).toMatchObject({
      ruleName: 'Tell the ERP',
      delivered: false,
      attempt: 5,
      status: 500,
      error: 'answered 500',
    })
    expect(byHost.get(new URL(refusing).host)).toMatchObject({ delivered: false, attempt: 5, status: null })
    expect(byHost.get(new URL(refusing).host)?.error).toContain('ECONNREFUSED')
    expect(receiver.calls).toHaveLength(5)
    // Done with, not waiting for a sixth try: both jobs completed after their fifth.
    const { rows: jobs } = await server.db.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = $1 and data -> 'payload' ->> 'ruleId' = $2`,
      [ruleWebhookJob.id, rule.$id],
    )
    expect(jobs).toEqual([
      { state: 'completed', retry_count: 4 },
      { state: 'completed', retry_count: 4 },
    ])
    // The desk goes on: the next mail is a ticket, acknowledged by the first rule as ever.
    await send(
      customerMail({ from: 'hal@customer.example', subject: 'printer after', messageId: 'w2@c.example' }),
    )
    expect(await saidOn('printer after', 'Acknowledge')).toEqual([
      'auto-reply queued to hal@customer.example',
    ])
  })

  it('writes every outcome when a ticket’s webhooks give up at the same moment', async () => {
    const rule = await createRule({
      name: 'Tell the warehouse',
      kind: 'on-create',
      conditions: subjectHas('pallet'),
      actions: [{ type: 'add-tags', tags: ['warehouse'] }],
    })
    await send(
      customerMail({ from: 'ida@customer.example', subject: 'pallet lost', messageId: 'w3@c.example' }),
    )
    const ticket = await ticketOf('pallet lost')
    const refusing = `http://127.0.0.1:${await freePort()}/hook`
    const outbound = { allowedHosts: ['127.0.0.1'] }
    const calls = Array.from({ length: 6 }, () =>
      callRuleWebhook(
        { db: server.db, outbound },
        {
          callId: crypto.randomUUID(),
          ruleId: rule.$id,
          teamId: ticket.teamId,
          url: refusing,
          body: {
            event: 'rule.matched',
            rule: { id: rule.$id, name: rule.name },
            ticket: { ...ticket, id: ticket.$id },
          },
        },
        { number: 5, isLast: true },
      ),
    )
    await Promise.all(calls)
    const outcomes = await eventsOf(ticket.$id, 'rule-webhook')
    expect(outcomes.map((event) => (event.after as TRuleWebhookOutcome).delivered)).toEqual(
      Array(6).fill(false),
    )
  })
})
