import { CollectionId, DATABASE_ID, TicketEventType, TicketStatus } from '@parsedesk/contracts'
import { ID, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEmail } from '../mail/ingest/ingest.test-kit'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { linkIn, startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { verifyEmail } from '../testing/verify-email'
import { waitForValue } from '../testing/wait-for-value'
import { lockClosedTickets } from '../ticket-lifecycle/lock-closed-tickets'
import { closePendingTickets, remindPendingTickets } from '../ticket-lifecycle/pending-tickets'
import { sendDueSurveys } from './send-surveys'

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const MESSAGES = { databaseId: DATABASE_ID, collectionId: CollectionId.messages }
const HOUR = 3_600_000
const DAY = 24 * HOUR

describe.each(DATABASE_KINDS)('satisfaction surveys and auto-close, on %s', (database) => {
  let relay: TTestRelay
  let server: TMailTestServer
  let ada: TSdkUser
  let workspace: string
  let mailboxAddress: string
  let serial = 0

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url } })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    mailboxAddress = (await readMailbox(ada)).address
    // A reply to a stranger needs a verified owner (decision 026); surveys follow answered tickets only.
    await verifyEmail(server.url, ada)
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  const surveyDeps = () => ({ db: server.db, outbox: server.outbox, publicUrl: server.url })
  const pendingDeps = () => ({
    db: server.db,
    outbox: server.outbox,
    announceUpdated: server.tickets.announceUpdated,
  })

  /** A customer's mail by real SMTP; answers the ticket it opened (or joined) once ingest wrote it. */
  async function customerWrites(from: string, subject: string, options: { body?: string } = {}) {
    serial += 1
    const messageId = `csat-${serial}-${Date.now()}@customer.example`
    const raw = testEmail({ from, subject, messageId }).replace(
      `About ${subject}.`,
      options.body ?? `About ${subject}.`,
    )
    const sent = await sendRaw({ port: server.smtpPort, to: mailboxAddress, raw, from })
    expect(sent.accepted, sent.response).toBe(true)
    return waitForValue(
      async () => {
        const { rows } = await server.db.query<{ ticketId: string }>(
          `select "ticketId" from inbound_emails where "messageId" = $1 and "ticketId" is not null`,
          [messageId],
        )
        return rows[0]?.ticketId
      },
      { what: `the ticket of ${subject}` },
    )
  }

  const ticketOf = async (id: string) =>
    (await ada.databases.getDocument({ ...TICKETS, documentId: id })) as unknown as {
      $id: string
      number: number
      status: string
    }
  const setStatus = (id: string, status: string) =>
    ada.databases.updateDocument({ ...TICKETS, documentId: id, data: { status } })
  /** Ada answers the requester, then closes the ticket. */
  async function answerAndClose(id: string) {
    await ada.databases.createDocument({
      ...MESSAGES,
      documentId: ID.unique(),
      data: { ticketId: id, body: 'Done: it is sorted.' },
    })
    await setStatus(id, TicketStatus.closed)
  }
  const eventsOf = async (ticketId: string, type: string) =>
    (
      await server.db.query<{ actorType: string; after: Record<string, unknown> }>(
        `select "actorType", "after" from ticket_events where "ticketId" = $1 and "type" = $2 order by seq`,
        [ticketId, type],
      )
    ).rows
  const mailsTo = (address: string) => relay.arrived.filter((mail) => mail.envelope.to.includes(address))
  const surveysTo = (address: string) =>
    mailsTo(address).filter((mail) => linkIn(mail)?.pathname.startsWith('/rate/'))

  it('asks the requester once, a day after closing, from the workspace; one survey a week per requester', async () => {
    const ticketId = await customerWrites('rita@customer.example', 'Invoice copy')
    await answerAndClose(ticketId)
    const now = Date.now()

    expect(await sendDueSurveys(surveyDeps(), new Date(now + 23 * HOUR))).toBe(0)
    expect(await sendDueSurveys(surveyDeps(), new Date(now + 25 * HOUR))).toBe(1)
    expect(await sendDueSurveys(surveyDeps(), new Date(now + 26 * HOUR))).toBe(0)

    const mail = await waitForValue(() => surveysTo('rita@customer.example')[0], { what: 'the survey' })
    expect(mail.email.subject).toBe(`How did we do? [#${(await ticketOf(ticketId)).number}]`)
    // From the address replies use, named as replies are (decision 047).
    expect(mail.email.from?.address).toBe(mailboxAddress)
    expect(mail.email.from?.name).toContain('Ada Lovelace from')
    const link = linkIn(mail)
    expect(link?.pathname).toMatch(/^\/rate\/[A-Za-z0-9_-]{43}$/)
    // The link rates the ticket: no member reads it in the outbox (a member could rate their own help).
    const outbox = await ada.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.outbox,
      queries: [Query.equal('kind', 'survey')],
    })
    expect(outbox.total).toBe(0)

    // Another ticket of the same requester closed the same week: no second survey.
    const second = await customerWrites('rita@customer.example', 'Second question')
    await answerAndClose(second)
    expect(await sendDueSurveys(surveyDeps(), new Date(Date.now() + 25 * HOUR))).toBe(0)
    expect(surveysTo('rita@customer.example')).toHaveLength(1)

    // Nobody reads a no-reply address; a spam ticket is not asked about either.
    const automatic = await customerWrites('no-reply@shop.example', 'Your order shipped')
    await answerAndClose(automatic)
    const spam = await customerWrites('sam@customer.example', 'Cheap watches')
    await ada.databases.updateDocument({ ...TICKETS, documentId: spam, data: { category: 'spam-marketing' } })
    await answerAndClose(spam)
    expect(await sendDueSurveys(surveyDeps(), new Date(Date.now() + 25 * HOUR))).toBe(0)

    // Closed without an answer to the requester: no help to rate.
    const unanswered = await customerWrites('uma@customer.example', 'Never mind')
    await setStatus(unanswered, TicketStatus.closed)
    expect(await sendDueSurveys(surveyDeps(), new Date(Date.now() + 25 * HOUR))).toBe(0)
  })

  it('rates once through the link, credited to who closed it, shown on the ticket; a guessed or expired link rates nothing', async () => {
    const ticketId = await customerWrites('otto@customer.example', 'Password reset')
    await answerAndClose(ticketId)
    expect(await sendDueSurveys(surveyDeps(), new Date(Date.now() + 25 * HOUR))).toBe(1)
    const mail = await waitForValue(() => surveysTo('otto@customer.example')[0], { what: 'the survey' })
    const link = linkIn(mail)
    if (!link) throw new Error('no link in the survey')
    const url = `${server.url}${link.pathname}`

    // Opening the link (a mail scanner does) shows the question and rates nothing.
    const page = await fetch(`${url}?rating=good`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('How would you rate the help you got?')
    expect(html).toMatch(/value="good" required checked/)
    expect(await eventsOf(ticketId, TicketEventType.satisfaction)).toHaveLength(0)

    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    // A NUL, no rating or a 1 MB body is refused and rates nothing.
    const nul = new URLSearchParams({ rating: 'good', comment: 'a\u0000b' })
    expect((await fetch(url, { method: 'POST', headers: form, body: nul })).status).toBe(400)
    const huge = new URLSearchParams({ rating: 'good', comment: 'x'.repeat(1024 * 1024) })
    expect((await fetch(url, { method: 'POST', headers: form, body: huge })).status).toBe(413)
    const none = new URLSearchParams({ comment: 'hi' })
    expect((await fetch(url, { method: 'POST', headers: form, body: none })).status).toBe(400)
    const answer = new URLSearchParams({ rating: 'bad', comment: 'Took three days' })
    const announced: string[] = []
    const stop = server.bus.subscribe((event) => {
      if (event.collectionId === CollectionId.tickets && event.action === 'update')
        announced.push(event.documentId)
    })
    const rated = await fetch(url, { method: 'POST', headers: form, body: answer })
    expect(rated.status).toBe(200)
    // An open ticket page hears of it and reads the new event.
    await waitForValue(() => announced.includes(ticketId), { what: 'the ticket announced' })
    stop()
    expect(await rated.text()).toContain('Thank you for your rating.')
    const again = await fetch(url, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ rating: 'good' }),
    })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('already used')

    const events = await eventsOf(ticketId, TicketEventType.satisfaction)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      actorType: 'customer',
      after: { rating: 'bad', comment: 'Took three days', agentId: ada.userId },
    })
    // The report reads the rating from the ticket's log: its CSAT lists this ticket, rated bad.
    // From yesterday: the ticket was written a moment ago, perhaps before midnight.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const report = await ada.client.call(
      'get',
      new URL(`${ada.client.config.endpoint}/reports/tickets`),
      {},
      {
        teamId: workspace,
        from: day(Date.now() - DAY),
        to: day(Date.now()),
        timeZone: 'UTC',
        slice: 'csat:rated',
      },
    )
    expect(report.tickets).toContainEqual(
      expect.objectContaining({ number: (await ticketOf(ticketId)).number, csat: 'bad' }),
    )

    // A token one character off, or made up, opens nothing.
    const token = link.pathname.split('/')[2] ?? ''
    const guessed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await fetch(`${server.url}/rate/${guessed}`)).status).toBe(404)
    expect((await fetch(`${server.url}/rate/not-a-token`)).status).toBe(404)

    // A link past its fortnight: said so, and it rates nothing.
    const late = await customerWrites('lena@customer.example', 'Late answer')
    await answerAndClose(late)
    expect(await sendDueSurveys(surveyDeps(), new Date(Date.now() + 25 * HOUR))).toBe(1)
    const lateMail = await waitForValue(() => surveysTo('lena@customer.example')[0], { what: 'the survey' })
    await server.db.query(
      `update satisfaction_surveys set "expiresAt" = now() - interval '1 minute' where "ticketId" = $1`,
      [late],
    )
    const lateUrl = `${server.url}${linkIn(lateMail)?.pathname}`
    expect((await fetch(lateUrl)).status).toBe(410)
    const refused = await fetch(lateUrl, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ rating: 'good' }),
    })
    expect(refused.status).toBe(410)
    expect(await refused.text()).toContain('expired')
    expect(await eventsOf(late, TicketEventType.satisfaction)).toHaveLength(0)
  })

  it('speaks the ticket’s language, else the browser’s', async () => {
    const ticketId = await customerWrites('jonas@kunde.example', 'Rechnung doppelt abgebucht', {
      body: 'Guten Tag, meine Rechnung wurde doppelt abgebucht. Bitte erstatten Sie mir den zweiten Betrag. Vielen Dank und freundliche Grüße',
    })
    await waitForValue(
      async () =>
        (
          await server.db.query(
            `select 1 from tickets where id = $1 and analysis ->> 'language' = 'German'`,
            [ticketId],
          )
        ).rows[0],
      { what: 'the German analysis', timeoutMs: 60_000 },
    )
    await answerAndClose(ticketId)
    expect(await sendDueSurveys(surveyDeps(), new Date(Date.now() + 25 * HOUR))).toBe(1)
    const mail = await waitForValue(() => surveysTo('jonas@kunde.example')[0], { what: 'the survey' })
    expect(mail.email.subject).toMatch(/^Wie waren wir\?/)
    const url = `${server.url}${linkIn(mail)?.pathname}`
    const page = await (await fetch(url, { headers: { 'accept-language': 'fr' } })).text()
    expect(page).toContain('lang="de"')
    expect(page).toContain('Wie bewerten Sie die Hilfe')

    // A link nobody knows, in the browser's language.
    const unknown = await fetch(`${server.url}/rate/${'x'.repeat(43)}`, {
      headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' },
    })
    expect(await unknown.text()).toContain('Este link de avaliação não é válido.')
  })

  it('locks a ticket closed long enough: the customer’s next mail opens a linked follow-up', async () => {
    const ticketId = await customerWrites('ines@customer.example', 'Broken charger')
    const { number } = await ticketOf(ticketId)
    await setStatus(ticketId, TicketStatus.closed)
    expect(await lockClosedTickets(pendingDeps(), new Date(Date.now() + 13 * DAY))).toBe(0)
    expect(
      await lockClosedTickets(pendingDeps(), new Date(Date.now() + 14 * DAY + HOUR)),
    ).toBeGreaterThanOrEqual(1)
    expect(await eventsOf(ticketId, TicketEventType.locked)).toHaveLength(1)
    expect(await lockClosedTickets(pendingDeps(), new Date(Date.now() + 14 * DAY + HOUR))).toBe(0)

    const followUp = await customerWrites('ines@customer.example', `Re: Broken charger [#${number}]`)
    expect(followUp).not.toBe(ticketId)
    expect((await ticketOf(ticketId)).status).toBe(TicketStatus.closed)
    expect((await ticketOf(followUp)).status).toBe(TicketStatus.open)
    const link = {
      ...{ source: ticketId, target: followUp, sourceNumber: number },
      targetNumber: (await ticketOf(followUp)).number,
    }
    expect(await eventsOf(ticketId, TicketEventType.followUp)).toMatchObject([{ after: link }])
    expect(await eventsOf(followUp, TicketEventType.followUp)).toMatchObject([{ after: link }])

    // A member may reopen the locked ticket: the customer's mail joins it again until it is closed and
    // locked anew.
    await setStatus(ticketId, TicketStatus.open)
    expect(await customerWrites('ines@customer.example', `Re: Broken charger [#${number}]`)).toBe(ticketId)
    await setStatus(ticketId, TicketStatus.closed)
    expect(await customerWrites('ines@customer.example', `Re: Broken charger [#${number}]`)).toBe(ticketId)
    await setStatus(ticketId, TicketStatus.closed)
    expect(
      await lockClosedTickets(pendingDeps(), new Date(Date.now() + 14 * DAY + 2 * HOUR)),
    ).toBeGreaterThanOrEqual(1)
    expect(await eventsOf(ticketId, TicketEventType.locked)).toHaveLength(2)
    expect(await customerWrites('ines@customer.example', `Re: Broken charger [#${number}]`)).not.toBe(
      ticketId,
    )

    // Closed long before (the worker was down, or locking is new): past the schedule's week of catching up,
    // never logged as locked, and locked all the same.
    const old = await customerWrites('olaf@customer.example', 'Old order')
    const oldNumber = (await ticketOf(old)).number
    // The log is append-only: the ticket is closed as it was a month ago, its closing written then.
    await server.db.query(`update tickets set status = 'closed' where id = $1`, [old])
    await server.db.query(
      `insert into ticket_events (id, permissions, read_roles, "ticketId", "teamId", "type", "actorType",
         "actorId", "before", "after", created_at)
       select 'old-closing-' || "ticketId", permissions, read_roles, "ticketId", "teamId", 'status', 'system',
         null, '"open"'::jsonb, '"closed"'::jsonb, now() - interval '30 days'
       from ticket_events where "ticketId" = $1 limit 1`,
      [old],
    )
    expect(await lockClosedTickets(pendingDeps(), new Date())).toBe(0)
    expect(await eventsOf(old, TicketEventType.locked)).toHaveLength(0)
    expect(await customerWrites('olaf@customer.example', `Re: Old order [#${oldNumber}]`)).not.toBe(old)

    // A ticket closed but not locked still reopens.
    const recent = await customerWrites('ivo@customer.example', 'Question')
    const recentNumber = (await ticketOf(recent)).number
    await setStatus(recent, TicketStatus.closed)
    expect(await customerWrites('ivo@customer.example', `Re: Question [#${recentNumber}]`)).toBe(recent)
    expect((await ticketOf(recent)).status).toBe(TicketStatus.open)
  })

  it('reminds a pending ticket’s requester once, then closes it', async () => {
    const ticketId = await customerWrites('paula@customer.example', 'Need the serial number')
    await setStatus(ticketId, TicketStatus.pending)
    const now = Date.now()
    expect(await remindPendingTickets(pendingDeps(), new Date(now + 2 * DAY))).toBe(0)
    expect(await remindPendingTickets(pendingDeps(), new Date(now + 3 * DAY + HOUR))).toBe(1)
    expect(await remindPendingTickets(pendingDeps(), new Date(now + 4 * DAY))).toBe(0)
    const reminder = await waitForValue(() => mailsTo('paula@customer.example')[0], { what: 'the reminder' })
    expect(reminder.email.subject).toContain('We are waiting for your answer')
    expect(reminder.email.from?.address).toBe(mailboxAddress)
    expect(await eventsOf(ticketId, TicketEventType.pendingReminder)).toHaveLength(1)

    expect(await closePendingTickets(pendingDeps(), new Date(now + 6 * DAY))).toBe(0)
    expect((await ticketOf(ticketId)).status).toBe(TicketStatus.pending)
    expect(await closePendingTickets(pendingDeps(), new Date(now + 7 * DAY + HOUR))).toBeGreaterThanOrEqual(1)
    expect((await ticketOf(ticketId)).status).toBe(TicketStatus.closed)
    const closings = await eventsOf(ticketId, TicketEventType.status)
    expect(closings.at(-1)).toMatchObject({ actorType: 'system', after: TicketStatus.closed })

    // Run for the cluster every five minutes (decision 038).
    const { rows } = await server.db.query<{ cron: string }>(
      `select cron from pgboss.schedule where name = $1`,
      ['ticket-lifecycle'],
    )
    expect(rows[0]?.cron).toBe('*/5 * * * *')
  })

  it('keeps the numbers as workspace settings that only owners and admins change, checked', async () => {
    const teams = new Teams(ada.client)
    await teams.updatePrefs({ teamId: workspace, prefs: { pendingReminderDays: 1, pendingCloseDays: 2 } })
    await expect(
      teams.updatePrefs({ teamId: workspace, prefs: { pendingReminderDays: 5, pendingCloseDays: 2 } }),
    ).rejects.toMatchObject({ code: 400, message: expect.stringContaining('must close later') })
    await expect(
      teams.updatePrefs({ teamId: workspace, prefs: { csatDelayHours: 1.5 } }),
    ).rejects.toMatchObject({
      code: 400,
    })
    const ticketId = await customerWrites('quinn@customer.example', 'Quick one')
    await setStatus(ticketId, TicketStatus.pending)
    expect(
      await closePendingTickets(pendingDeps(), new Date(Date.now() + 2 * DAY + HOUR)),
    ).toBeGreaterThanOrEqual(1)
    expect((await ticketOf(ticketId)).status).toBe(TicketStatus.closed)
    await teams.updatePrefs({ teamId: workspace, prefs: {} })
  })
})
