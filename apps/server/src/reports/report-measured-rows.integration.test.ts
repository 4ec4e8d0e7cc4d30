import {
  CollectionId,
  DATABASE_ID,
  ReportCohort,
  ReportHours,
  ReportLimits,
  SlaMetric,
  TicketEventType,
  TicketStatus,
} from '@parsedesk/contracts'
import { ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findEventsOf, findPolicies, findSchedules } from '../sla/sla-repository'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { recordTicketEvents } from '../tickets/ticket-events'
import { countReport } from './report-counts'
import { datesOf, filtersOf } from './report-period'
import { findReportTickets } from './report-reference.test-kit'
import { findUnmeasured } from './report-repository'
import { measuredOf, measureTicket } from './report-rows'
import { readReportSummary } from './report-service'
import { listSlice } from './report-slice'
import { countsOf, headlineOf } from './report-summary'
import { generateReportWorkspace } from './report-workspace.test-kit'

const DAY = 86_400_000
const DAYS = 20
const TICKETS = 300
const nineToFive = [{ from: '09:00', to: '17:00' }]
const ANY = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const targets = (minutes: number, businessHours: boolean) => ({
  [SlaMetric.firstReply]: { minutes, businessHours },
  [SlaMetric.nextReply]: { minutes: minutes * 2, businessHours },
  [SlaMetric.resolution]: { minutes: minutes * 8, businessHours },
})

describe.each(DATABASE_KINDS)('measured rows on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let teamId: string
  let groupIds: string[]
  const start = Date.now() - (DAYS + 1) * DAY

  beforeAll(async () => {
    server = await startTestServer({ database })
    ada = await signUpUser(server.url, 'Ada Owner')
    teamId = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    const create = (collectionId: string, data: Record<string, unknown>) =>
      ada.databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId,
        documentId: ID.unique(),
        data: { teamId, ...data },
      })
    groupIds = [(await create(CollectionId.groups, { name: 'Billing' })).$id]
    await create(CollectionId.businessHours, {
      name: 'Office',
      timeZone: 'Europe/Berlin',
      weekly: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
      holidays: [],
    })
    await create(CollectionId.slaPolicies, {
      name: 'Billing in office hours',
      position: 0,
      conditions: { ...ANY, groupIds },
      targets: { high: targets(60, true), medium: targets(240, true), low: targets(480, true) },
    })
    await create(CollectionId.slaPolicies, {
      name: 'Everyone else',
      position: 1,
      conditions: ANY,
      targets: { high: targets(60, false), medium: targets(480, false), low: targets(1440, false) },
    })
    await generateReportWorkspace(server.db, {
      ...{
        teamId,
        ownerId: ada.userId,
        agentIds: [ada.userId],
        groupIds,
        tickets: TICKETS,
        days: DAYS,
        start,
      },
    })
  })
  afterAll(() => server?.stop())

  const iso = (at: number) => new Date(at).toISOString().slice(0, 10)
  const query = (timeZone: string, hours: (typeof ReportHours)[keyof typeof ReportHours]) => ({
    teamId,
    from: iso(start - DAY),
    to: iso(Date.now() + 5 * DAY),
    timeZone,
    hours,
    cohort: ReportCohort.created,
  })

  /**
   * Every ticket as the report reads it from its stored row, against the reference measuring its events
   * (report-rows.ts) at a `now` days after the rows were written: running SLA targets have run out meanwhile.
   */
  async function expectRowsAgree(now: number) {
    const { tickets } = await findReportTickets(server.db, {
      teamId,
      cohort: ReportCohort.created,
      start: 0,
      end: now + DAY,
    })
    expect(tickets.length).toBeGreaterThanOrEqual(TICKETS)
    expect(tickets.filter((ticket) => ticket.stored === null)).toEqual([])
    const events = await findEventsOf(
      server.db,
      tickets.map((ticket) => ticket.id),
    )
    const workspace = {
      policies: await findPolicies(server.db, teamId),
      schedules: await findSchedules(server.db, teamId),
    }
    let breached = 0
    for (const [timeZone, hours] of [
      ['UTC', ReportHours.calendar],
      ['America/New_York', ReportHours.business],
    ] as const) {
      const asked = query(timeZone, hours)
      const context = { timeZone, hours, dates: new Set(datesOf(asked.from, asked.to)), now }
      for (const { stored, ...ticket } of tickets) {
        const live = measureTicket({ ...ticket, events: events.get(ticket.id) ?? [] }, workspace, context)
        const read = measuredOf(ticket, stored ?? expect.fail('no row'), context)
        expect({ ...read, slices: [...read.slices].sort() }, ticket.id).toEqual({
          ...live,
          slices: [...live.slices].sort(),
        })
        if (Object.values(read.sla).includes('breached')) breached += 1
      }
    }
    expect(breached).toBeGreaterThan(0)
  }

  it('stores a row for every ticket a report reads, which agrees with measuring its events days later', async () => {
    const summary = await readReportSummary(server.db, query('UTC', ReportHours.calendar), Date.now())
    expect(summary.headline.tickets).toBe(TICKETS)
    const { rows } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from report_rows where "teamId" = $1',
      [teamId],
    )
    expect(rows[0]?.n).toBe(TICKETS)
    await expectRowsAgree(Date.now() + 3 * DAY)
  })

  it('measures a ticket again in the transaction of its events: a priority raised, a reopening, a merge', async () => {
    const { rows } = await server.db.query<{ id: string; status: string; priority: string | null }>(
      `select id, status, priority from tickets where "teamId" = $1 order by created_at desc, id`,
      [teamId],
    )
    const open = rows.filter((row) => row.status !== TicketStatus.closed && row.priority !== 'high')
    const closed = rows.filter((row) => row.status === TicketStatus.closed)
    const [raised, merged] = open
    const [reopened, target] = closed
    if (!raised || !merged || !reopened || !target) throw new Error('the workspace lacks tickets to edit')
    const actor = { teamId, actorType: 'user', actorId: ada.userId } as const
    await server.db.transaction(async (tx) => {
      await tx.query(`update tickets set priority = 'high' where id = $1`, [raised.id])
      await recordTicketEvents(tx, [
        {
          ...actor,
          ticketId: raised.id,
          type: TicketEventType.priority,
          before: raised.priority,
          after: 'high',
        },
      ] as never)
    })
    await server.db.transaction(async (tx) => {
      await tx.query(`update tickets set status = 'open' where id = $1`, [reopened.id])
      await recordTicketEvents(tx, [
        {
          ...{ teamId, actorType: 'customer', actorId: null },
          ticketId: reopened.id,
          type: TicketEventType.reopened,
          before: TicketStatus.closed,
          after: TicketStatus.open,
        },
      ] as never)
    })
    await server.db.transaction(async (tx) => {
      await tx.query(`update tickets set status = 'closed' where id = $1`, [merged.id])
      const pair = { source: merged.id, target: target.id, messages: 1 }
      await recordTicketEvents(tx, [
        { ...actor, ticketId: merged.id, type: TicketEventType.merge, before: null, after: pair },
        {
          ...actor,
          ticketId: merged.id,
          type: TicketEventType.status,
          before: merged.status,
          after: 'closed',
        },
        { ...actor, ticketId: target.id, type: TicketEventType.merge, before: null, after: pair },
      ] as never)
    })
    await expectRowsAgree(Date.now() + 3 * DAY)
  })

  it('measures a workspace again after its SLA policies change', async () => {
    await server.db.query(
      `update sla_policies set targets = jsonb_set(targets, '{low,first-reply,minutes}', '5') where "teamId" = $1`,
      [teamId],
    )
    const { rows } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from report_rows where "teamId" = $1',
      [teamId],
    )
    expect(rows[0]?.n).toBe(0)
    await readReportSummary(server.db, query('UTC', ReportHours.calendar), Date.now())
    await expectRowsAgree(Date.now() + 3 * DAY)
  })

  it.each([ReportCohort.created, ReportCohort.events])(
    'measures again a row that holds another creation than its ticket, which the report would not read (%s)',
    async (cohort) => {
      const asked = { ...query('UTC', ReportHours.calendar), cohort }
      const before = await readReportSummary(server.db, asked, Date.now())
      // An import, say, moved a replied ticket's creation: its row still holds the old one, a year off.
      const { rows } = await server.db.query<{ ticketId: string }>(
        `update report_rows set "createdAt" = "createdAt" - interval '400 days'
       where "ticketId" = (
         select "ticketId" from report_rows where "teamId" = $1 and "firstReplyMs" is not null limit 1
       ) returning "ticketId"`,
        [teamId],
      )
      const after = await readReportSummary(server.db, asked, Date.now())
      expect(after.firstReply).toEqual(before.firstReply)
      expect(after.headline).toEqual(before.headline)
      const { rows: same } = await server.db.query<{ same: boolean }>(
        `select r."createdAt" = date_trunc('milliseconds', t.created_at) as same
       from report_rows r join tickets t on t.id = r."ticketId" where r."ticketId" = $1`,
        [rows[0]?.ticketId],
      )
      expect(same).toEqual([{ same: true }])
    },
  )

  const week = () => ({ from: iso(Date.now() - 7 * DAY), to: iso(Date.now()) })
  /** Reports the SQL is held equal to the reference in: hours, zones, cohorts, filters, `now` days later. */
  const cases = () => [
    { ...query('UTC', ReportHours.calendar), now: Date.now() },
    { ...query('America/New_York', ReportHours.business), now: Date.now() + 3 * DAY },
    {
      ...query('Europe/Berlin', ReportHours.business),
      ...week(),
      cohort: ReportCohort.events,
      now: Date.now(),
    },
    { ...query('Asia/Kolkata', ReportHours.calendar), groupId: groupIds[0], now: Date.now() + DAY },
    {
      ...query('UTC', ReportHours.calendar),
      agentId: ada.userId,
      priority: 'high' as const,
      now: Date.now(),
    },
  ]

  it('finds, for the "events" cohort, the ticket created in the period whose row is gone, not the older ones with theirs', async () => {
    const asked = { ...query('UTC', ReportHours.calendar), ...week(), cohort: ReportCohort.events }
    const filters = filtersOf(asked)
    const period = [teamId, new Date(filters.start), new Date(filters.end)]
    const eventTickets = `select "ticketId" from ticket_events where "teamId" = $1 and created_at >= $2 and created_at < $3`
    // The report stores every row it reads.
    await readReportSummary(server.db, asked, Date.now())
    expect(await findUnmeasured(server.db, filters)).toEqual([])
    // Tickets created before the week with an event in it: read with their rows, which hold no creation in it.
    const { rows: older } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from tickets where "teamId" = $1 and created_at < $2 and id in (${eventTickets})`,
      period,
    )
    expect(older[0]?.n).toBeGreaterThan(0)
    const { rows: gone } = await server.db.query<{ ticketId: string }>(
      `delete from report_rows where "ticketId" = (
         select id from tickets where "teamId" = $1 and created_at >= $2 and created_at < $3 and id in (${eventTickets})
         order by created_at limit 1
       ) returning "ticketId"`,
      period,
    )
    expect((await findUnmeasured(server.db, filters)).map((ticket) => ticket.id)).toEqual([gone[0]?.ticketId])
    expect((await countReport(server.db, asked, Date.now())).unmeasured).toBe(1)
    await readReportSummary(server.db, asked, Date.now())
    expect(await findUnmeasured(server.db, filters)).toEqual([])
  })

  /** The report's tickets measured one by one from their events, oldest first: the reference. */
  async function measuredFromEvents(asked: ReturnType<typeof cases>[number]) {
    const { now, ...report } = asked
    const workspace = {
      policies: await findPolicies(server.db, teamId),
      schedules: await findSchedules(server.db, teamId),
    }
    const { tickets } = await findReportTickets(server.db, filtersOf(report))
    const events = await findEventsOf(
      server.db,
      tickets.map((ticket) => ticket.id),
    )
    const context = {
      timeZone: report.timeZone,
      hours: report.hours,
      dates: new Set(datesOf(report.from, report.to)),
      now,
    }
    return tickets.map(({ stored: _stored, ...ticket }) =>
      measureTicket({ ...ticket, events: events.get(ticket.id) ?? [] }, workspace, context),
    )
  }

  it('counts in SQL what the reference counts over every ticket measured from its events', async () => {
    let breakdowns = 0
    for (const { now, ...asked } of cases()) {
      const counted = await countReport(server.db, asked, now)
      const measured = await measuredFromEvents({ ...asked, now })
      const reference = countsOf(measured)
      expect(counted.unmeasured).toBe(0)
      expect(counted.counts.get('all')).toBe(measured.length)
      expect(Object.fromEntries(counted.counts)).toEqual(Object.fromEntries(reference.counts))
      const { firstReply, resolution, agents } = counted
      expect({ firstReply, resolution, agents }).toEqual({
        firstReply: reference.firstReply,
        resolution: reference.resolution,
        agents: reference.agents,
      })
      // The previous period's headline, counted alone.
      expect(headlineOf(await countReport(server.db, asked, now, 'headline'))).toEqual(headlineOf(reference))
      breakdowns += [...counted.counts.keys()].filter((slice) => slice.includes(':policy:')).length
    }
    expect(breakdowns).toBeGreaterThan(0)
  })

  it('lists in SQL, for every number of a report, the tickets the reference puts in its slice', async () => {
    // Names no ticket holds, and names a crafted request could send: each lists nothing.
    const strangers = [
      ...['created:1999-01-01', 'closed:not-a-date', 'firstReply:1y', 'sla:first-reply:won', 'x'],
      ...['constructor', '__proto__', 'toString', 'mailbox:__proto__', 'sla:first-reply:met:constructor:x'],
    ]
    for (const [index, asked] of cases().entries()) {
      const { now, ...report } = asked
      const measured = await measuredFromEvents(asked)
      // Every number of the first report, every third of the others (each is a statement).
      const numbers = [...countsOf(measured).counts.keys()].filter((_, at) => index === 0 || at % 3 === 0)
      const slices = [...numbers, ...strangers]
      for (const slice of slices) {
        const listed = await listSlice(server.db, report, slice, now, ReportLimits.tickets)
        const expected = measured.filter((ticket) => ticket.slices.has(slice)).reverse()
        expect(listed.unmeasured).toBe(0)
        expect({ slice, total: listed.total, ids: listed.tickets.map((ticket) => ticket.id) }).toEqual({
          slice,
          total: expected.length,
          ids: expected.map((ticket) => ticket.id),
        })
        // Each row shows the ticket's own fields and the values the reference measured, in the report's hours.
        expect(listed.tickets.map(({ customFields: _fields, ...row }) => row)).toEqual(
          expected.map((ticket) => ({
            ...{ id: ticket.id, number: ticket.number, subject: ticket.subject, status: ticket.status },
            ...{ priority: ticket.priority, category: ticket.category, groupId: ticket.groupId },
            ...{ mailboxId: ticket.mailboxId, assigneeId: ticket.assigneeId },
            ...{ createdAt: new Date(ticket.createdAt).toISOString(), firstReplyMs: ticket.firstReplyMs },
            ...{
              resolutionMs: ticket.resolutionMs,
              reopenCount: ticket.reopenCount,
              oneTouch: ticket.oneTouch,
            },
            csat: ticket.csat,
          })),
        )
      }
      // A page holds the newest of the slice, and says how many there are in all.
      const page = await listSlice(server.db, report, 'all', now, 7)
      expect(page.total).toBe(measured.length)
      expect(page.tickets.map((ticket) => ticket.id)).toEqual(
        measured
          .slice(-7)
          .reverse()
          .map((ticket) => ticket.id),
      )
    }
  })

  it('counts a ticket older than the event log, without durations, and its rating once rated', async () => {
    // A ticket written before the event log (migration 018): no created event, so no opening to measure from.
    const { rows } = await server.db.query<{ id: string }>(
      `insert into tickets (id, "userId", "teamId", email, subject, body, status, processing_status)
       values ('before-the-log', $1, $2, 'old@customer.example', 'Old', 'Body', 'closed', 'completed')
       returning id`,
      [ada.userId, teamId],
    )
    const id = rows[0]?.id ?? ''
    const asked = query('UTC', ReportHours.calendar)
    const { rows: all } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from tickets where "teamId" = $1',
      [teamId],
    )
    // Counted, where measuring its log threw and the report failed.
    expect((await readReportSummary(server.db, asked, Date.now())).headline.tickets).toBe(all[0]?.n)
    const rated = () => listSlice(server.db, asked, 'csat:rated', Date.now(), ReportLimits.tickets)
    expect((await rated()).tickets.map((ticket) => ticket.id)).not.toContain(id)
    await server.db.transaction((tx) =>
      recordTicketEvents(tx, [
        {
          ...{ ticketId: id, teamId, actorType: 'customer', actorId: null },
          ...{ type: TicketEventType.satisfaction, before: null },
          after: { survey: 'survey-of-old', rating: 'good', comment: '', agentId: null },
        },
      ] as never),
    )
    expect((await rated()).tickets).toContainEqual(
      expect.objectContaining({ id, csat: 'good', firstReplyMs: null, resolutionMs: null }),
    )
  })
})
