import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  AutoReplySkipped,
  CollectionId,
  DATABASE_ID,
  RuleMessages,
  RuleWebhookHeaders,
  type TRuleAttributes,
  type TRuleCreate,
  type TRuleEvaluation,
  type TRuleWebhookOutcome,
  type TTicketAttributes,
  type TTicketEventAttributes,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

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

describe.each(DATABASE_KINDS)("rules' auto-reply and webhook on %s", (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let ada: TSdkUser
  let address: string

  beforeAll(async () => {
    ;[relay, receiver] = await Promise.all([startTestRelay(), startReceiver()])
    server = await startMailTestServer({
      database,
      // The receiver is on this machine: allowed by the operator, as a self-hoster would name theirs.
      env: { SMTP_RELAY_URL: relay.url, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    address = (await readMailbox(ada)).address
  })
  afterAll(async () => {
    await server?.stop()
    await Promise.all([relay?.close(), receiver?.close()])
  })

  const createRule = async (data: TRuleCreate) =>
    (await ada.databases.createDocument({ ...RULES, documentId: ID.unique(), data })) as unknown as TRule
  const send = async (raw: string) =>
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
  const ticketOf = (subject: string) =>
    waitForValue(
      async () =>
        (
          await ada.databases.listDocuments<TTicket>({
            ...TICKETS,
            queries: [Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: `the ticket "${subject}"` },
    )
  const eventsOf = async (ticketId: string, type: string) =>
    (
      await ada.databases.listDocuments<TEvent>({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticketId), Query.equal('type', type), Query.orderAsc('$sequence')],
      })
    ).documents
  /** What the rule's line on the ticket's timeline says its actions did. */
  const saidOn = (subject: string, ruleName: string) =>
    waitForValue(
      async () => {
        const ticket = await ticketOf(subject)
        const lines = (await eventsOf(ticket.$id, 'rule-evaluated')).map((e) => e.after as TRuleEvaluation)
        return lines.find((line) => line.ruleName === ruleName && line.matched)?.changes
      },
      { what: `rule ${ruleName} on "${subject}"` },
    )
  const autoRepliesTo = async (to: string) =>
    (await server.db.query(`select id from outbox where kind = 'auto-reply' and "to" ? $1`, [to])).rows.length

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
})
