import {
  ErrorType,
  OutboundMailState,
  ReplyGuardMessages,
  type TNewerMessage,
  type TUndoneReply,
  UndoSend,
  undoSendSecondsOf,
} from '@parsedesk/contracts'
import { type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const MESSAGES = { databaseId: 'main', collectionId: 'messages' }
const HOLD_SECONDS = UndoSend.minSeconds

type TMessage = Models.Document & { messageId: string; mailId: string; deliveryState: string | null }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function customerMail(options: { subject: string; messageId: string; inReplyTo?: string }) {
  return [
    'From: Carol Customer <carol@customer.example>',
    'To: support',
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}>`,
    ...(options.inReplyTo
      ? [`In-Reply-To: <${options.inReplyTo}>`, `References: <${options.inReplyTo}>`]
      : []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Still broken, any news?',
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('no customer gets two answers on %s', (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let olive: TSdkUser
  let agnes: TSdkUser
  let adam: TSdkUser
  let eve: TSdkUser
  let address: string
  let teamId: string

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url } })
    olive = await signUpUser(server.url, 'Olive Owner')
    agnes = await signUpUser(server.url, 'Agnes Agent')
    adam = await signUpUser(server.url, 'Adam Agent')
    eve = await signUpUser(server.url, 'Eve Outsider')
    teamId = (await new Teams(olive.client).list()).teams[0]!.$id
    for (const member of [agnes, adam])
      await joinByInvitation({ serverUrl: server.url, owner: olive, member, teamId, roles: ['agent'] })
    address = (await readMailbox(olive)).address
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  let tickets = 0
  async function ticketFromCustomer(subject: string): Promise<Models.Document> {
    const messageId = `guard${++tickets}-${database}@customer.example`
    const raw = customerMail({ subject, messageId })
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
    return waitForValue(
      async () =>
        (await olive.databases.listDocuments({ ...TICKETS, queries: [Query.equal('subject', subject)] }))
          .documents[0],
      // Ingest on a loaded machine (every suite at once) can take longer than the default wait.
      { what: `the ticket "${subject}"`, timeoutMs: 60_000 },
    )
  }

  const reply = (user: TSdkUser, data: Record<string, unknown>) =>
    user.databases
      .createDocument({ ...MESSAGES, documentId: 'unique()', data })
      .then((document) => document as unknown as TMessage)

  const undo = (user: TSdkUser, messageId: string) =>
    user.client.call(
      'post',
      new URL(`${server.url}/v1/messages/${encodeURIComponent(messageId)}/undo`),
      { 'content-type': 'application/json' },
      {},
    ) as Promise<TUndoneReply>

  const setHold = (seconds: number | undefined) =>
    new Teams(olive.client).updatePrefs({
      teamId,
      prefs: seconds === undefined ? {} : { [UndoSend.pref]: seconds },
    })

  const detailOf = (error: { response: string }) => JSON.parse(error.response).detail as TNewerMessage

  it('refuses a reply whose draft missed a colleague’s reply, names who and when, and sends it when forced or reviewed', async () => {
    const ticket = await ticketFromCustomer('Export broken twice')
    const first = await reply(agnes, { ticketId: ticket.$id, body: 'Fixed in 2.4.1.', seenMessageId: null })

    const refused = await rejection(
      reply(olive, { ticketId: ticket.$id, body: 'We are looking into it.', seenMessageId: null }),
    )
    expect(refused).toMatchObject({ code: 409, type: ErrorType.documentUpdateConflict })
    expect(refused.message).toMatch(/^Agnes Agent replied just now, after this reply was started/)
    expect(detailOf(refused)).toEqual({
      messageId: first.$id,
      direction: 'outbound',
      author: 'Agnes Agent',
      at: first.$createdAt.replace('+00:00', 'Z'),
    })

    // Reviewed: the draft has now seen Agnes's reply, and goes.
    const reviewed = await reply(olive, {
      ticketId: ticket.$id,
      body: 'Adding to Agnes: restart the app after updating.',
      seenMessageId: first.$id,
    })
    // Forced: "send anyway", past what the draft did not see.
    const forced = await reply(agnes, {
      ticketId: ticket.$id,
      body: 'One more thing.',
      seenMessageId: first.$id,
      force: true,
    })
    for (const sent of [first, reviewed, forced])
      await waitForValue(() => relay.countOf(`<${sent.messageId}>`) === 1, {
        what: 'each reply at the relay',
      })
    expect(relay.arrived.some((mail) => mail.email.text?.includes('We are looking into it.'))).toBe(false)
  })

  it('counts the customer’s newer mail, not notes nor the member’s own replies, and leaves a reply that names nothing it saw unchecked', async () => {
    const ticket = await ticketFromCustomer('Invoice twice')
    const answered = await reply(agnes, {
      ticketId: ticket.$id,
      body: 'Sent the invoice.',
      seenMessageId: null,
    })
    // A note after the reply blocks nobody: it never reached the customer.
    await reply(olive, { ticketId: ticket.$id, body: 'Called them too.', note: true })
    const afterNote = await reply(olive, {
      ticketId: ticket.$id,
      body: 'And the receipt.',
      seenMessageId: answered.$id,
    })

    const mail = await waitForValue(
      () => relay.arrived.find((arrived) => arrived.messageId === `<${afterNote.messageId}>`),
      { what: 'the reply at the relay' },
    )
    const raw = customerMail({
      subject: mail.email.subject ?? '',
      messageId: `answer-${database}@customer.example`,
      inReplyTo: afterNote.messageId,
    })
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
    const customerMessage = await waitForValue(
      async () =>
        (
          await olive.databases.listDocuments({
            ...MESSAGES,
            queries: [Query.equal('ticketId', ticket.$id), Query.equal('direction', 'inbound')],
          })
        ).documents[0],
      { what: 'the customer’s answer', timeoutMs: 60_000 },
    )
    const refused = await rejection(
      reply(agnes, { ticketId: ticket.$id, body: 'Anything else?', seenMessageId: afterNote.$id }),
    )
    expect(refused.code).toBe(409)
    expect(detailOf(refused)).toMatchObject({
      messageId: customerMessage.$id,
      direction: 'inbound',
      author: expect.stringContaining('carol@customer.example'),
    })
    expect(refused.message).toContain('wrote just now')
    // A client that names nothing it saw (the SDK used directly) is not checked: nothing changes for it.
    await reply(agnes, { ticketId: ticket.$id, body: 'Anything else?' })
    // Nor does a member's own reply stop their next one: nobody misses what they sent.
    await reply(agnes, { ticketId: ticket.$id, body: 'PS: see the FAQ.', seenMessageId: customerMessage.$id })
  })

  it('holds a reply for the workspace’s window: undone within it the relay gets nothing, after it exactly one', async () => {
    await setHold(HOLD_SECONDS)
    try {
      const ticket = await ticketFromCustomer('Hold me')
      const withdrawn = await reply(agnes, { ticketId: ticket.$id, body: 'Oops, wrong ticket.' })
      const outboxRow = await agnes.databases.getDocument<Models.Document & { sendAfter: string }>({
        databaseId: 'main',
        collectionId: 'outbox',
        documentId: withdrawn.mailId,
      })
      const heldMs = Date.parse(outboxRow.sendAfter) - Date.parse(withdrawn.$createdAt)
      expect(heldMs).toBeGreaterThanOrEqual(HOLD_SECONDS * 1000 - 50)
      expect(heldMs).toBeLessThanOrEqual(HOLD_SECONDS * 1000 + 1000)

      const undone = await undo(agnes, withdrawn.$id)
      expect(undone).toMatchObject({
        messageId: withdrawn.$id,
        ticketId: ticket.$id,
        body: 'Oops, wrong ticket.',
      })
      // Its withdrawn state is on the message; undoing twice is too late.
      expect(
        (await olive.databases.getDocument<TMessage>({ ...MESSAGES, documentId: withdrawn.$id }))
          .deliveryState,
      ).toBe(OutboundMailState.withdrawn)
      expect(await rejection(undo(agnes, withdrawn.$id))).toMatchObject({
        code: 409,
        message: ReplyGuardMessages.undoTooLate,
      })
      // A withdrawn reply is no answer the next draft missed.
      const kept = await reply(agnes, {
        ticketId: ticket.$id,
        body: 'The right answer.',
        seenMessageId: null,
      })
      await sleep(1000)
      expect(relay.countOf(`<${kept.messageId}>`)).toBe(0)
      await waitForValue(() => relay.countOf(`<${kept.messageId}>`) === 1, {
        what: 'the held reply at the relay once its window passed',
      })
      // Long past the first one's window: it never went, and the second went once.
      await sleep(2000)
      expect(relay.countOf(`<${withdrawn.messageId}>`)).toBe(0)
      expect(relay.countOf(`<${kept.messageId}>`)).toBe(1)
      expect(await rejection(undo(agnes, kept.$id))).toMatchObject({ code: 409 })
    } finally {
      await setHold(undefined)
    }
  })

  it('lets the sender or a manager undo, not another agent, and hides the reply from strangers', async () => {
    await setHold(UndoSend.maxSeconds)
    try {
      const ticket = await ticketFromCustomer('Who may undo')
      const sent = await reply(agnes, { ticketId: ticket.$id, body: 'Undo me, boss.' })
      expect(await rejection(undo(adam, sent.$id))).toMatchObject({ code: 401 })
      expect(await rejection(undo(eve, sent.$id))).toMatchObject({ code: 404 })
      expect(await rejection(undo(eve, 'no-such-message'))).toMatchObject({ code: 404 })
      // A manager may; the draft's files are the sender's, so none come back to them.
      expect(await undo(olive, sent.$id)).toMatchObject({ messageId: sent.$id, attachments: [] })
      const note = await reply(agnes, { ticketId: ticket.$id, body: 'A note', note: true })
      expect(await rejection(undo(agnes, note.$id))).toMatchObject({ code: 400 })
    } finally {
      await setHold(undefined)
    }
  })

  it('answers NUL, 10 MB, deep nesting and wrong types in the guard, undo and window with a clear 4xx, and sends nothing', async () => {
    const ticket = await ticketFromCustomer('Hostile guard')
    await reply(adam, { ticketId: ticket.$id, body: 'Looking into it.' })
    const evesTicket = await eve.databases.createDocument({
      ...TICKETS,
      documentId: 'unique()',
      data: { email: 'someone@else.example', subject: 'Eve’s own', body: 'Hers' } as never,
    })
    const evesNote = await reply(eve, { ticketId: evesTicket.$id, body: 'Her note', note: true })
    const queued = async () =>
      (await server.db.query<{ n: number }>('select count(*)::int as n from outbox')).rows[0]?.n
    const queuedBefore = await queued()
    const tenMegabytes = 'x'.repeat(10 * 1024 * 1024)
    const deep = Array.from({ length: 200 }).reduce<unknown>((inner) => ({ inner }), 'bottom')
    const guarded = (seenMessageId: unknown) =>
      reply(agnes, { ticketId: ticket.$id, body: 'Second answer?', seenMessageId })
    const window = (value: unknown) =>
      new Teams(olive.client).updatePrefs({ teamId, prefs: { [UndoSend.pref]: value } })

    const attempts: [string, () => Promise<unknown>][] = [
      ['a seen message id with NUL', () => guarded('ab\u0000cd')],
      ['a seen message id of 10 MB', () => guarded(tenMegabytes)],
      ['a seen message id nested deep', () => guarded(deep)],
      ['a seen message id that is a number', () => guarded(42)],
      ['an undo of a NUL id', () => undo(agnes, '\u0000')],
      ['an undo of a 10 KB id', () => undo(agnes, 'x'.repeat(10_000))],
      ['a window as text', () => window('20')],
      ['a window in fractions', () => window(7.5)],
      ['a window nested deep', () => window(deep)],
      ['a window of 10 MB', () => window(tenMegabytes)],
    ]
    for (const [what, attempt] of attempts) {
      const refused = await rejection(attempt()).catch((error: Error) => {
        throw new Error(`${what}: ${error.message}`)
      })
      expect(refused.code, what).toBeGreaterThanOrEqual(400)
      expect(refused.code, what).toBeLessThan(500)
      expect(refused.message.length, what).toBeGreaterThan(0)
    }
    // Another workspace's message is no message this draft saw: the reply stops at Adam's, and Eve's is
    // named nowhere.
    const stale = await rejection(guarded(evesNote.$id))
    expect(stale.code).toBe(409)
    expect(detailOf(stale as never)).toMatchObject({ direction: 'outbound', author: 'Adam Agent' })
    expect(stale.response).not.toContain(evesNote.$id)

    expect(await queued()).toBe(queuedBefore)
    expect(relay.arrived.filter((mail) => mail.raw.includes('Second answer?'))).toEqual([])
    expect(undoSendSecondsOf((await new Teams(olive.client).getPrefs({ teamId })) as never)).toBeUndefined()
  })

  it('lets only managers choose the window, within its bounds', async () => {
    expect(await rejection(setHold(UndoSend.minSeconds - 1))).toMatchObject({ code: 400 })
    expect(await rejection(setHold(UndoSend.maxSeconds + 1))).toMatchObject({ code: 400 })
    expect(
      await rejection(new Teams(agnes.client).updatePrefs({ teamId, prefs: { [UndoSend.pref]: 20 } })),
    ).toMatchObject({ code: 401 })
  })
})
