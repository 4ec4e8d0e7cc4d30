import { CollectionId, DATABASE_ID, TicketLimits } from '@parsedesk/contracts'
import { type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { DATABASE_KINDS } from '../testing/test-database'
import { findDovecot, startTestDovecot, type TTestDovecot } from './imap/dovecot.test-kit'
import { readMailbox, sendRaw, type TInboundDocument } from './mail.test-kit'

/**
 * Mail written to hurt: every variant an attacker has used against us, and others like them, over every
 * channel. The server is a process of its own, so a crash is seen as one, not as a failed test worker.
 */

type THostileMail = {
  name: string
  raw: (to: string) => string | Buffer
  /** What the ticket's subject must read, when the mail must become a ticket. */
  subject?: string
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

function mail(options: {
  to: string
  id: string
  headers?: string[]
  body?: string
  subject?: string
}): string {
  return [
    `From: Mallory <mallory@attacker.example>`,
    `To: ${options.to}`,
    `Subject: ${options.subject ?? `hostile ${options.id}`}`,
    `Message-ID: <${options.id}@attacker.example>`,
    'Date: Tue, 24 Nov 2026 10:00:00 +0000',
    ...(options.headers ?? ['Content-Type: text/plain; charset=utf-8']),
    '',
    options.body ?? `Body of ${options.id}.`,
    '',
  ].join('\r\n')
}

function nested(depth: number): string {
  let part = 'Content-Type: text/plain\r\n\r\ninnermost\r\n'
  for (let level = 0; level < depth; level++) {
    part = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${part}--b${level}--\r\n`
  }
  return part
}

const HOSTILE: THostileMail[] = [
  {
    name: 'a NUL in an encoded-word subject',
    raw: (to) => mail({ to, id: 'nul-encoded-subject', subject: '=?utf-8?B?YQBi?=' }),
    subject: 'ab',
  },
  {
    name: 'a raw NUL byte in the Subject header',
    raw: (to) => Buffer.from(mail({ to, id: 'nul-raw-subject', subject: 'raw\u0000nul' }), 'latin1'),
    subject: 'rawnul',
  },
  {
    name: 'a NUL in a base64 body',
    raw: (to) =>
      mail({
        to,
        id: 'nul-base64',
        headers: ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'],
        body: b64('before\u0000after'),
      }),
    subject: 'hostile nul-base64',
  },
  {
    name: 'a NUL in a quoted-printable body',
    raw: (to) =>
      mail({
        to,
        id: 'nul-qp',
        headers: ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'],
        body: 'before=00after',
      }),
    subject: 'hostile nul-qp',
  },
  {
    name: 'a NUL in an HTML-only body',
    raw: (to) =>
      mail({
        to,
        id: 'nul-html',
        headers: ['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64'],
        body: b64('<p>html\u0000only</p>'),
      }),
    subject: 'hostile nul-html',
  },
  {
    name: 'a NUL in the From display name',
    raw: (to) => mail({ to, id: 'nul-from-name' }).replace('From: Mallory', 'From: =?utf-8?B?TWEAbGxvcnk=?='),
    subject: 'hostile nul-from-name',
  },
  {
    name: 'a NUL in an attachment name and a Message-ID',
    raw: (to) =>
      mail({
        to,
        id: 'nul-attachment',
        headers: [
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="x"',
          'In-Reply-To: <a\u0000b@x>',
        ],
        body: [
          '--x',
          'Content-Type: text/plain',
          '',
          'see attached',
          '--x',
          `Content-Type: application/octet-stream; name="=?utf-8?B?${b64('evil\u0000.txt')}?="`,
          'Content-Transfer-Encoding: base64',
          '',
          b64('payload'),
          '--x--',
        ].join('\r\n'),
      }),
    subject: 'hostile nul-attachment',
  },
  {
    name: 'a lone surrogate from a UTF-16 encoded word',
    raw: (to) => mail({ to, id: 'lone-surrogate', subject: '=?utf-16be?B?2AAAYQ==?=' }),
  },
  {
    name: 'a million U+0001 characters as the body',
    raw: (to) => mail({ to, id: 'control-flood', body: '\u0001'.repeat(1_000_000) }),
    subject: 'hostile control-flood',
  },
  {
    name: 'text and HTML bodies of 3 MB each, of characters JSON must escape',
    raw: (to) =>
      mail({
        to,
        id: 'escape-heavy',
        headers: ['MIME-Version: 1.0', 'Content-Type: multipart/alternative; boundary="alt"'],
        body: [
          '--alt',
          'Content-Type: text/plain; charset=utf-8',
          '',
          '"\\'.repeat(1_500_000),
          '--alt',
          'Content-Type: text/html; charset=utf-8',
          '',
          `<p>${'"'.repeat(3_000_000)}</p>`,
          '--alt--',
        ].join('\r\n'),
      }),
    subject: 'hostile escape-heavy',
  },
  {
    name: 'multipart nested 2,000 deep',
    raw: (to) =>
      mail({ to, id: 'deep-nesting', headers: ['MIME-Version: 1.0'], body: '' }).replace(
        /\r\n\r\n\r\n$/,
        `\r\n${nested(2000)}`,
      ),
  },
  {
    name: '20,000 header lines',
    raw: (to) =>
      mail({
        to,
        id: 'many-headers',
        headers: [
          ...Array.from({ length: 20_000 }, (_, n) => `X-Noise-${n}: ${n}`),
          'Content-Type: text/plain',
        ],
      }),
    subject: 'hostile many-headers',
  },
  {
    name: 'bytes that are no email at all',
    raw: () => Buffer.from(Array.from({ length: 4096 }, (_, n) => (n * 7919) % 256)),
  },
]

type TWebhookCall = {
  name: string
  path: string
  contentType: string
  body: string
  subject: string
}

function hostileWebhooks(to: string): TWebhookCall[] {
  const postmark = (id: string, fields: Record<string, unknown>) =>
    JSON.stringify({
      From: 'mallory@attacker.example',
      FromFull: { Email: 'mallory@attacker.example', Name: 'Mal\u0000lory' },
      To: to,
      Subject: `webhook ${id}`,
      MessageID: `postmark-${id}`,
      TextBody: 'text\u0000body',
      HtmlBody: '<p>html\u0000body</p>',
      Headers: [{ Name: 'X-Evil', Value: 'a\u0000b' }],
      ...fields,
    })
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  return [
    {
      name: 'Postmark JSON with NUL in every text field',
      path: 'postmark',
      contentType: 'application/json',
      body: postmark('nul', { Subject: 'webhook nul\u0000subject' }),
      subject: 'webhook nulsubject',
    },
    {
      name: 'Postmark JSON with a lone surrogate',
      path: 'postmark',
      contentType: 'application/json',
      body: postmark('surrogate', { Subject: 'webhook \ud800surrogate', MessageID: 'postmark-surrogate' }),
      subject: 'webhook \uFFFDsurrogate',
    },
    {
      name: 'a Mailgun form with NUL',
      path: 'mailgun',
      contentType: 'application/x-www-form-urlencoded',
      body: form({
        sender: 'mallory@attacker.example',
        from: 'Mal\u0000lory <mallory@attacker.example>',
        recipient: to,
        subject: 'webhook mailgun\u0000nul',
        'body-plain': 'plain\u0000text',
        'Message-Id': '<mailgun-nul@attacker.example>',
      }),
      subject: 'webhook mailgunnul',
    },
    {
      name: 'a raw MIME post with a NUL subject',
      path: 'raw',
      contentType: 'message/rfc822',
      body: mail({ to, id: 'raw-webhook', subject: '=?utf-8?B?cmF3AHdlYmhvb2s=?=' }),
      subject: 'rawwebhook',
    },
  ]
}

const DECIDED_TIMEOUT_MS = 90_000

async function listInbound(user: TSdkUser): Promise<TInboundDocument[]> {
  const list = await user.databases.listDocuments<TInboundDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.inbound,
    queries: [
      Query.limit(500),
      Query.select([
        '$id',
        'status',
        'reason',
        'subject',
        'ticketId',
        'threadMessageId',
        'duplicateOf',
        'from',
      ]),
    ],
  })
  return list.documents
}

async function ticketSubjects(user: TSdkUser): Promise<string[]> {
  const list = await user.databases.listDocuments<Models.Document & { subject: string }>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    queries: [Query.limit(500), Query.select(['$id', 'subject'])],
  })
  return list.documents.map((ticket) => ticket.subject)
}

async function ping(server: TServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/v1/ping`)
  return response.text()
}

describe.each(DATABASE_KINDS)('hostile mail on %s', (database) => {
  let server: TServerProcess
  let user: TSdkUser
  let address: string
  let dovecot: TTestDovecot | undefined
  const imapLogin = { user: 'victim', password: 'victim-imap-secret-4410' }

  beforeAll(async () => {
    server = await startServerProcess({
      database,
      env: { SMTP_MAX_BYTES: String(8 * 1024 * 1024), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    })
    user = await signUpUser(server.url, 'Hostile Mail Victim')
    ;({ address } = await readMailbox(user))
    if (findDovecot())
      dovecot = await startTestDovecot({ users: [{ name: imapLogin.user, password: imapLogin.password }] })
  })
  afterAll(async () => {
    await server?.stop()
    await dovecot?.stop()
  })

  it('stays up, and makes every hostile message a ticket or a recorded rejection, over SMTP, webhooks and IMAP', async () => {
    for (const hostile of HOSTILE) {
      const result = await sendRaw({ port: server.smtpPort, to: address, raw: hostile.raw(address) })
      expect(result, hostile.name).toMatchObject({ accepted: true })
    }
    const webhooks = hostileWebhooks(address)
    const { secret, mailboxId } = (await user.client.call(
      'get',
      new URL(`${server.url}/v1/inbound/${(await readMailbox(user)).$id}`),
    )) as { secret: string; mailboxId: string }
    for (const call of webhooks) {
      const response = await fetch(`${server.url}/v1/inbound/${mailboxId}/${call.path}`, {
        method: 'POST',
        headers: { 'content-type': call.contentType, authorization: `Bearer ${secret}` },
        body: call.body,
      })
      expect(response.status, `${call.name}: ${await response.clone().text()}`).toBe(200)
    }
    const imapMessages = dovecot ? ['imap nul', 'imap surrogate'] : []
    if (dovecot) {
      await dovecot.deliver({
        ...imapLogin,
        raw: mail({ to: address, id: 'imap-nul', subject: '=?utf-8?B?aW1hcCBudWwA?=' }),
      })
      await dovecot.deliver({
        ...imapLogin,
        raw: mail({
          to: address,
          id: 'imap-surrogate',
          subject: '=?utf-16be?B?AGkAbQBhAHAAINgAAHMAdQByAHI=?=',
        }),
      })
      await user.databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: 'unique()',
        data: {
          host: dovecot.host,
          port: dovecot.port,
          secure: false,
          username: imapLogin.user,
          password: imapLogin.password,
        },
      })
    }

    const expected = HOSTILE.length + webhooks.length + imapMessages.length
    const inbound = await vi.waitFor(
      async () => {
        expect(server.isRunning(), `the server died:\n${server.output()}`).toBe(true)
        const deliveries = await listInbound(user)
        expect(deliveries).toHaveLength(expected)
        expect(deliveries.filter((d) => d.status === 'received')).toEqual([])
        return deliveries
      },
      { timeout: DECIDED_TIMEOUT_MS, interval: 250 },
    )
    expect(await ping(server)).toBe('Pong!')
    expect(inbound.filter((d) => d.status !== 'ticket').map((d) => [d.status, d.reason])).toEqual([
      ['rejected', 'no email headers were found at the start of the data'],
    ])
    const subjects = await ticketSubjects(user)
    for (const subject of [...HOSTILE.flatMap((h) => h.subject ?? []), ...webhooks.map((w) => w.subject)]) {
      expect(subjects, `a ticket "${subject}"`).toContain(subject)
    }
    expect(subjects.filter((s) => s.startsWith('imap'))).toHaveLength(imapMessages.length)
    const [big] = (
      await user.databases.listDocuments<Models.Document & { rawJson: Record<string, unknown> }>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        queries: [Query.equal('subject', 'hostile escape-heavy'), Query.select(['$id', 'rawJson'])],
      })
    ).documents
    expect(Buffer.byteLength(JSON.stringify(big?.rawJson))).toBeLessThanOrEqual(TicketLimits.rawJson)
    expect(big?.rawJson).toMatchObject({ Truncated: true, TextBody: expect.stringMatching(/^("\\){100000}/) })
    expect(big?.rawJson.HtmlBody).toMatch(/^<p>"{100000}/)
    expect(subjects.join('').includes('\u0000')).toBe(false)
  }, 180_000)

  it('finds nothing stuck after a restart, and still takes mail', async () => {
    const before = await listInbound(user)
    await server.kill('SIGKILL')
    await server.restart()
    const canary = mail({ to: address, id: 'after-restart', subject: 'after the restart' })
    expect(await sendRaw({ port: server.smtpPort, to: address, raw: canary })).toMatchObject({
      accepted: true,
    })
    await vi.waitFor(async () => expect(await ticketSubjects(user)).toContain('after the restart'), {
      timeout: 30_000,
      interval: 250,
    })
    const after = await listInbound(user)
    expect(after.filter((d) => d.status === 'received')).toEqual([])
    expect(after.filter((d) => before.some((b) => b.$id === d.$id))).toEqual(before)
    expect(server.isRunning()).toBe(true)
    expect(server.output()).not.toMatch(/nothing handled it|nothing caught it|UnhandledPromiseRejection/)
  }, 120_000)
})
