import { BucketId, CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { Query, Storage } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { waitForValue } from '../../testing/wait-for-value'
import type { TWebhookUrls } from './webhook-urls'

const MAX_BYTES = 300_000
const PDF = Buffer.from('%PDF-1.4\n% a small but real-looking pdf\n%%EOF\n')
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')

type TTicket = { $id: string; email: string; subject: string; body: string }
type TWebhookInfo = { mailboxId: string; secret: string; urls: TWebhookUrls }

function rawEmail(options: {
  subject: string
  from: string
  text: string
  attachment?: { name: string; content: Buffer }
}) {
  const head = `From: ${options.from}\r\nTo: support@inbound.localhost\r\nSubject: ${options.subject}\r\nMessage-ID: <${options.subject.replace(/\W+/g, '.')}@example.com>\r\nDate: Thu, 05 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n`
  if (!options.attachment) return `${head}Content-Type: text/plain; charset=utf-8\r\n\r\n${options.text}\r\n`
  return (
    `${head}Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${options.text}\r\n` +
    `--b1\r\nContent-Type: application/pdf; name="${options.attachment.name}"\r\nContent-Disposition: attachment; filename="${options.attachment.name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${options.attachment.content.toString('base64')}\r\n--b1--\r\n`
  )
}

describe.each(DATABASE_KINDS)('inbound webhooks (%s)', (database) => {
  let server: TTestServer
  let user: TSdkUser
  let info: TWebhookInfo

  function waitForTicket(subject: string): Promise<TTicket> {
    return waitForValue(
      async () => {
        const { documents } = await user.databases.listDocuments({
          databaseId: DATABASE_ID,
          collectionId: CollectionId.tickets,
          queries: [Query.equal('subject', subject)],
        })
        return documents[0] as unknown as TTicket | undefined
      },
      { what: `a ticket "${subject}"`, timeoutMs: 15_000 },
    )
  }

  async function attachmentsOf(ticketId: string): Promise<{ name: string; sizeOriginal: number }[]> {
    const { files } = await new Storage(user.client).listFiles({
      bucketId: BucketId.attachments,
      queries: [Query.equal('ticketId', ticketId)],
    })
    return files.map((f) => ({ name: f.name, sizeOriginal: f.sizeOriginal }))
  }

  async function ticketsNamed(subject: string): Promise<number> {
    const { total } = await user.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      queries: [Query.equal('subject', subject)],
    })
    return total
  }

  const url = (format: string, query = `?secret=${encodeURIComponent(info.secret)}`) =>
    `${server.url}/v1/inbound/${info.mailboxId}/${format}${query}`

  beforeAll(async () => {
    server = await startTestServer({ database, env: { SMTP_MAX_BYTES: String(MAX_BYTES) } })
    user = await signUpUser(server.url)
    const { documents } = await user.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.mailboxes,
    })
    const mailboxId = documents[0]!.$id
    info = (await user.client.call('get', new URL(`${server.url}/v1/inbound/${mailboxId}`))) as TWebhookInfo
  })

  afterAll(async () => {
    await server?.stop()
  })

  it('shows its owner the webhook URLs, and nobody else', async () => {
    expect(info.secret).toMatch(/^[\w-]{32}$/)
    expect(info.urls.postmark).toBe(
      `${server.url}/v1/inbound/${info.mailboxId}/postmark?secret=${info.secret}`,
    )
    expect(info.urls.mailgunMime).toMatch(/\/mailgun\/mime\?secret=/)
    const stranger = await signUpUser(server.url)
    await expect(
      stranger.client.call('get', new URL(`${server.url}/v1/inbound/${info.mailboxId}`)),
    ).rejects.toMatchObject({ code: 404 })
    const guest = await fetch(`${server.url}/v1/inbound/${info.mailboxId}`)
    expect(guest.status).toBe(401)
  })

  it('Postmark JSON at the URL the owner was shown becomes a ticket with its attachments; a retry is not', async () => {
    const subject = 'Postmark: refund for order 5521'
    const body = {
      FromFull: { Email: 'pia@example.com', Name: 'Pia Postmark', MailboxHash: '' },
      From: 'pia@example.com',
      ToFull: [{ Email: 'support@inbound.localhost', Name: '', MailboxHash: '' }],
      Subject: subject,
      MessageID: '6f9c3a1e-5b1d-4c55-9a0a-3d2b0e1f7a11',
      Date: 'Thu, 5 Nov 2026 10:00:00 +0000',
      TextBody: 'I was charged twice for order 5521.',
      HtmlBody: '<p>I was charged twice for order 5521.</p>',
      Headers: [{ Name: 'Message-ID', Value: '<pm-5521@example.com>' }],
      Attachments: [
        {
          Name: 'receipt.pdf',
          Content: PDF.toString('base64'),
          ContentType: 'application/pdf',
          ContentLength: PDF.length,
        },
      ],
    }
    const post = () =>
      fetch(info.urls.postmark, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const first = await post()
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ duplicate: false })
    const ticket = await waitForTicket(subject)
    expect(ticket.email).toBe('pia@example.com')
    expect(ticket.body).toContain('charged twice')
    expect(await attachmentsOf(ticket.$id)).toEqual([{ name: 'receipt.pdf', sizeOriginal: PDF.length }])

    const retry = await post()
    expect(await retry.json()).toMatchObject({ duplicate: true })
    expect(await ticketsNamed(subject)).toBe(1)
  })

  it('Mailgun with body-mime, authenticated by basic auth, becomes a ticket with its attachment', async () => {
    const subject = 'Mailgun MIME: printer jam'
    const form = new FormData()
    form.set('recipient', 'support@inbound.localhost')
    form.set('sender', 'max@example.com')
    form.set(
      'body-mime',
      rawEmail({
        subject,
        from: 'Max <max@example.com>',
        text: 'The printer jams.',
        attachment: { name: 'jam.pdf', content: PDF },
      }),
    )
    const response = await fetch(url('mailgun/mime', ''), {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${info.secret}`).toString('base64')}` },
      body: form,
    })
    expect(response.status).toBe(200)
    const ticket = await waitForTicket(subject)
    expect(ticket.email).toBe('max@example.com')
    expect(await attachmentsOf(ticket.$id)).toEqual([{ name: 'jam.pdf', sizeOriginal: PDF.length }])
  })

  it('Mailgun parsed fields with attachment-1 become a ticket with that attachment', async () => {
    const subject = 'Mailgun fields: cannot log in'
    const form = new FormData()
    form.set('sender', 'lea@example.com')
    form.set('from', 'Lea <lea@example.com>')
    form.set('subject', subject)
    form.set('body-plain', 'I cannot log in since yesterday.')
    form.set('body-html', '<p>I cannot log in since yesterday.</p>')
    form.set(
      'message-headers',
      JSON.stringify([
        ['Message-Id', '<mg-login@example.com>'],
        ['Subject', subject],
      ]),
    )
    form.set('attachment-count', '1')
    form.set('attachment-1', new Blob([PNG], { type: 'image/png' }), 'screen.png')
    const response = await fetch(url('mailgun'), { method: 'POST', body: form })
    expect(response.status).toBe(200)
    const ticket = await waitForTicket(subject)
    expect(ticket.email).toBe('lea@example.com')
    expect(ticket.body).toContain('cannot log in')
    expect(await attachmentsOf(ticket.$id)).toEqual([{ name: 'screen.png', sizeOriginal: PNG.length }])
  })

  it('SendGrid with the raw email field becomes a ticket with its attachment', async () => {
    const subject = 'SendGrid raw: invoice missing'
    const form = new FormData()
    form.set(
      'email',
      rawEmail({
        subject,
        from: 'sam@example.com',
        text: 'Where is my invoice?',
        attachment: { name: 'order.pdf', content: PDF },
      }),
    )
    form.set('envelope', JSON.stringify({ from: 'sam@example.com', to: ['support@inbound.localhost'] }))
    const response = await fetch(url('sendgrid', ''), {
      method: 'POST',
      headers: { authorization: `Bearer ${info.secret}` },
      body: form,
    })
    expect(response.status).toBe(200)
    const ticket = await waitForTicket(subject)
    expect(ticket.email).toBe('sam@example.com')
    expect(await attachmentsOf(ticket.$id)).toEqual([{ name: 'order.pdf', sizeOriginal: PDF.length }])
  })

  it('SendGrid parsed fields with attachment1 become a ticket with that attachment', async () => {
    const subject = 'SendGrid fields: app crashes'
    const form = new FormData()
    form.set(
      'headers',
      `From: Ida <ida@example.com>\nTo: support@inbound.localhost\nSubject: ${subject}\nMessage-ID: <sg-crash@example.com>\nDate: Thu, 5 Nov 2026 10:00:00 +0000\n`,
    )
    form.set('from', 'Ida <ida@example.com>')
    form.set('to', 'support@inbound.localhost')
    form.set('subject', subject)
    form.set('text', 'The app crashes when I open settings.')
    form.set('charsets', JSON.stringify({ from: 'UTF-8', to: 'UTF-8', subject: 'UTF-8', text: 'UTF-8' }))
    form.set('attachments', '1')
    form.set('attachment-info', JSON.stringify({ attachment1: { filename: 'crash.png', type: 'image/png' } }))
    form.set('attachment1', new Blob([PNG], { type: 'image/png' }), 'crash.png')
    const response = await fetch(url('sendgrid'), { method: 'POST', body: form })
    expect(response.status).toBe(200)
    const ticket = await waitForTicket(subject)
    expect(ticket.email).toBe('ida@example.com')
    expect(ticket.body).toContain('crashes when I open settings')
    expect(await attachmentsOf(ticket.$id)).toEqual([{ name: 'crash.png', sizeOriginal: PNG.length }])

    // SendGrid retries a post it did not see answered: the same fields are the same message.
    const retry = await fetch(url('sendgrid'), { method: 'POST', body: form })
    expect(await retry.json()).toMatchObject({ duplicate: true })
    expect(await ticketsNamed(subject)).toBe(1)
  })

  it('raw message/rfc822 becomes a ticket with its attachment', async () => {
    const subject = 'Raw MIME: contract renewal'
    const response = await fetch(url('raw'), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: rawEmail({
        subject,
        from: 'rob@example.com',
        text: 'Please renew.',
        attachment: { name: 'contract.pdf', content: PDF },
      }),
    })
    expect(response.status).toBe(200)
    const ticket = await waitForTicket(subject)
    expect(ticket.email).toBe('rob@example.com')
    expect(await attachmentsOf(ticket.$id)).toEqual([{ name: 'contract.pdf', sizeOriginal: PDF.length }])
  })

  it('refuses a wrong or missing secret and an unknown mailbox with 401, storing nothing', async () => {
    const subject = 'Should never arrive'
    const message = rawEmail({ subject, from: 'eve@example.com', text: 'hi' })
    const post = (target: string, headers: Record<string, string> = {}) =>
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822', ...headers },
        body: message,
      })
    expect((await post(url('raw', '?secret=wrong'))).status).toBe(401)
    expect((await post(url('raw', ''))).status).toBe(401)
    expect((await post(url('raw', ''), { authorization: 'Bearer nope' })).status).toBe(401)
    expect((await post(`${server.url}/v1/inbound/nosuchmailbox/raw?secret=${info.secret}`)).status).toBe(401)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await ticketsNamed(subject)).toBe(0)
  })

  it('answers 413 for a message over the size limit and 400 with the reason for malformed input', async () => {
    const big = rawEmail({ subject: 'big', from: 'a@example.com', text: 'x'.repeat(MAX_BYTES + 10) })
    const tooLarge = await fetch(url('raw'), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: big,
    })
    expect(tooLarge.status).toBe(413)

    const bigForm = new FormData()
    bigForm.set('email', big)
    expect((await fetch(url('sendgrid'), { method: 'POST', body: bigForm })).status).toBe(413)

    const malformed = await fetch(url('postmark'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Subject: 'no sender' }),
    })
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).message).toMatch(/From or FromFull is required/)

    const notJson = await fetch(url('postmark'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"From": ',
    })
    expect(notJson.status).toBe(400)

    const notEmail = await fetch(url('raw'), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: 'just some words, no headers',
    })
    expect(notEmail.status).toBe(400)
    expect((await notEmail.json()).message).toMatch(/not an RFC 822 message/)

    const emptyForm = await fetch(url('mailgun'), {
      method: 'POST',
      body: new URLSearchParams({ recipient: 'x@y' }),
    })
    expect(emptyForm.status).toBe(400)
    expect((await emptyForm.json()).message).toMatch(/body-mime/)
  })
})
