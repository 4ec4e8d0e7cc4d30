import {
  CollectionId,
  DATABASE_ID,
  NotificationKind,
  NotificationLimits,
  type TNotificationAttributes,
  type TNotificationEmailSettings,
} from '@parsedesk/contracts'
import { type AppwriteException, type Client, ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEmail } from '../mail/ingest/ingest.test-kit'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { subscribeWithSdk27, type TFrame, useRecordingWebSocketInSdk } from '../realtime/realtime.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { verifyEmail } from '../testing/verify-email'
import { waitForValue } from '../testing/wait-for-value'
import { notifyUnassignedTickets } from './unassigned-tickets.job'

type TNotification = Models.Document & TNotificationAttributes

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const MESSAGES = { databaseId: DATABASE_ID, collectionId: CollectionId.messages }
const GROUPS = { databaseId: DATABASE_ID, collectionId: CollectionId.groups }
const NOTIFICATIONS = { databaseId: DATABASE_ID, collectionId: CollectionId.notifications }

const TEN_MB = 'x'.repeat(10 * 1024 * 1024)
const DEEP = Array.from({ length: 200 }).reduce<unknown>((inner) => ({ inner }), 'bottom')

function call(client: Client, method: string, path: string, params: Record<string, unknown> = {}) {
  return client.call(
    method,
    new URL(`${client.config.endpoint}${path}`),
    { 'content-type': 'application/json' },
    params,
  )
}

function expectClearRefusal(error: AppwriteException) {
  expect(error.code, error.message).toBeGreaterThanOrEqual(400)
  expect(error.code, error.message).toBeLessThan(500)
  expect(error.message.length).toBeGreaterThan(0)
}

describe.each(DATABASE_KINDS)('notifications, on %s', (database) => {
  let relay: TTestRelay
  let server: TMailTestServer
  // Ada owns the workspace; Grace (verified address) and Hal (unverified) are its agents.
  let ada: TSdkUser
  let grace: TSdkUser
  let hal: TSdkUser
  let workspace: string

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url } })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    grace = await signUpUser(server.url, 'Grace Hopper')
    hal = await signUpUser(server.url, 'Hal Agent')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    for (const member of [grace, hal])
      await joinByInvitation({
        serverUrl: server.url,
        owner: ada,
        member,
        teamId: workspace,
        roles: ['agent'],
      })
    await verifyEmail(server.url, grace)
    useRecordingWebSocketInSdk()
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  const listOf = async (user: TSdkUser) =>
    (
      await user.databases.listDocuments<TNotification>({
        ...NOTIFICATIONS,
        queries: [Query.orderDesc('$createdAt'), Query.limit(100)],
      })
    ).documents

  const ofTicket = async (user: TSdkUser, ticketId: string) =>
    (await listOf(user)).filter((notification) => notification.ticketId === ticketId)

  /** Waits until `user` has a notification of `kind` about `ticketId`. */
  const waitForNotification = (user: TSdkUser, ticketId: string, kind: string) =>
    waitForValue(
      async () => (await ofTicket(user, ticketId)).find((notification) => notification.kind === kind),
      { what: `a ${kind} notification of ${ticketId}` },
    )

  async function fileTicket(user: TSdkUser, subject: string, data: Record<string, unknown> = {}) {
    const ticket = await user.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: {
        email: 'carol@customer.example',
        subject,
        body: `About ${subject}`,
        teamId: workspace,
        ...data,
      },
    })
    return ticket as unknown as Models.Document & { number: number }
  }

  const assign = (user: TSdkUser, ticketId: string, assignee: TSdkUser | null) =>
    user.databases.updateDocument({
      ...TICKETS,
      documentId: ticketId,
      data: { assigneeId: assignee?.userId ?? null },
    })

  const note = (user: TSdkUser, ticketId: string, body: string) =>
    user.databases.createDocument({
      ...MESSAGES,
      documentId: ID.unique(),
      data: { ticketId, body, note: true },
    })

  /** A member's change of a notification, as the bell makes it (whatever a test sends). */
  const mark = (user: TSdkUser, documentId: string, data: object, permissions?: string[]) =>
    user.databases.updateDocument<TNotification>({
      ...NOTIFICATIONS,
      documentId,
      data: data as Partial<TNotification>,
      ...(permissions ? { permissions } : {}),
    })

  const mailsTo = (address: string, text: string) =>
    relay.arrived.filter(
      (mail) => mail.envelope.to.includes(address) && (mail.email.subject ?? '').includes(text),
    )

  it('tells the assignee in the app and by mail with a link to the ticket; never the member who assigned', async () => {
    const ticket = await fileTicket(ada, 'Refund for order 1142')
    await assign(ada, ticket.$id, grace)

    const told = await waitForNotification(grace, ticket.$id, NotificationKind.assigned)
    expect(told).toMatchObject({ actorName: 'Ada Lovelace', ticketNumber: ticket.number, readAt: null })
    expect(told.ticketSubject).toBe('Refund for order 1142')
    const mail = await waitForValue(() => mailsTo(grace.email, 'Refund for order 1142')[0], {
      what: "Grace's mail",
    })
    expect(mail.email.text).toContain(`${server.url}/tickets/${ticket.number}?workspace=${workspace}`)
    expect(mail.email.subject).toContain('Ada Lovelace assigned you a ticket')
    expect(await ofTicket(ada, ticket.$id)).toEqual([])
  })

  it('tells the assignee of every ticket assigned at once, each by mail, when their notifications go out together', async () => {
    const subjects = ['Batch crate 1', 'Batch crate 2', 'Batch crate 3']
    const tickets = await Promise.all(subjects.map((subject) => fileTicket(ada, subject)))
    await Promise.all(tickets.map((ticket) => assign(ada, ticket.$id, grace)))
    for (const subject of subjects) {
      const mail = await waitForValue(() => mailsTo(grace.email, subject)[0], {
        what: `Grace's mail of ${subject}`,
      })
      expect(mail.email.subject).toContain('Ada Lovelace assigned you a ticket')
    }
    for (const ticket of tickets) expect(await ofTicket(grace, ticket.$id)).toHaveLength(1)
  })

  it('sends each member their own notifications live over the realtime socket, and nobody else’s', async () => {
    const channel = `databases.${DATABASE_ID}.collections.${CollectionId.notifications}.documents`
    // One after another: each takes the socket opened since it began.
    const gracePage = await subscribeWithSdk27(grace.client, [channel])
    const halPage = await subscribeWithSdk27(hal.client, [channel])
    const adaPage = await subscribeWithSdk27(ada.client, [channel])
    const about = (ticketId: string) => (frame: TFrame) =>
      frame.type === 'event' &&
      (frame.data?.payload as { ticketId?: string } | undefined)?.ticketId === ticketId
    const forGrace = await fileTicket(ada, 'Live for Grace')
    await assign(ada, forGrace.$id, grace)
    await waitForValue(() => gracePage.socket.frames.find(about(forGrace.$id)), {
      what: "Grace's live notification",
    })
    // Then one for Hal: anything of Grace's sent to him would have come before it.
    const forHal = await fileTicket(ada, 'Live for Hal')
    await assign(ada, forHal.$id, hal)
    await waitForValue(() => halPage.socket.frames.find(about(forHal.$id)), {
      what: "Hal's live notification",
    })

    expect(halPage.socket.frames.some(about(forGrace.$id))).toBe(false)
    expect(adaPage.socket.frames.some(about(forGrace.$id))).toBe(false)
    expect(gracePage.socket.frames.some(about(forHal.$id))).toBe(false)
    for (const page of [gracePage, halPage, adaPage]) page.subscription.close()
  })

  it('tells nobody of their own action: assigning oneself or filing a ticket assigned to oneself', async () => {
    const own = await fileTicket(grace, 'Printer on fire')
    await assign(grace, own.$id, grace)
    const filedToSelf = await fileTicket(ada, 'Self-filed', { assigneeId: ada.userId })
    // Then one that does tell Grace, so that the ones before had every chance to arrive.
    const later = await fileTicket(ada, 'Filed for Grace', { assigneeId: grace.userId })
    await waitForNotification(grace, later.$id, NotificationKind.assigned)

    expect(await ofTicket(grace, own.$id)).toEqual([])
    expect(await ofTicket(ada, filedToSelf.$id)).toEqual([])
  })

  it('tells each member a note @mentions, by name or address, and mails only a verified address', async () => {
    const ticket = await fileTicket(ada, 'Outage in region eu-2')
    const halName = hal.email.split('@')[0]
    const written = await note(ada, ticket.$id, `@Grace Hopper and @${halName}, can you look? @Ada Lovelace`)

    const toGrace = await waitForNotification(grace, ticket.$id, NotificationKind.mentioned)
    const toHal = await waitForNotification(hal, ticket.$id, NotificationKind.mentioned)
    expect(toGrace.actorName).toBe('Ada Lovelace')
    expect(toHal.actorName).toBe('Ada Lovelace')
    await waitForValue(() => mailsTo(grace.email, 'mentioned you')[0], { what: "Grace's mention mail" })
    expect(await ofTicket(ada, ticket.$id)).toEqual([])
    const { rows } = await server.db.query(
      `select 1 from outbox where "kind" = 'notification' and "to" ? $1`,
      [hal.email],
    )
    expect(rows).toEqual([])
    expect(written.$id).toBeTruthy()
  })

  it('tells the assignee when the customer answers their ticket by mail, and nobody when it has none', async () => {
    const address = (await readMailbox(ada)).address
    const raw = testEmail({ subject: 'Invoice 2041 is wrong', messageId: 'first-2041@customer.example' })
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
    const ticket = await waitForValue(
      async () =>
        (
          await ada.databases.listDocuments({
            ...TICKETS,
            queries: [Query.equal('subject', 'Invoice 2041 is wrong')],
          })
        ).documents[0],
      { what: 'the ticket of the first mail', timeoutMs: 60_000 },
    )
    await assign(ada, ticket.$id, grace)
    await waitForNotification(grace, ticket.$id, NotificationKind.assigned)

    const answer = testEmail({
      subject: 'Re: Invoice 2041 is wrong',
      messageId: 'second-2041@customer.example',
      inReplyTo: 'first-2041@customer.example',
    })
    expect((await sendRaw({ port: server.smtpPort, to: address, raw: answer })).accepted).toBe(true)

    const told = await waitForNotification(grace, ticket.$id, NotificationKind.customerReplied)
    expect(told.actorId).toBeNull()
    expect((await ofTicket(ada, ticket.$id)).map((n) => n.kind)).toEqual([])
  })

  it("keeps each member's notifications their own: another member gets 404 reading or marking them", async () => {
    const ticket = await fileTicket(ada, 'Private to Grace')
    await assign(ada, ticket.$id, grace)
    const mine = await waitForNotification(grace, ticket.$id, NotificationKind.assigned)

    for (const other of [hal, ada]) {
      const read = await rejection(other.databases.getDocument({ ...NOTIFICATIONS, documentId: mine.$id }))
      expect(read.code).toBe(404)
      const marked = await rejection(mark(other, mine.$id, { read: true }))
      expect(marked.code).toBe(404)
      expect((await listOf(other)).some((n) => n.$id === mine.$id)).toBe(false)
    }
    await call(hal.client, 'post', '/notifications/read')
    expect(
      (await grace.databases.getDocument<TNotification>({ ...NOTIFICATIONS, documentId: mine.$id })).readAt,
    ).toBeNull()

    // A permission grant in the update is ignored: the notification stays Grace's alone.
    await mark(grace, mine.$id, { read: true }, [`read("team:${workspace}")`])
    expect(
      (await rejection(hal.databases.getDocument({ ...NOTIFICATIONS, documentId: mine.$id }))).code,
    ).toBe(404)
    const read = await grace.databases.getDocument<TNotification>({ ...NOTIFICATIONS, documentId: mine.$id })
    expect(read.readAt).not.toBeNull()

    await call(grace.client, 'post', '/notifications/read')
    const unread = await grace.databases.listDocuments({
      ...NOTIFICATIONS,
      queries: [Query.isNull('readAt')],
    })
    expect(unread.total).toBe(0)
  })

  it('mails only the kinds a member keeps on; the bell shows every kind', async () => {
    const settings = (await call(
      grace.client,
      'get',
      '/notifications/settings',
    )) as TNotificationEmailSettings
    expect(settings.email.assigned).toBe(true)
    await call(grace.client, 'put', '/notifications/settings', {
      email: { ...settings.email, assigned: false },
    })
    try {
      const ticket = await fileTicket(ada, 'Quiet assignment')
      await assign(ada, ticket.$id, grace)
      const told = await waitForNotification(grace, ticket.$id, NotificationKind.assigned)
      // The mail would have been queued in the transaction that announced the notification.
      await waitForValue(
        async () =>
          (
            await server.db.query(`select 1 from notifications where id = $1 and "announcedAt" is not null`, [
              told.$id,
            ])
          ).rows[0],
        { what: 'the notification announced' },
      )
      const { rows } = await server.db.query(`select 1 from outbox where "idempotencyKey" = $1`, [
        `notification:${told.$id}`,
      ])
      expect(rows).toEqual([])
    } finally {
      await call(grace.client, 'put', '/notifications/settings', { email: settings.email })
    }
  })

  it('mails a member at most the hour’s cap of notifications; past it the bell still shows them', async () => {
    // Grace had the hour's mails already (as sent, so nothing reaches the relay again).
    await server.db.query(
      `insert into outbox (id, "userId", "kind", "idempotencyKey", "from", "to", "subject", "text", "messageId", "state")
       select 'cap-' || n, $1, 'notification', 'cap-test:' || n, 'parsedesk@localhost', jsonb_build_array($2::text),
         'earlier', 'earlier', '<cap-' || n || '@parsedesk.test>', 'sent'
       from generate_series(1, $3::int) n`,
      [grace.userId, grace.email, NotificationLimits.mailsPerMemberHour],
    )
    try {
      const ticket = await fileTicket(ada, 'Over the cap')
      await assign(ada, ticket.$id, grace)
      const told = await waitForNotification(grace, ticket.$id, NotificationKind.assigned)
      await waitForValue(
        async () =>
          (
            await server.db.query(`select 1 from notifications where id = $1 and "announcedAt" is not null`, [
              told.$id,
            ])
          ).rows[0],
        { what: 'the notification announced' },
      )
      const { rows } = await server.db.query(`select 1 from outbox where "idempotencyKey" = $1`, [
        `notification:${told.$id}`,
      ])
      expect(rows).toEqual([])
    } finally {
      await server.db.query(`delete from outbox where id like 'cap-%'`)
    }
  })

  it('tells the members of its group once when a ticket waits unassigned for the workspace’s minutes', async () => {
    const group = await ada.databases.createDocument({
      ...GROUPS,
      documentId: ID.unique(),
      data: { teamId: workspace, name: 'Billing desk', memberIds: [grace.userId, hal.userId] },
    })
    const waiting = await fileTicket(ada, 'Nobody took me', { groupId: group.$id })
    const fresh = await fileTicket(ada, 'Just arrived', { groupId: group.$id })
    // Move the clock: the first ticket came in 20 minutes ago, past the default 15.
    await server.db.query(`update tickets set created_at = now() - interval '20 minutes' where id = $1`, [
      waiting.$id,
    ])

    await notifyUnassignedTickets(server.db)
    await notifyUnassignedTickets(server.db)
    // Any change of the ticket announces what waits for it.
    await ada.databases.updateDocument({ ...TICKETS, documentId: waiting.$id, data: { tags: ['waiting'] } })

    for (const member of [grace, hal]) {
      await waitForNotification(member, waiting.$id, NotificationKind.unassigned)
      expect((await ofTicket(member, waiting.$id)).length).toBe(1)
      expect(await ofTicket(member, fresh.$id)).toEqual([])
    }
    const { rows } = await server.db.query<{ cron: string }>(
      `select cron from pgboss.schedule where name = $1`,
      ['notify-unassigned'],
    )
    expect(rows[0]?.cron).toBe('* * * * *')
  })

  it('answers NUL, 10 MB, deep nesting, wrong types and another member’s ids with a clear 4xx', async () => {
    const ticket = await fileTicket(ada, 'Hostile')
    await assign(ada, ticket.$id, grace)
    const mine = await waitForNotification(grace, ticket.$id, NotificationKind.assigned)
    const refusals: [string, () => Promise<unknown>][] = [
      [
        'settings with NUL',
        () => call(grace.client, 'put', '/notifications/settings', { 'email\u0000': {} }),
      ],
      ['settings of 10 MB', () => call(grace.client, 'put', '/notifications/settings', { email: TEN_MB })],
      ['settings nested deep', () => call(grace.client, 'put', '/notifications/settings', { email: DEEP })],
      [
        'settings of a wrong type',
        () =>
          call(grace.client, 'put', '/notifications/settings', {
            email: { assigned: 'yes', 'customer-replied': true, mentioned: true, unassigned: true },
          }),
      ],
      ['read of a wrong type', () => mark(grace, mine.$id, { read: 'yes' })],
      ['another attribute', () => mark(grace, mine.$id, { read: true, userId: hal.userId })],
      ['read nested deep', () => mark(grace, mine.$id, { read: DEEP })],
      ['another member’s id', () => mark(hal, mine.$id, { read: true })],
      [
        'a notification made by a client',
        () => grace.databases.createDocument({ ...NOTIFICATIONS, documentId: ID.unique(), data: {} }),
      ],
    ]
    for (const [what, attempt] of refusals) {
      const error = await rejection(attempt())
      expect.soft(error.code, what).toBeGreaterThanOrEqual(400)
      expectClearRefusal(error)
    }
    const still = await grace.databases.getDocument<TNotification>({ ...NOTIFICATIONS, documentId: mine.$id })
    expect(still).toMatchObject({ userId: grace.userId, readAt: null })
    const settings = (await call(
      grace.client,
      'get',
      '/notifications/settings',
    )) as TNotificationEmailSettings
    expect(settings.email.assigned).toBe(true)
  })

  it('names the wrong setting, and tells a guest to sign in before reading what they sent', async () => {
    const wrong = await rejection(
      call(grace.client, 'put', '/notifications/settings', { email: { assigned: 'yes' } }),
    )
    expect(wrong.code).toBe(400)
    expect(wrong.message).toMatch(/^Invalid `email` param: /)
    const guest = await fetch(`${server.url}/v1/notifications/settings`, {
      method: 'PUT',
      headers: { 'x-appwrite-project': 'parsedesk', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not settings' }),
    })
    expect(guest.status).toBe(401)
  })
})
