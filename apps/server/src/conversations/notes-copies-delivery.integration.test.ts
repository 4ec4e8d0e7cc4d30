import { ErrorType, ReplyLimits, ReplyMessages } from '@parsedesk/contracts'
import { type Models, Query, Storage, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import {
  subscribeWithSdk27,
  TICKETS_CHANNEL,
  useRecordingWebSocketInSdk,
} from '../realtime/realtime.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const MESSAGES = { databaseId: 'main', collectionId: 'messages' }
const EVENTS = { databaseId: 'main', collectionId: 'ticket_events' }
const OUTBOX = { databaseId: 'main', collectionId: 'outbox' }
const BUCKET = 'attachments'

type TTicket = Models.Document & { number: number; status: string; subject: string; cc: string[] }
type TMessage = Models.Document & {
  direction: string
  body: string
  bodyHtml: string | null
  cc: string[]
  attachmentIds: string[]
  mailId: string | null
  deliveryState: string | null
  deliveryError: string | null
  messageId: string | null
}
type TEvent = Models.Document & { type: string; actorType: string; before: unknown; after: unknown }
type TFile = Models.File & { ticketId: string | null; threadMessageId: string | null }

function customerMail(options: { from: string; subject: string; messageId: string; cc?: string }) {
  return [
    `From: ${options.from}`,
    'To: support',
    ...(options.cc ? [`Cc: ${options.cc}`] : []),
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The export button does nothing.',
    '',
  ].join('\r\n')
}

const fileOf = (name: string, bytes: number, fill = 'x') =>
  new File([Buffer.alloc(bytes, fill)], name, { type: 'text/plain' })

describe.each(DATABASE_KINDS)('notes, copies, formatted replies with files, delivery on %s', (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let address: string
  let mails = 0

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url } })
    useRecordingWebSocketInSdk()
    olive = await signUpUser(server.url, 'Olive Owner')
    agnes = await signUpUser(server.url, 'Agnes Agent')
    eve = await signUpUser(server.url, 'Eve Outsider')
    const [workspace] = (await new Teams(olive.client).list()).teams
    await joinByInvitation({
      serverUrl: server.url,
      owner: olive,
      member: agnes,
      teamId: workspace!.$id,
      roles: ['agent'],
    })
    address = (await readMailbox(olive)).address
    relay.answerRecipients((to) =>
      to === 'gone@customer.example'
        ? { code: 550, message: '5.1.1 <gone@customer.example>: user unknown' }
        : 'accept',
    )
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  async function ticketFrom(from: string, subject: string, cc?: string): Promise<TTicket> {
    const raw = customerMail({ from, subject, cc, messageId: `m${++mails}.${database}@customer.example` })
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
    return waitForValue(
      async () =>
        (
          await olive.databases.listDocuments<TTicket>({
            ...TICKETS,
            queries: [Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: `the ticket "${subject}"` },
    )
  }

  async function write(user: TSdkUser, data: Record<string, unknown>): Promise<TMessage> {
    const created = await user.databases.createDocument({ ...MESSAGES, documentId: 'unique()', data })
    return created as unknown as TMessage
  }
  const upload = (user: TSdkUser, file: File) =>
    new Storage(user.client).createFile({ bucketId: BUCKET, fileId: 'unique()', file })

  /** The two reads of a ticket page's timeline: its conversation and its events, each in order. */
  async function timeline(user: TSdkUser, ticketId: string) {
    const [messages, events] = await Promise.all([
      user.databases.listDocuments<TMessage>({
        ...MESSAGES,
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$createdAt'), Query.limit(100)],
      }),
      user.databases.listDocuments<TEvent>({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$sequence'), Query.limit(100)],
      }),
    ])
    return { messages: messages.documents, events: events.documents.filter((e) => e.type !== 'analysed') }
  }

  it('keeps an internal note on the timeline for the workspace only, never mails it, and may set a status', async () => {
    const ticket = await ticketFrom('Carol <carol@customer.example>', 'Note please')
    const note = await write(agnes, {
      ticketId: ticket.$id,
      note: true,
      body: 'Vendor bug, waiting on them.',
      bodyHtml: '<p>Vendor bug, <strong>waiting</strong> on them.<script>alert(1)</script></p>',
      status: 'on-hold',
    })
    expect(note).toMatchObject({
      direction: 'note',
      bodyHtml: '<p>Vendor bug, <strong>waiting</strong> on them.</p>',
      mailId: null,
      deliveryState: null,
    })
    const { messages, events } = await timeline(olive, ticket.$id)
    expect(messages.map((m) => m.direction)).toEqual(['note'])
    expect(events.map((e) => [e.type, e.after])).toEqual([
      ['created', expect.anything()],
      ['note', { message: note.$id }],
      ['status', 'on-hold'],
    ])
    expect(
      (
        await olive.databases.listDocuments({
          ...OUTBOX,
          queries: [Query.equal('idempotencyKey', `reply:${note.$id}`)],
        })
      ).total,
    ).toBe(0)
    expect(await rejection(eve.databases.getDocument({ ...MESSAGES, documentId: note.$id }))).toMatchObject({
      code: 404,
    })
    expect(
      await rejection(write(agnes, { ticketId: ticket.$id, note: true, body: 'x', cc: ['a@b.example'] })),
    ).toMatchObject({
      code: 400,
      message: expect.stringContaining(ReplyMessages.noteNotMailed),
    })
    // A reply after it reaches the relay; the note never does.
    const sent = await write(agnes, { ticketId: ticket.$id, body: 'We are on it.' })
    await waitForValue(() => relay.arrived.find((m) => m.messageId === `<${sent.messageId}>`), {
      what: 'the reply',
    })
    expect(relay.arrived.some((m) => m.raw.includes('Vendor bug'))).toBe(false)
  })

  it('mails formatted text and files to the requester and the copies, and shows the delivery live', async () => {
    // Whom the customer copied joins the ticket, but not the requester or one of our parsing addresses.
    const ticket = await ticketFrom(
      'Carol <carol@customer.example>',
      'Copies and files',
      `Dan Partner <Dan@Partner.example>, carol@customer.example, ${address}`,
    )
    expect(ticket.cc).toEqual(['dan@partner.example'])
    const first = await upload(agnes, fileOf('steps.txt', 2000, 's'))
    const second = await upload(agnes, fileOf('log.txt', 3000, 'l'))
    // Until it is sent, an upload is its uploader's alone.
    expect(
      await rejection(new Storage(olive.client).getFile({ bucketId: BUCKET, fileId: first.$id })),
    ).toMatchObject({ code: 404 })
    const watching = await subscribeWithSdk27(olive.client, [TICKETS_CHANNEL])

    const sent = await write(agnes, {
      ticketId: ticket.$id,
      body: 'Fixed: see the steps.',
      bodyHtml:
        '<p onclick="x()">Fixed: see <a href="https://help.example/steps">the steps</a>.</p><img src="https://t.example/p.gif">',
      cc: ['Ed@Partner.example'],
      attachmentIds: [first.$id, second.$id],
    })
    const html =
      '<p>Fixed: see <a href="https://help.example/steps" rel="noopener noreferrer">the steps</a>.</p>'
    expect(sent).toMatchObject({
      direction: 'outbound',
      bodyHtml: html,
      attachmentIds: [first.$id, second.$id],
    })

    const mail = await waitForValue(() => relay.arrived.find((m) => m.messageId === `<${sent.messageId}>`), {
      what: 'the reply at the relay',
    })
    // The requester and the copies are separate transactions (decision 028), one mail to all three.
    const recipients = await waitForValue(
      () => {
        const to = relay.arrived
          .filter((m) => m.messageId === `<${sent.messageId}>`)
          .flatMap((m) => m.envelope.to)
        return to.length === 3 ? to.sort() : undefined
      },
      { what: 'the reply at the relay for the requester and the copies' },
    )
    expect(recipients).toEqual(['carol@customer.example', 'dan@partner.example', 'ed@partner.example'])
    const copies = relay.arrived.filter((m) => m.messageId === `<${sent.messageId}>`)
    expect(copies.map((m) => m.email.attachments.map((a) => a.filename))).toEqual([
      ['steps.txt', 'log.txt'],
      ['steps.txt', 'log.txt'],
    ])
    expect(mail.email.cc?.map((c) => c.address)).toEqual(['dan@partner.example', 'ed@partner.example'])
    expect(mail.email.text).toMatch(/^Fixed: see the steps\.\n\nOn .* wrote:\n> /)
    expect(mail.email.html?.startsWith(`${html}\n<p>On `)).toBe(true)
    expect(
      mail.email.attachments.map((a) => [a.filename, Buffer.from(a.content as ArrayBuffer).toString()]),
    ).toEqual([
      ['steps.txt', 's'.repeat(2000)],
      ['log.txt', 'l'.repeat(3000)],
    ])

    // The agent's copy joined the ticket with the reply, logged, lower-cased as copies are kept.
    const after = await olive.databases.getDocument<TTicket>({ ...TICKETS, documentId: ticket.$id })
    expect(after.cc).toEqual(['dan@partner.example', 'ed@partner.example'])
    // The page reads its messages and its events side by side, so one read may see the delivery's event
    // and not yet its message (seen once in CI); the page shows both once both reads are after the commit.
    const delivered = await waitForValue(
      async () => {
        const read = await timeline(olive, ticket.$id)
        const shown =
          read.events.some((e) => e.type === 'delivery') && read.messages[0]?.deliveryState === 'sent'
        return shown ? read : undefined
      },
      { what: 'the delivery on the timeline and its message' },
    )
    expect(delivered.events.map((e) => [e.type, e.actorType])).toEqual([
      ['created', 'customer'],
      ['cc', 'customer'],
      ['cc', 'user'],
      ['reply-out', 'user'],
      ['delivery', 'system'],
    ])
    expect(delivered.events.at(-1)).toMatchObject({
      actorType: 'system',
      before: 'sending',
      after: { message: sent.$id, mail: sent.mailId, state: 'sent' },
    })
    expect(delivered.messages[0]).toMatchObject({ deliveryState: 'sent', deliveryError: null, cc: after.cc })
    await waitForValue(() => watching.inbox.of(ticket.$id).some((r) => r.event === 'update'), {
      what: 'the ticket’s update on the open page',
    })

    const files = await new Storage(olive.client).listFiles({
      bucketId: BUCKET,
      queries: [Query.equal('ticketId', ticket.$id)],
    })
    expect((files.files as TFile[]).map((f) => [f.name, f.threadMessageId])).toEqual([
      ['steps.txt', sent.$id],
      ['log.txt', sent.$id],
    ])
    // A file goes out once: attaching it again is refused, and the refused reply leaves nothing behind.
    expect(
      await rejection(write(agnes, { ticketId: ticket.$id, body: 'Again', attachmentIds: [first.$id] })),
    ).toMatchObject({
      code: 400,
      message: expect.stringContaining(ReplyMessages.fileNotAttachable(first.$id)),
    })
    expect((await timeline(olive, ticket.$id)).messages).toHaveLength(1)
  })

  it('refuses files over the limits, of another member or workspace, and keeps the upload for the next try', async () => {
    const ticket = await ticketFrom('carol@customer.example', 'Too big')
    expect(await rejection(upload(agnes, fileOf('huge.bin', ReplyLimits.attachmentBytes + 1)))).toMatchObject(
      {
        code: 400,
        message: ReplyMessages.fileTooLarge,
      },
    )
    const big = await Promise.all(
      [4, 4, 3].map((mb, i) => upload(agnes, fileOf(`part${i}.bin`, mb * 1024 * 1024))),
    )
    const refused = await rejection(
      write(agnes, { ticketId: ticket.$id, body: 'All of it', attachmentIds: big.map((f) => f.$id) }),
    )
    expect(refused).toMatchObject({ code: 400, message: ReplyMessages.filesTooLarge })
    const evesFile = await upload(eve, fileOf('eve.txt', 10))
    expect(
      await rejection(write(agnes, { ticketId: ticket.$id, body: 'Hers', attachmentIds: [evesFile.$id] })),
    ).toMatchObject({
      code: 400,
      message: ReplyMessages.fileNotAttachable(evesFile.$id),
    })
    expect((await timeline(olive, ticket.$id)).messages).toHaveLength(0)
    // A member's uploads of a day are bounded (the day's count is made up here rather than uploaded).
    await server.db.query(
      `insert into files (id, "bucketId", "name", "mimeType", "sizeOriginal", "signature", "storageKey", "uploadedBy")
       select 'filler-' || n, 'attachments', 'f', 'text/plain', 1, '', 'uploads/none', $1
       from generate_series(1, $2::int - (select count(*)::int from files where "uploadedBy" = $1)) n`,
      [agnes.userId, ReplyLimits.uploadsPerDay],
    )
    const ok = await upload(olive, fileOf('olive.txt', 10))
    expect(ok.sizeOriginal).toBe(10)
    expect(await rejection(upload(agnes, fileOf('one-more.txt', 10)))).toMatchObject({
      code: 429,
      message: ReplyMessages.tooManyUploads,
    })
    await server.db.query(`delete from files where id like 'filler-%'`)
    // The same uploads, fewer of them: the reply goes.
    const sent = await write(agnes, {
      ticketId: ticket.$id,
      body: 'Two of them',
      attachmentIds: [big[0]!.$id, big[2]!.$id],
    })
    expect(sent.attachmentIds).toEqual([big[0]!.$id, big[2]!.$id])
  })

  it('answers a deleted, merged or bounced ticket with a clear error, and hostile input with a 400', async () => {
    const gone = await ticketFrom('carol@customer.example', 'Deleted one')
    await olive.databases.deleteDocument({ ...TICKETS, documentId: gone.$id })
    expect(await rejection(write(agnes, { ticketId: gone.$id, body: 'Hello?' }))).toMatchObject({
      code: 404,
      message: ReplyMessages.ticketGone,
    })

    const duplicate = await ticketFrom('carol@customer.example', 'Duplicate')
    const target = await ticketFrom('carol@customer.example', 'Original')
    // The merge itself is another feature's; its link is what a reply reads.
    await server.db.query('update tickets set "mergedIntoId" = $1 where id = $2', [target.$id, duplicate.$id])
    expect(await rejection(write(agnes, { ticketId: duplicate.$id, body: 'Hi' }))).toMatchObject({
      code: 409,
      type: ErrorType.documentUpdateConflict,
      message: ReplyMessages.mergedInto(target.number, target.$id),
    })

    const bounced = await ticketFrom('gone@customer.example', 'Bounces')
    const first = await write(agnes, { ticketId: bounced.$id, body: 'First try' })
    const failed = await waitForValue(
      async () => {
        const read = await timeline(olive, bounced.$id)
        return read.messages[0]?.deliveryState === 'failed' ? read : undefined
      },
      { what: 'the failed delivery' },
    )
    expect(failed.messages[0]?.deliveryError).toMatch(/^550/)
    expect(failed.events.at(-1)).toMatchObject({
      type: 'delivery',
      after: { message: first.$id, state: 'failed' },
    })
    const again = await rejection(write(agnes, { ticketId: bounced.$id, body: 'Second try' }))
    expect(again).toMatchObject({
      code: 409,
      message: expect.stringContaining("The requester's address gone@customer.example bounced"),
    })
    expect(again.message).toContain('550')
    expect(await write(agnes, { ticketId: bounced.$id, body: 'Forced', force: true })).toMatchObject({
      direction: 'outbound',
    })
    expect((await timeline(olive, bounced.$id)).messages).toHaveLength(2)

    const ticket = await ticketFrom('carol@customer.example', 'Hostile')
    const hostile: [Record<string, unknown>, string][] = [
      [{ ticketId: ticket.$id, body: 'a\u0000b' }, ReplyMessages.nulCharacter],
      [{ ticketId: ticket.$id, body: 'Hi', sneaky: true }, 'Unknown attribute: "sneaky"'],
      [{ ticketId: ticket.$id, body: 'Hi', cc: ['not an address'] }, 'email address'],
      [{ ticketId: ticket.$id, body: 'Hi', attachmentIds: { deep: { deeper: [[[1]]] } } }, 'attachmentIds'],
      [{ ticketId: ticket.$id, body: 'x'.repeat(1_000_001) }, 'body'],
    ]
    for (const [data, message] of hostile)
      expect(await rejection(write(agnes, data))).toMatchObject({
        code: 400,
        message: expect.stringContaining(message),
      })
    const tooLarge = await rejection(
      write(agnes, { ticketId: ticket.$id, body: 'x'.repeat(10 * 1024 * 1024) }),
    )
    expect([400, 413]).toContain(tooLarge.code)
    expect(tooLarge.message).toMatch(/too large/)
    expect(await rejection(write(eve, { ticketId: ticket.$id, body: 'Outside' }))).toMatchObject({
      code: 404,
    })
    expect((await timeline(olive, ticket.$id)).messages).toHaveLength(0)
  })
})
