import fs from 'node:fs'
import path from 'node:path'
import { Query, Storage } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import {
  readMailbox,
  sendRaw,
  sessionOf,
  signUpWithMailbox,
  startMailTestServer,
  TEST_INBOUND_DOMAIN,
  type TMailTestServer,
  waitForDecided,
} from './mail.test-kit'
import { EMAIL_CORPUS_DIR, hasEmailCorpus } from './parse/email-corpus'

type TEmailOptions = { subject: string; body: string; messageId?: string; from?: string; headers?: string[] }

function plainEmail(options: TEmailOptions): string {
  return [
    `From: Ada Customer <${options.from ?? 'ada@customer.example'}>`,
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: ${options.subject}`,
    ...(options.messageId ? [`Message-ID: <${options.messageId}>`] : []),
    'Date: Sat, 21 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...(options.headers ?? []),
    '',
    options.body,
    '',
  ].join('\r\n')
}

function emailWithAttachments(files: { name: string; type: string; content: string }[]): string {
  const boundary = 'b-attachments-1'
  return [
    'From: Ada Customer <ada@customer.example>',
    `To: support@${TEST_INBOUND_DOMAIN}`,
    'Subject: Files for you',
    `Message-ID: <files-${Date.now()}@customer.example>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'See the files attached.',
    ...files.flatMap((file) => [
      `--${boundary}`,
      `Content-Type: ${file.type}; name="${file.name}"`,
      `Content-Disposition: attachment; filename="${file.name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(file.content).toString('base64'),
    ]),
    `--${boundary}--`,
    '',
  ].join('\r\n')
}

const talon = (name: string) =>
  fs.readFileSync(path.join(EMAIL_CORPUS_DIR, 'mailgun-talon/standard_replies', name), 'latin1')

/** A real client's reply, made to answer `messageId` the way that client would. */
function replyTo(raw: string, messageId: string): string {
  return `In-Reply-To: <${messageId}>\r\nReferences: <${messageId}>\r\n${raw}`
}

async function listTickets(user: TSdkUser) {
  return user.databases.listDocuments({ databaseId: 'main', collectionId: 'tickets' })
}

async function listMessages(user: TSdkUser, ticketId: string) {
  return user.databases.listDocuments({
    databaseId: 'main',
    collectionId: 'messages',
    queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence')],
  })
}

describe.each(DATABASE_KINDS)('mail intake over SMTP on %s', (database) => {
  let server: TMailTestServer

  beforeAll(async () => {
    server = await startMailTestServer({ database, env: { SMTP_MAX_BYTES: String(200_000) } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  const send = (to: string, raw: string) => sendRaw({ port: server.smtpPort, to, raw })

  it('gives a new account one parsing address named after it, which the owner can regenerate', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url, 'Zoë Ünal')
    expect(mailbox.address).toMatch(/^zoe-unal-[a-z2-9]{10}@inbound\.test$/)
    expect(await readMailbox(user)).toMatchObject({ $id: mailbox.$id, address: mailbox.address })

    const regenerated = await user.databases.updateDocument({
      databaseId: 'main',
      collectionId: 'mailboxes',
      documentId: mailbox.$id,
      data: { regenerate: true },
    })
    expect(regenerated.$id).toBe(mailbox.$id)
    expect(regenerated.address).not.toBe(mailbox.address)
    expect(regenerated.address).toMatch(/^zoe-unal-[a-z2-9]{10}@inbound\.test$/)
    const old = await send(mailbox.address, plainEmail({ subject: 'old', body: 'to the old address' }))
    expect(old).toMatchObject({ accepted: false, code: 550 })
    expect((await send(regenerated.address, plainEmail({ subject: 'new', body: 'hi' }))).accepted).toBe(true)

    const stranger = await signUpWithMailbox(server.url)
    const attempt = stranger.user.databases.updateDocument({
      databaseId: 'main',
      collectionId: 'mailboxes',
      documentId: mailbox.$id,
      data: { regenerate: true },
    })
    await expect(attempt).rejects.toMatchObject({ code: 404 })
    const mine = await stranger.user.databases.listDocuments({
      databaseId: 'main',
      collectionId: 'mailboxes',
    })
    expect(mine.documents.map((d) => d.$id)).toEqual([stranger.mailbox.$id])
  })

  it('turns a message into an open ticket of the mailbox owner, with the mail as Postmark JSON', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const sent = await send(
      `${mailbox.address.toUpperCase().replace('@', '+billing@')}`,
      plainEmail({
        subject: 'Printer on fire',
        body: 'It smokes since this morning.\r\n\r\n-- \r\nAda\r\nCustomer Inc.',
        messageId: 'p1@customer.example',
      }),
    )
    expect(sent.accepted).toBe(true)
    const [inbound] = await waitForDecided(user, 1)
    expect(inbound).toMatchObject({ status: 'ticket', from: 'ada@customer.example' })
    const tickets = await listTickets(user)
    expect(tickets.total).toBe(1)
    const ticket = tickets.documents[0]!
    expect(ticket).toMatchObject({
      $id: inbound?.ticketId,
      email: 'ada@customer.example',
      subject: 'Printer on fire',
      body: 'It smokes since this morning.',
      status: 'open',
      userId: user.userId,
    })
    const raw = ticket.rawJson as { MessageID: string; TextBody: string; FromName: string }
    expect(raw).toMatchObject({ MessageID: 'p1@customer.example', FromName: 'Ada Customer' })
    expect(raw.TextBody).toContain('Customer Inc.')

    const stranger = await signUpWithMailbox(server.url)
    expect((await listTickets(stranger.user)).total).toBe(0)
  })

  it('answers 550 for unknown addresses and foreign domains, 552 beyond the size limit', async () => {
    const raw = plainEmail({ subject: 'x', body: 'y' })
    expect(await send(`nobody-aaaaaaaaaa@${TEST_INBOUND_DOMAIN}`, raw)).toMatchObject({ code: 550 })
    expect(await send('someone@elsewhere.example', raw)).toMatchObject({ code: 550 })
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const big = plainEmail({ subject: 'big', body: 'x'.repeat(76).concat('\r\n').repeat(3000) })
    expect(await send(mailbox.address, big)).toMatchObject({ accepted: false, code: 552 })
    expect((await readMailbox(user)).received).toBe(0)
  })

  it('delivers one message to every parsing address it names, and to no unknown one', async () => {
    const first = await signUpWithMailbox(server.url)
    const second = await signUpWithMailbox(server.url)
    const sent = await sendRaw({
      port: server.smtpPort,
      to: [first.mailbox.address, `nobody-aaaaaaaaaa@${TEST_INBOUND_DOMAIN}`, second.mailbox.address],
      raw: plainEmail({ subject: 'To both', body: 'Hello both.', messageId: 'both@customer.example' }),
    })
    expect(sent.accepted).toBe(true)
    for (const { user } of [first, second]) {
      const [inbound] = await waitForDecided(user, 1)
      expect(inbound?.status).toBe('ticket')
      const tickets = await listTickets(user)
      expect(tickets.documents.map((t) => t.subject)).toEqual(['To both'])
    }
  })

  it('makes one ticket of a message delivered twice, by the same bytes or the same Message-ID', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const raw = plainEmail({ subject: 'Twice', body: 'Sent twice.', messageId: 'twice@customer.example' })
    expect((await send(mailbox.address, raw)).accepted).toBe(true)
    expect((await send(mailbox.address, raw)).accepted).toBe(true)
    expect((await send(mailbox.address, `Received: from relay2.example by mx\r\n${raw}`)).accepted).toBe(true)
    const decided = await waitForDecided(user, 3)
    expect(decided.map((d) => d.status).sort()).toEqual(['duplicate', 'duplicate', 'ticket'])
    expect((await listTickets(user)).total).toBe(1)
    expect(await readMailbox(user)).toMatchObject({ received: 3, tickets: 1, duplicates: 2 })
  })

  it('keeps and counts auto-replies, bounces and our own mail without making tickets', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    await send(
      mailbox.address,
      plainEmail({
        subject: 'Out of office',
        body: 'Back Monday.',
        headers: ['Auto-Submitted: auto-replied'],
      }),
    )
    if (hasEmailCorpus()) {
      const dsn = fs.readFileSync(path.join(EMAIL_CORPUS_DIR, 'nodemailer-mailparser/delivery-status.eml'))
      await sendRaw({ port: server.smtpPort, to: mailbox.address, raw: dsn, from: '' })
    } else {
      await send(
        mailbox.address,
        plainEmail({ subject: 'Undeliverable', body: 'failed', from: 'mailer-daemon@mx.example' }),
      )
    }
    await send(
      mailbox.address,
      plainEmail({ subject: 'Loop', body: 'ours', from: `other-x@${TEST_INBOUND_DOMAIN}` }),
    )
    const decided = await waitForDecided(user, 3)
    expect(decided.map((d) => d.status)).toEqual(['auto-reply', 'bounce', 'loop'])
    expect(decided.every((d) => d.reason)).toBe(true)
    expect((await listTickets(user)).total).toBe(0)
    expect(await readMailbox(user)).toMatchObject({
      received: 3,
      autoReplies: 1,
      bounces: 1,
      loops: 1,
      tickets: 0,
    })
  })

  it('records bytes that are no email as a rejection with the reason', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    expect((await send(mailbox.address, 'just some words\r\nwithout any header\r\n')).accepted).toBe(true)
    const [inbound] = await waitForDecided(user, 1)
    expect(inbound?.status).toBe('rejected')
    expect(inbound?.reason).toMatch(/header/)
    expect((await readMailbox(user)).rejected).toBe(1)
  })

  it.skipIf(!hasEmailCorpus())(
    'threads real replies onto the ticket they answer and reopens it',
    async () => {
      const { user, mailbox } = await signUpWithMailbox(server.url)
      await send(
        mailbox.address,
        // me@example.com answers in the thread below: copied here, as a customer's Message-ID threads only
        // the requester and the ticket's copies (decision 024).
        plainEmail({
          subject: 'Test',
          body: 'Hi',
          messageId: 'original-1@gmail.com',
          from: 'xxx@gmail.com',
          headers: ['Cc: me@example.com'],
        }),
      )
      const [first] = await waitForDecided(user, 1)
      const ticketId = first?.ticketId ?? ''
      await send(mailbox.address, replyTo(talon('gmail.eml'), 'original-1@gmail.com'))
      const gmailId = /Message-Id: <([^>]+)>/i.exec(talon('gmail.eml'))?.[1] ?? ''
      await send(mailbox.address, replyTo(talon('outlook.eml'), gmailId))
      await waitForDecided(user, 3)
      await user.databases.updateDocument({
        databaseId: 'main',
        collectionId: 'tickets',
        documentId: ticketId,
        data: { status: 'closed' },
      })
      await send(mailbox.address, replyTo(talon('apple_mail.eml'), 'original-1@gmail.com'))
      const decided = await waitForDecided(user, 4)
      expect(decided.map((d) => d.status)).toEqual([
        'ticket',
        'thread-message',
        'thread-message',
        'thread-message',
      ])

      const tickets = await listTickets(user)
      expect(tickets.total).toBe(1)
      expect(tickets.documents[0]?.status).toBe('open')
      const messages = await listMessages(user, ticketId)
      expect(messages.documents.map((m) => [m.from, m.body, m.direction])).toEqual([
        ['xxx@gmail.com', 'Hello', 'inbound'],
        ['me@example.com', 'Hello', 'inbound'],
        ['xxx@gmail.com', 'Hello', 'inbound'],
      ])
      expect((messages.documents[0]?.rawJson as { TextBody?: string } | undefined)?.TextBody).toContain(
        '> Hi',
      )
      expect(decided[3]?.reason).toMatch(/reopened/)
    },
  )

  it('threads a [#ticket] subject tag only from the ticket’s requester, not from others of its domain', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    await send(
      mailbox.address,
      plainEmail({ subject: 'Broken login', body: 'Cannot sign in.', from: 'a@shop.example' }),
    )
    const [first] = await waitForDecided(user, 1)
    const tag = `[#${first?.ticketId}]`
    await send(
      mailbox.address,
      plainEmail({ subject: `Re: Broken login ${tag}`, body: 'Still broken.', from: 'a@shop.example' }),
    )
    await send(
      mailbox.address,
      plainEmail({ subject: `Re: Broken login ${tag}`, body: 'Same here.', from: 'b@shop.example' }),
    )
    await send(
      mailbox.address,
      plainEmail({ subject: `Re: Broken login ${tag}`, body: 'Me too.', from: 'eve@other.example' }),
    )
    const decided = await waitForDecided(user, 4)
    expect(decided.map((d) => d.status)).toEqual(['ticket', 'thread-message', 'ticket', 'ticket'])
    expect((await listMessages(user, first?.ticketId ?? '')).documents.map((m) => m.body)).toEqual([
      'Still broken.',
    ])
  })

  it('stores attachments for the ticket: listed and downloadable by its owner only, never as HTML', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    const files = [
      { name: 'report.txt', type: 'text/plain', content: 'line one\nline two\n' },
      { name: 'page.html', type: 'text/html', content: '<script>alert(1)</script>' },
      { name: 'logo.svg', type: 'image/svg+xml', content: '<svg onload="alert(1)"/>' },
    ]
    await send(mailbox.address, emailWithAttachments(files))
    const [inbound] = await waitForDecided(user, 1)
    const ticketId = inbound?.ticketId ?? ''
    const storage = new Storage(user.client)
    const listed = await storage.listFiles({
      bucketId: 'attachments',
      queries: [Query.equal('ticketId', ticketId)],
    })
    expect(listed.files.map((f) => f.name)).toEqual(['report.txt', 'page.html', 'logo.svg'])
    const ticket = await user.databases.getDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: ticketId,
    })
    const rawAttachments = (ticket.rawJson as { Attachments: { Name: string; FileId: string }[] }).Attachments
    expect(rawAttachments.map((a) => a.FileId)).toEqual(listed.files.map((f) => f.$id))

    const download = (who: TSdkUser, fileId: string, mode = 'download') =>
      fetch(`${server.url}/v1/storage/buckets/attachments/files/${fileId}/${mode}`, {
        headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(who) },
      })
    const [text, html, svg] = listed.files
    const got = await download(user, text!.$id)
    expect(got.status).toBe(200)
    expect(await got.text()).toBe('line one\nline two\n')
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="report.txt"/)
    for (const dangerous of [html!, svg!]) {
      const viewed = await download(user, dangerous.$id, 'view')
      expect(viewed.headers.get('content-type')).toBe('application/octet-stream')
      expect(viewed.headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(viewed.headers.get('x-content-type-options')).toBe('nosniff')
    }

    const stranger = await signUpWithMailbox(server.url)
    expect((await download(stranger.user, text!.$id)).status).toBe(404)
    const strangerFiles = await new Storage(stranger.user.client).listFiles({ bucketId: 'attachments' })
    expect(strangerFiles.total).toBe(0)
    await expect(
      new Storage(stranger.user.client).getFile({ bucketId: 'attachments', fileId: text!.$id }),
    ).rejects.toMatchObject({ code: 404 })
  })

  it('deletes a ticket’s conversation and attachment files with the ticket', async () => {
    const { user, mailbox } = await signUpWithMailbox(server.url)
    await send(
      mailbox.address,
      emailWithAttachments([{ name: 'log.txt', type: 'text/plain', content: 'boom' }]),
    )
    const [first] = await waitForDecided(user, 1)
    const ticketId = first?.ticketId ?? ''
    const ticket = await user.databases.getDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: ticketId,
    })
    const messageId = (ticket.rawJson as { MessageID: string }).MessageID
    await send(
      mailbox.address,
      replyTo(plainEmail({ subject: 'Re: Files for you', body: 'Any news?' }), messageId),
    )
    await waitForDecided(user, 2)
    expect((await listMessages(user, ticketId)).total).toBe(1)
    const storage = new Storage(user.client)
    const [file] = (
      await storage.listFiles({ bucketId: 'attachments', queries: [Query.equal('ticketId', ticketId)] })
    ).files
    const filesDir = path.join(server.config.dataDir, 'files')
    const countFiles = (): number =>
      fs.existsSync(filesDir)
        ? fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
        : 0
    const before = countFiles()

    await user.databases.deleteDocument({ databaseId: 'main', collectionId: 'tickets', documentId: ticketId })

    expect((await listMessages(user, ticketId)).total).toBe(0)
    await expect(storage.getFile({ bucketId: 'attachments', fileId: file!.$id })).rejects.toMatchObject({
      code: 404,
    })
    expect(countFiles()).toBe(before - 1)
  })
})
