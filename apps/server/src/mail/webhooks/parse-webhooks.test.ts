import { describe, expect, it } from 'vitest'
import { parseInboundEmail } from '../parse'
import { parseMailgunWebhook } from './parse-mailgun-webhook'
import { parsePostmarkWebhook } from './parse-postmark-webhook'
import { parseSendgridWebhook } from './parse-sendgrid-webhook'
import type { TWebhookFile, TWebhookForm } from './read-webhook-form'

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

function form(fields: Record<string, string | Buffer>, files: TWebhookFile[] = []): TWebhookForm {
  return {
    fields: new Map(
      Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v, 'utf8') : v]),
    ),
    files,
  }
}

describe('Postmark inbound JSON', () => {
  const postmark = {
    From: 'zoe@example.com',
    FromName: 'Zoë Näher',
    FromFull: { Email: 'zoe@example.com', Name: 'Zoë Näher', MailboxHash: '' },
    To: 'support@inbound.localhost',
    ToFull: [{ Email: 'support@inbound.localhost', Name: 'Support', MailboxHash: '' }],
    Subject: 'Invoice 4411 is wrong — please fix',
    MessageID: '22c74902-a0c1-4511-804f-341342852c90',
    Date: 'Thu, 5 Nov 2026 10:00:00 +0100',
    TextBody: 'Hello,\n\nthe invoice total is wrong.\n\nZoë',
    HtmlBody: '<p>Hello,</p><p>the invoice total is <b>wrong</b>.</p><img src="cid:logo123">',
    Headers: [
      { Name: 'Message-ID', Value: '<original-1@mail.example.com>' },
      { Name: 'In-Reply-To', Value: '<earlier@parsedesk.test>' },
      { Name: 'Return-Path', Value: '<bounce@example.com>' },
      { Name: 'X-Spam-Status', Value: 'No' },
      { Name: 'MIME-Version', Value: '1.0' },
    ],
    Attachments: [
      {
        Name: 'invoice.pdf',
        Content: Buffer.from('%PDF-1.4 fake').toString('base64'),
        ContentType: 'application/pdf',
        ContentLength: 13,
      },
      {
        Name: 'logo.png',
        Content: PNG.toString('base64'),
        ContentType: 'image/png',
        ContentLength: PNG.length,
        ContentID: 'logo123',
      },
    ],
  }

  it('composes a message that parses back to the same sender, subject, bodies, ids and attachments', async () => {
    const { raw, externalId, envelopeFrom } = await parsePostmarkWebhook(postmark)
    expect(externalId).toBe(postmark.MessageID)
    expect(envelopeFrom).toBe('bounce@example.com')
    const email = await parseInboundEmail(raw)
    expect(email.from).toEqual({ address: 'zoe@example.com', name: 'Zoë Näher' })
    expect(email.to[0]?.address).toBe('support@inbound.localhost')
    expect(email.subject).toBe(postmark.Subject)
    expect(email.messageId).toBe('original-1@mail.example.com')
    expect(email.inReplyTo).toBe('earlier@parsedesk.test')
    expect(email.date).toBe('2026-11-05T09:00:00.000Z')
    expect(email.textBody).toContain('the invoice total is wrong.')
    expect(email.htmlBody).toContain('<b>wrong</b>')
    expect(email.headers.find((h) => h.Name.toLowerCase() === 'x-spam-status')?.Value).toBe('No')
    const pdf = email.attachments.find((a) => a.filename === 'invoice.pdf')
    expect(Buffer.from(pdf!.content).toString()).toBe('%PDF-1.4 fake')
    const logo = email.attachments.find((a) => a.filename === 'logo.png')
    expect(logo?.contentId).toBe('logo123')
    expect(Buffer.from(logo!.content).equals(PNG)).toBe(true)
  })

  it('reads an HTML-only message (empty TextBody) as text', async () => {
    const { raw } = await parsePostmarkWebhook({
      ...postmark,
      TextBody: '',
      HtmlBody: '<p>Only <b>HTML</b> here.</p>',
      Attachments: [],
    })
    expect((await parseInboundEmail(raw)).textBody).toContain('Only HTML here.')
  })

  it('takes RawEmail as the message when Postmark includes it', async () => {
    const rawEmail = 'From: a@example.com\r\nSubject: raw one\r\nMessage-ID: <r1@x>\r\n\r\nbody\r\n'
    const { raw } = await parsePostmarkWebhook({ ...postmark, RawEmail: rawEmail })
    expect(raw.toString()).toBe(rawEmail)
  })

  it('names what is wrong with malformed input', async () => {
    await expect(parsePostmarkWebhook([])).rejects.toThrow(/Postmark inbound JSON object/)
    await expect(parsePostmarkWebhook({ Subject: 'no sender' })).rejects.toThrow(/From or FromFull/)
    await expect(
      parsePostmarkWebhook({ ...postmark, Attachments: [{ Name: 'x', Content: '***' }] }),
    ).rejects.toThrow(/Attachments\.0\.Content is not base64/)
  })
})

describe('Mailgun forward', () => {
  it('keeps body-mime byte for byte, 8-bit text included', async () => {
    const mime = Buffer.concat([
      Buffer.from(
        'From: a@example.com\r\nSubject: =?iso-8859-1?q?caf=E9?=\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\n',
      ),
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a]),
    ])
    const { raw } = await parseMailgunWebhook(form({ 'body-mime': mime, sender: 'a@example.com' }))
    expect(raw.equals(mime)).toBe(true)
    expect((await parseInboundEmail(raw)).textBody.trim()).toBe('café')
  })

  it('composes the parsed fields, message-headers and attachment files', async () => {
    const { raw, externalId, envelopeFrom } = await parseMailgunWebhook(
      form(
        {
          sender: 'bounces+x@example.com',
          from: 'Bob Builder <bob@example.com>',
          subject: 'Printer on fire',
          'body-plain': 'It is really on fire.',
          'body-html': '<p>It is really on fire.</p>',
          'message-headers': JSON.stringify([
            ['Message-Id', '<mg-1@example.com>'],
            ['References', '<a@x> <b@x>'],
            ['Content-Type', 'multipart/mixed; boundary="zzz"'],
          ]),
          'attachment-count': '1',
        },
        [{ fieldName: 'attachment-1', filename: 'photo.png', contentType: 'image/png', content: PNG }],
      ),
    )
    expect(externalId).toBe('<mg-1@example.com>')
    expect(envelopeFrom).toBe('bounces+x@example.com')
    const email = await parseInboundEmail(raw)
    expect(email.from).toEqual({ address: 'bob@example.com', name: 'Bob Builder' })
    expect(email.messageId).toBe('mg-1@example.com')
    expect(email.references).toEqual(['a@x', 'b@x'])
    expect(email.textBody.trim()).toBe('It is really on fire.')
    expect(email.attachments.map((a) => a.filename)).toEqual(['photo.png'])
  })

  it('knows a retried post of the same fields by its content, whatever the per-attempt signature', async () => {
    const fields = { from: 'a@example.com', subject: 'Same', 'body-plain': 'Same text.' }
    const first = await parseMailgunWebhook(form({ ...fields, token: 't1', timestamp: '1', signature: 's1' }))
    const retry = await parseMailgunWebhook(form({ ...fields, token: 't2', timestamp: '2', signature: 's2' }))
    const other = await parseMailgunWebhook(form({ ...fields, 'body-plain': 'Other text.', token: 't3' }))
    expect(first.externalId).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(retry.externalId).toBe(first.externalId)
    expect(other.externalId).not.toBe(first.externalId)
  })

  it('refuses a form with neither the message nor its fields', async () => {
    await expect(parseMailgunWebhook(form({ recipient: 'x@y' }))).rejects.toThrow(/body-mime/)
    await expect(parseMailgunWebhook(form({ from: 'a@b', 'message-headers': '{' }))).rejects.toThrow(
      /message-headers is not JSON/,
    )
  })
})

describe('SendGrid Inbound Parse', () => {
  it('keeps the raw email field when "send raw" is on', async () => {
    const mime = 'From: c@example.com\r\nSubject: raw\r\n\r\nhi\r\n'
    const { raw, envelopeFrom } = await parseSendgridWebhook(
      form({ email: mime, envelope: JSON.stringify({ from: 'c@example.com', to: ['s@x'] }) }),
    )
    expect(raw.toString()).toBe(mime)
    expect(envelopeFrom).toBe('c@example.com')
  })

  it('composes from headers and fields, each decoded in the charset SendGrid names', async () => {
    const latin1Text = Buffer.from('Grüße aus Köln', 'latin1')
    const { raw } = await parseSendgridWebhook(
      form(
        {
          headers:
            'Message-ID: <sg-1@example.com>\r\nFrom: Carla <carla@example.com>\r\nSubject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\r\n' +
            'Received: from a\r\n by b; Thu, 5 Nov 2026 10:00:00 +0000\r\nContent-Type: multipart/alternative; boundary=x\r\n',
          from: 'Carla <carla@example.com>',
          to: 'support@inbound.localhost',
          subject: 'Grüße',
          text: latin1Text,
          charsets: JSON.stringify({ text: 'iso-8859-1', subject: 'UTF-8', from: 'UTF-8', to: 'UTF-8' }),
          'attachment-info': JSON.stringify({ attachment1: { filename: 'report.csv', type: 'text/csv' } }),
          attachments: '1',
        },
        [
          {
            fieldName: 'attachment1',
            filename: 'report.csv',
            contentType: 'text/csv',
            content: Buffer.from('a,b\n1,2\n'),
          },
        ],
      ),
    )
    const email = await parseInboundEmail(raw)
    expect(email.messageId).toBe('sg-1@example.com')
    expect(email.subject).toBe('Grüße')
    expect(email.textBody.trim()).toBe('Grüße aus Köln')
    expect(email.headers.find((h) => h.Name.toLowerCase() === 'received')?.Value).toContain('by b')
    expect(email.attachments[0]?.filename).toBe('report.csv')
    expect(Buffer.from(email.attachments[0]!.content).toString()).toBe('a,b\n1,2\n')
  })

  it('refuses a post that carries no message', async () => {
    await expect(parseSendgridWebhook(form({ dkim: 'none' }))).rejects.toThrow(/expected email/)
  })
})
