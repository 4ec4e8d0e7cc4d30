import { SendingMessages, type TMailboxSending, type TMemberSignature } from '@parsedesk/contracts'
import { type Client, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  readMailbox,
  sendRaw,
  sessionOf,
  startMailTestServer,
  type TInboundDocument,
  type TMailTestServer,
} from '../mail/mail.test-kit'
import { startTestRelay, type TArrivedMail, type TTestRelay } from '../outbox/outbox.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { verifyEmail } from '../testing/verify-email'
import { waitForValue } from '../testing/wait-for-value'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const MESSAGES = { databaseId: 'main', collectionId: 'messages' }

/** Our routes beside Appwrite's, as the dashboard calls them: through the SDK client's call(). */
function call<T>(
  client: Client,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  return client.call(
    method,
    new URL(`${client.config.endpoint}${path}`),
    { 'content-type': 'application/json' },
    params,
  )
}

const LONG_PARAGRAPH =
  'Thank you for the detailed report. We found the cause in the export service, which stopped writing files larger than two megabytes after the last update, and a fix is on its way.'

describe.each(DATABASE_KINDS)('replies speak as the company and the agent on %s', (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let workspace: { $id: string; name: string }
  let mailbox: { $id: string; address: string }
  let eveMailbox: { $id: string; address: string }

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({
      database,
      env: { SMTP_RELAY_URL: relay.url, UNDO_SEND_SECONDS: '0' },
    })
    olive = await signUpUser(server.url, 'Olive Owner')
    agnes = await signUpUser(server.url, 'Agnes Agent')
    eve = await signUpUser(server.url, 'Eve Outsider')
    const [team] = (await new Teams(olive.client).list()).teams
    workspace = { $id: team!.$id, name: team!.name }
    await joinByInvitation({
      serverUrl: server.url,
      owner: olive,
      member: agnes,
      teamId: workspace.$id,
      roles: ['agent'],
    })
    mailbox = await readMailbox(olive)
    eveMailbox = await readMailbox(eve)
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  const sendingOf = (user: TSdkUser, mailboxId: string) =>
    call<TMailboxSending>(user.client, 'GET', `/mailboxes/${mailboxId}/sending`)
  const arrivedTo = (address: string) => relay.arrived.filter((mail) => mail.envelope.to.includes(address))

  let customerMails = 0
  async function ticketFromCustomer(subject: string, body: string) {
    customerMails += 1
    const raw = [
      'From: Carol Customer <carol@customer.example>',
      `To: ${mailbox.address}`,
      `Subject: ${subject}`,
      `Message-ID: <voice-${customerMails}-${database}@customer.example>`,
      'Date: Mon, 23 Nov 2026 09:15:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n')
    expect((await sendRaw({ port: server.smtpPort, to: mailbox.address, raw })).accepted).toBe(true)
    return waitForValue(
      async () =>
        (await olive.databases.listDocuments({ ...TICKETS, queries: [Query.equal('subject', subject)] }))
          .documents[0],
      { what: `the ticket "${subject}"` },
    )
  }

  async function replyAndReceive(user: TSdkUser, data: Record<string, unknown>): Promise<TArrivedMail> {
    const sent = await user.databases.createDocument({ ...MESSAGES, documentId: 'unique()', data })
    return waitForValue(() => relay.arrived.find((mail) => mail.messageId === `<${sent.messageId}>`), {
      what: 'the reply at the relay',
    })
  }

  it('replies come from the parsing address until the sending address forwards back, then from it, as From and Reply-To', async () => {
    const set = await call<TMailboxSending>(olive.client, 'PUT', `/mailboxes/${mailbox.$id}/sending`, {
      address: 'Support@Acme.example',
    })
    expect(set).toMatchObject({
      sendingAddress: 'support@acme.example',
      verified: false,
      repliesFrom: mailbox.address,
    })
    expect(set.setup.map((step) => step.name)).toEqual(['Forwarding', 'Relay', 'Return path and SPF', 'DKIM'])
    expect(set.setup[0]?.what).toContain(`forward to ${mailbox.address}`)
    expect(set.setup[2]?.what).toContain('bounces+…@inbound.test')
    // An agent sees where replies come from, but does not change it.
    expect((await sendingOf(agnes, mailbox.$id)).repliesFrom).toBe(mailbox.address)
    expect(
      (
        await rejection(
          call(agnes.client, 'PUT', `/mailboxes/${mailbox.$id}/sending`, { address: 'x@acme.example' }),
        )
      ).code,
    ).toBe(401)

    const test = await waitForValue(() => arrivedTo('support@acme.example')[0], { what: 'the test mail' })
    // Nobody reads the test mail through the API: its Message-ID is the proof.
    const outbox = await olive.databases.listDocuments({ databaseId: 'main', collectionId: 'outbox' })
    expect(outbox.documents.some((mail) => JSON.stringify(mail).includes(test.messageId))).toBe(false)

    const ticket = await ticketFromCustomer('Export broken', 'The export button does nothing.')
    const before = await replyAndReceive(agnes, { ticketId: ticket.$id, body: 'Looking into it.' })
    expect(before.email.from).toEqual({
      address: mailbox.address,
      name: `Agnes Agent from ${workspace.name}`,
    })
    expect(before.email.replyTo).toEqual([{ address: mailbox.address, name: '' }])

    // support@acme.example forwards to the parsing address, as the setup says: the test mail comes back.
    expect((await sendRaw({ port: server.smtpPort, to: mailbox.address, raw: test.raw })).accepted).toBe(true)
    const verified = await waitForValue(
      async () => {
        const sending = await sendingOf(olive, mailbox.$id)
        return sending.verified ? sending : undefined
      },
      { what: 'the sending address verified' },
    )
    expect(verified).toMatchObject({ repliesFrom: 'support@acme.example', verifiedAt: expect.any(String) })
    expect(verified.setup[0]?.done).toBe(true)
    const inbound = await olive.databases.listDocuments<TInboundDocument>({
      databaseId: 'main',
      collectionId: 'inbound',
      queries: [Query.equal('status', 'loop')],
    })
    expect(inbound.documents.map((delivery) => delivery.ticketId)).toEqual([null])

    const after = await replyAndReceive(agnes, { ticketId: ticket.$id, body: 'Fixed now.' })
    expect(after.email.from).toEqual({
      address: 'support@acme.example',
      name: `Agnes Agent from ${workspace.name}`,
    })
    expect(after.email.replyTo).toEqual([{ address: 'support@acme.example', name: '' }])
    // The return path stays ours (decision 028).
    expect(after.envelope.from).toMatch(/^bounces\+.*@inbound\.test$/)
  })

  it('names the sender by the workspace’s pattern: the agent from the company, or the company only', async () => {
    const ticket = await ticketFromCustomer('Pattern', 'Who answers?')
    await new Teams(olive.client).updatePrefs({ teamId: workspace.$id, prefs: { fromName: 'workspace' } })
    const companyOnly = await replyAndReceive(olive, { ticketId: ticket.$id, body: 'We do.' })
    expect(companyOnly.email.from?.name).toBe(workspace.name)
    await new Teams(olive.client).updatePrefs({
      teamId: workspace.$id,
      prefs: { fromName: 'agent-from-workspace' },
    })
    const agentFrom = await replyAndReceive(olive, { ticketId: ticket.$id, body: 'Me, Olive.' })
    expect(agentFrom.email.from?.name).toBe(`Olive Owner from ${workspace.name}`)
  })

  it('ends a reply with the member’s and the mailbox’s signatures, quotes the conversation and wraps the text', async () => {
    const mine = await call<TMemberSignature>(agnes.client, 'PUT', `/teams/${workspace.$id}/signature`, {
      html: '<p>Best,<br><strong>{agent.name}</strong></p><script>alert(1)</script>',
    })
    expect(mine.html).toBe('<p>Best,<br /><strong>{agent.name}</strong></p>')
    await call(olive.client, 'PUT', `/mailboxes/${mailbox.$id}/signature`, {
      html: '<p>{workspace.name} support · <a href="https://acme.example">acme.example</a></p>',
    })
    const preview = await call<TMemberSignature>(agnes.client, 'GET', `/teams/${workspace.$id}/signature`)
    expect(preview.preview).toContain('<strong>Agnes Agent</strong>')
    expect(preview.preview).toContain(`${workspace.name} support`)

    const ticket = await ticketFromCustomer(
      'Export of large files',
      'Exports over 2 MB fail.\n\nCan you help?',
    )
    const mail = await replyAndReceive(agnes, {
      ticketId: ticket.$id,
      body: `Hello Carol,\n\n\n${LONG_PARAGRAPH}\n\n\nRegards`,
      bodyHtml: `<p>Hello Carol,</p><p>${LONG_PARAGRAPH}</p><p>Regards</p>`,
    })
    const text = mail.email.text ?? ''
    expect(text.split('\n').every((line) => line.length <= 72)).toBe(true)
    expect(text).not.toContain('\n\n\n')
    expect(text).toMatch(
      /^Hello Carol,\n\nThank you for the detailed report\. .*\n.*\n.*\n\nRegards\n\n-- \nBest,\nAgnes Agent\n.* support · acme\.example/,
    )
    expect(text).toContain(
      'UTC, Carol Customer <carol@customer.example>\nwrote:\n> Exports over 2 MB fail.\n>\n> Can you help?',
    )
    expect(text).toMatch(/\n\nOn \w{3}, \d{1,2} \w{3} \d{4} \d\d:\d\d UTC, Carol Customer/)
    const html = mail.email.html ?? ''
    expect(html).toContain('<strong>Agnes Agent</strong>')
    expect(html).toContain(`${workspace.name} support`)
    expect(html).toMatch(
      /wrote:<\/p>\n<blockquote type="cite"[^>]*><p>Exports over 2 MB fail\.<\/p><p>Can you help\?<\/p><\/blockquote>/,
    )
    expect(html.indexOf('<strong>Agnes Agent</strong>')).toBeLessThan(html.indexOf('<blockquote'))
  })

  it('quotes only what the customer got: a reply taken back is not in the next one', async () => {
    const ticket = await ticketFromCustomer('Taken back', 'Is my order on its way?')
    await new Teams(olive.client).updatePrefs({ teamId: workspace.$id, prefs: { undoSendSeconds: 5 } })
    const wrong = await olive.databases.createDocument({
      ...MESSAGES,
      documentId: 'unique()',
      data: { ticketId: ticket.$id, body: 'Wrong ticket, sorry.' },
    })
    await call(olive.client, 'POST', `/messages/${wrong.$id}/undo`)
    await new Teams(olive.client).updatePrefs({ teamId: workspace.$id, prefs: {} })
    const right = await replyAndReceive(olive, { ticketId: ticket.$id, body: 'It left today.' })
    expect(right.email.text).toContain('> Is my order on its way?')
    expect(right.email.text).not.toContain('Wrong ticket')
  })

  it('lets no stranger send as an address they do not control', async () => {
    // A fresh account may not mail a stranger at all, a test mail included (decision 026).
    expect(
      await rejection(
        call(eve.client, 'PUT', `/mailboxes/${eveMailbox.$id}/sending`, { address: 'ceo@bank.example' }),
      ),
    ).toMatchObject({ code: 403 })
    expect((await sendingOf(eve, eveMailbox.$id)).sendingAddress).toBeNull()

    // Verified, Eve may ask; the test mail goes to the bank, which does not forward it to her.
    await verifyEmail(server.url, eve)
    await call(eve.client, 'PUT', `/mailboxes/${eveMailbox.$id}/sending`, { address: 'ceo@bank.example' })
    const test = await waitForValue(() => arrivedTo('ceo@bank.example')[0], {
      what: 'the test mail to the bank',
    })
    expect(
      await rejection(call(eve.client, 'POST', `/mailboxes/${eveMailbox.$id}/sending/test`)),
    ).toMatchObject({ code: 429, message: SendingMessages.testTooSoon })
    // Nor may she spray test mails by changing the address.
    expect(
      await rejection(
        call(eve.client, 'PUT', `/mailboxes/${eveMailbox.$id}/sending`, { address: 'cfo@bank.example' }),
      ),
    ).toMatchObject({ code: 429 })
    // What she can make: our loop header with a Message-ID of her choosing, and Olive's verified test mail.
    const forged = [
      `From: ${eveMailbox.address}`,
      `To: ${eveMailbox.address}`,
      'Subject: Parsedesk: checking that this address forwards to your helpdesk',
      `Message-ID: <${'0'.repeat(32)}@inbound.test>`,
      'X-Parsedesk-Loop: forged',
      '',
      'verify me',
      '',
    ].join('\r\n')
    const oliveTest = arrivedTo('support@acme.example')[0]
    for (const raw of [forged, oliveTest?.raw ?? '']) {
      expect((await sendRaw({ port: server.smtpPort, to: eveMailbox.address, raw })).accepted).toBe(true)
    }
    await waitForValue(
      async () => {
        const { documents } = await eve.databases.listDocuments<TInboundDocument>({
          databaseId: 'main',
          collectionId: 'inbound',
        })
        return documents.length === 2 && documents.every((d) => d.status !== 'received')
          ? documents
          : undefined
      },
      { what: 'the two forgeries decided' },
    )
    expect(await sendingOf(eve, eveMailbox.$id)).toMatchObject({
      verified: false,
      repliesFrom: eveMailbox.address,
    })
    expect(test.email.text).toContain(eveMailbox.address)
  })

  it('answers hostile input with a clear 4xx', async () => {
    const path = `${server.url}/v1/mailboxes/${mailbox.$id}/sending`
    const headers = {
      'content-type': 'application/json',
      'x-appwrite-project': 'parsedesk',
      'x-appwrite-session': sessionOf(olive),
    }
    const put = (url: string, body: string) => fetch(url, { method: 'PUT', headers, body })
    const nul = await put(path, JSON.stringify({ address: 'sup\u0000port@acme.example' }))
    expect(nul.status).toBe(400)
    expect((await nul.json()).message).toContain(SendingMessages.nulCharacter)
    expect((await put(path, JSON.stringify({ address: 'x'.repeat(10 * 1024 * 1024) }))).status).toBe(413)
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    expect((await put(`${server.url}/v1/teams/${workspace.$id}/signature`, `{"html":${deep}}`)).status).toBe(
      400,
    )
    expect((await put(path, JSON.stringify({ address: 'mailbox@inbound.test' }))).status).toBe(400)
    const signature = await put(
      `${server.url}/v1/teams/${workspace.$id}/signature`,
      JSON.stringify({ html: 'x'.repeat(20_000) }),
    )
    expect(signature.status).toBe(400)
    // Another workspace's mailbox is not there for Olive, to read or to change.
    expect(
      (await put(`${server.url}/v1/mailboxes/${eveMailbox.$id}/sending`, '{"address":"a@b.example"}')).status,
    ).toBe(404)
    expect(
      (await put(`${server.url}/v1/mailboxes/${eveMailbox.$id}/signature`, '{"html":"hi"}')).status,
    ).toBe(404)
    expect(await rejection(call(olive.client, 'GET', `/teams/${'x'.repeat(36)}/signature`))).toMatchObject({
      code: 404,
    })
    expect((await sendingOf(eve, eveMailbox.$id)).sendingAddress).toBe('ceo@bank.example')
  })
})
