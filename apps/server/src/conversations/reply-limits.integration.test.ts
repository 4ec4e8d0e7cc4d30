import { ErrorType, SendingLimitMessages, UndoSend } from '@parsedesk/contracts'
import { type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { freePort } from '../testing/free-port'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { verifyEmail } from '../testing/verify-email'
import { waitForValue } from '../testing/wait-for-value'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }
const MESSAGES = { databaseId: 'main', collectionId: 'messages' }
const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS
// Small, so a test reaches each limit in a few replies; the defaults are SendingLimitDefaults.
const LIMITS = { perHour: 6, unverifiedPerHour: 4, distinctPerDay: 5 }

type TTicket = Models.Document & { number: number; subject: string }

describe.each(DATABASE_KINDS)('outbound limits on replies on %s', (database) => {
  let server: TMailTestServer
  let relay: TTestRelay
  let metricsPort: number

  beforeAll(async () => {
    relay = await startTestRelay()
    metricsPort = await freePort()
    server = await startMailTestServer({
      database,
      env: {
        SMTP_RELAY_URL: relay.url,
        METRICS_PORT: String(metricsPort),
        OUTBOUND_RECIPIENTS_PER_HOUR: String(LIMITS.perHour),
        OUTBOUND_UNVERIFIED_RECIPIENTS_PER_HOUR: String(LIMITS.unverifiedPerHour),
        OUTBOUND_DISTINCT_RECIPIENTS_PER_DAY: String(LIMITS.distinctPerDay),
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  const reply = (user: TSdkUser, ticketId: string) =>
    user.databases.createDocument({
      ...MESSAGES,
      documentId: 'unique()',
      data: { ticketId, body: 'Thanks for writing.' },
    })

  /** A ticket filed with the form: its requester never wrote to the workspace. */
  function fileTicket(user: TSdkUser, email: string): Promise<Models.Document> {
    const data: Record<string, unknown> = { email, subject: `Question from ${email}`, body: 'Filed by hand.' }
    return user.databases.createDocument({ ...TICKETS, documentId: 'unique()', data })
  }

  async function ticketFromCustomer(owner: TSdkUser, address: string, subject: string): Promise<TTicket> {
    const raw = [
      'From: Carol Customer <carol@customer.example>',
      `To: ${address}`,
      `Subject: ${subject}`,
      `Message-ID: <${subject.replace(/\W/g, '')}@customer.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The export button does nothing.',
      '',
    ].join('\r\n')
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
    return waitForValue(
      async () =>
        (
          await owner.databases.listDocuments<TTicket>({
            ...TICKETS,
            queries: [Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: `the ticket "${subject}"` },
    )
  }

  const repliesOf = async (user: TSdkUser) =>
    (
      await user.databases.listDocuments({
        databaseId: 'main',
        collectionId: 'outbox',
        queries: [Query.equal('kind', 'reply'), Query.limit(100)],
      })
    ).documents

  async function limitedCount(limit: string): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`parsedesk_outbound_limited_total{limit="${limit}"}`))
    return Number(line?.split(' ')[1] ?? 0)
  }

  it('lets a workspace with no verified owner mail only those who wrote to it, a few an hour, whatever the concurrency', async () => {
    const ulla = await signUpUser(server.url, 'Ulla Unverified')
    const address = (await readMailbox(ulla)).address
    const arrivedBefore = relay.arrived.length

    // A victim typed in as a requester never wrote: refused, and nothing of the reply is kept.
    const typed = await fileTicket(ulla, 'victim@victims.example')
    const refused = await rejection(reply(ulla, typed.$id))
    expect(refused).toMatchObject({ code: 403, type: ErrorType.generalAccessForbidden })
    expect(refused.message).toBe(SendingLimitMessages.strangers(['victim@victims.example']))
    expect(await repliesOf(ulla)).toEqual([])
    expect(
      (await ulla.databases.listDocuments({ ...MESSAGES, queries: [Query.equal('ticketId', typed.$id)] }))
        .total,
    ).toBe(0)

    // A customer who wrote is answered, up to the hourly trickle, even when the replies race each other.
    const tickets: TTicket[] = []
    for (let index = 1; index <= LIMITS.unverifiedPerHour + 2; index += 1)
      tickets.push(await ticketFromCustomer(ulla, address, `Export broken ${index}`))
    const outcomes = await Promise.allSettled(tickets.map((ticket) => reply(ulla, ticket.$id)))
    const sent = outcomes.filter((outcome) => outcome.status === 'fulfilled')
    const limited = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
    expect(sent).toHaveLength(LIMITS.unverifiedPerHour)
    expect(limited).toHaveLength(2)
    for (const error of limited) {
      expect(error).toMatchObject({ code: 429, type: ErrorType.generalRateLimitExceeded })
      expect(error.message).toBe(SendingLimitMessages.unverifiedPerHour(LIMITS.unverifiedPerHour, HOUR_MS))
    }
    expect(await repliesOf(ulla)).toHaveLength(LIMITS.unverifiedPerHour)
    await waitForValue(() => relay.arrived.length - arrivedBefore === LIMITS.unverifiedPerHour || undefined, {
      what: 'the admitted replies at the relay',
    })
    expect(
      relay.arrived.slice(arrivedBefore).every((m) => m.envelope.to[0] === 'carol@customer.example'),
    ).toBe(true)
    expect(await limitedCount('strangers')).toBe(1)
    expect(await limitedCount('unverified-hourly')).toBe(2)
  })

  it('caps a verified workspace per account and workspace an hour and its different addresses a day, and frees them on time', async () => {
    const victor = await signUpUser(server.url, 'Victor Verified')
    const agatha = await signUpUser(server.url, 'Agatha Agent')
    const teamId = (await new Teams(victor.client).list()).teams[0]?.$id ?? ''
    await readMailbox(victor)
    await verifyEmail(server.url, victor)
    await joinByInvitation({ serverUrl: server.url, owner: victor, member: agatha, teamId, roles: ['agent'] })
    const tickets: Models.Document[] = []
    for (let index = 1; index <= LIMITS.distinctPerDay + 1; index += 1)
      tickets.push(await fileTicket(victor, `person${index}@example.org`))
    const [first, second] = tickets as [Models.Document, Models.Document]

    // Addresses that never wrote are fine once the owner is verified, up to the day's different addresses.
    for (const ticket of tickets.slice(0, LIMITS.distinctPerDay)) await reply(victor, ticket.$id)
    const sixth = await rejection(reply(victor, tickets[LIMITS.distinctPerDay]?.$id ?? ''))
    expect(sixth).toMatchObject({ code: 429 })
    expect(sixth.message).toBe(SendingLimitMessages.distinctPerDay(LIMITS.distinctPerDay, DAY_MS))

    // An address already mailed today is not a new one; the hour's recipients run out for the account...
    await reply(victor, first.$id)
    const overAccount = await rejection(reply(victor, first.$id))
    expect(overAccount.message).toBe(SendingLimitMessages.accountPerHour(LIMITS.perHour, HOUR_MS))
    // ...and for the workspace, whichever member sends.
    const overWorkspace = await rejection(reply(agatha, second.$id))
    expect(overWorkspace.message).toBe(SendingLimitMessages.workspacePerHour(LIMITS.perHour, HOUR_MS))
    expect(await repliesOf(victor)).toHaveLength(LIMITS.perHour)

    // An hour later the hourly limits have freed.
    await server.db.query(
      `update outbound_recipients set at = at - interval '61 minutes' where team_id = $1`,
      [teamId],
    )
    await reply(agatha, second.$id)
    expect(await repliesOf(victor)).toHaveLength(LIMITS.perHour + 1)
    expect(await limitedCount('distinct-daily')).toBe(1)
    expect(await limitedCount('account-hourly')).toBe(1)
    expect(await limitedCount('workspace-hourly')).toBe(1)
  })

  it('keeps an undone reply’s recipients counted: undo-send is no way around the limits (decision 039)', async () => {
    const xena = await signUpUser(server.url, 'Xena Undoer')
    const teamId = (await new Teams(xena.client).list()).teams[0]?.$id ?? ''
    await readMailbox(xena)
    await verifyEmail(server.url, xena)
    await new Teams(xena.client).updatePrefs({ teamId, prefs: { [UndoSend.pref]: UndoSend.maxSeconds } })
    const ticket = await fileTicket(xena, 'undone@example.org')
    for (let index = 0; index < LIMITS.perHour; index += 1) {
      const sent = await reply(xena, ticket.$id)
      await xena.client.call('post', new URL(`${server.url}/v1/messages/${sent.$id}/undo`), {
        'content-type': 'application/json',
      })
    }
    const over = await rejection(reply(xena, ticket.$id))
    expect(over.message).toBe(SendingLimitMessages.accountPerHour(LIMITS.perHour, HOUR_MS))
    expect(relay.arrived.some((mail) => mail.envelope.to.includes('undone@example.org'))).toBe(false)
  })

  it('refuses a reply to more recipients than an hour allows as never passing, not as "try again"', async () => {
    const wanda = await signUpUser(server.url, 'Wanda Wide')
    const address = (await readMailbox(wanda)).address
    await verifyEmail(server.url, wanda)
    const copies = Array.from({ length: LIMITS.perHour }, (_, index) => `copy${index + 1}@customer.example`)
    const subject = 'Everyone copied'
    const raw = [
      'From: Carol Customer <carol@customer.example>',
      `To: ${address}`,
      `Cc: ${copies.join(', ')}`,
      `Subject: ${subject}`,
      'Message-ID: <everyone-copied@customer.example>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please keep my colleagues in the loop.',
      '',
    ].join('\r\n')
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
    const ticket = await waitForValue(
      async () =>
        (
          await wanda.databases.listDocuments<TTicket>({
            ...TICKETS,
            queries: [Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: 'the copied ticket' },
    )
    const limitedBefore = await limitedCount('account-hourly')

    const refused = await rejection(reply(wanda, ticket.$id))
    expect(refused).toMatchObject({ code: 403, type: ErrorType.generalAccessForbidden })
    expect(refused.message).toBe(
      SendingLimitMessages.moreThanHourly(LIMITS.perHour + 1, LIMITS.perHour, true),
    )
    expect(refused.message).not.toMatch(/try again/i)
    expect(await repliesOf(wanda)).toEqual([])
    expect(await limitedCount('account-hourly')).toBe(limitedBefore + 1)
  })
})
