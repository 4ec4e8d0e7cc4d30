import {
  CollectionId,
  DATABASE_ID,
  REPORT_SLA_DIMENSIONS,
  SlaMetric,
  type TReportDrill,
  type TReportSummary,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { generateReportWorkspace } from './report-workspace.test-kit'

const DAYS = 14
const START = Date.parse('2026-10-01T00:00:00Z')
const period = { from: '2026-10-01', to: '2026-10-14', timeZone: 'UTC' }

const get = <T>(client: Client, path: string, params: Record<string, string>) =>
  client.call('get', new URL(`${client.config.endpoint}${path}`), {}, params) as Promise<T>

type TRow = {
  ticketId: string
  type: string
  actorType: string
  after: unknown
  at: Date
  status: string
  createdAt: Date
}

/** Nearest rank, written apart from the report's own. */
const nearestRank = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? null : sorted[Math.ceil(q * sorted.length) - 1]
}

describe.each(DATABASE_KINDS)('reports on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let eve: TSdkUser
  let teamId: string
  let address: string
  let mailboxId: string

  beforeAll(async () => {
    server = await startTestServer({ database })
    ;[ada, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Owner'),
      signUpUser(server.url, 'Eve Outsider'),
    ])
    teamId = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    const { documents } = await ada.databases.listDocuments<Models.Document & { address: string }>({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.mailboxes,
    })
    mailboxId = documents[0]?.$id ?? ''
    address = documents[0]?.address ?? ''
    await server.db.query(
      `insert into imap_accounts (id, "userId", "teamId", "mailboxId", host, port, secure, username, password)
       values ('imap-support', $1, $2, $3, 'imap.example.com', 993, true, 'support@example.com', 'v1:x')`,
      [ada.userId, teamId, mailboxId],
    )
    await generateReportWorkspace(server.db, {
      ...{ teamId, ownerId: ada.userId, agentIds: [ada.userId], groupIds: [] },
      ...{ tickets: 300, days: DAYS, start: START, mailboxIds: [mailboxId, 'imap-support', 'removed', null] },
    })
  })
  afterAll(() => server?.stop())

  it('the summary equals a plain count over the event rows, and a bar’s drill-down lists its tickets', async () => {
    const summary = await get<TReportSummary>(ada.client, '/reports/summary', { teamId, ...period })
    const { rows } = await server.db.query<TRow>(
      `select e."ticketId", e."type", e."actorType", e."after", e.created_at as "at", t.status,
         t.created_at as "createdAt"
       from ticket_events e join tickets t on t.id = e."ticketId" where t."teamId" = $1 order by e.seq`,
      [teamId],
    )
    const byTicket = new Map<string, TRow[]>()
    for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row])
    const day = (at: Date) => at.toISOString().slice(0, 10)
    const perDay = { created: new Map<string, Set<string>>(), closed: new Map(), reopened: new Map() }
    const add = (map: Map<string, Set<string>>, date: string, id: string) =>
      map.set(date, (map.get(date) ?? new Set()).add(id))
    const firstReplies: number[] = []
    const resolutions: number[] = []
    let resolved = 0
    let oneTouch = 0
    let reopened = 0
    let backlog = 0
    for (const [id, events] of byTicket) {
      const created = events[0] as TRow
      add(perDay.created, day(created.createdAt), id)
      const replies = events.filter((event) => event.type === 'reply-out' && event.actorType === 'user')
      if (replies[0]) firstReplies.push(replies[0].at.getTime() - created.createdAt.getTime())
      const closings = events.filter((event) => event.type === 'status' && event.after === 'closed')
      const reopenings = events.filter((event) => event.type === 'reopened')
      for (const closing of closings) add(perDay.closed, day(closing.at), id)
      for (const reopening of reopenings) add(perDay.reopened, day(reopening.at), id)
      if (created.status !== 'closed') backlog++
      if (closings.length > 0) resolved++
      if (closings.length > 0 && reopenings.length > 0) reopened++
      if (created.status === 'closed') {
        resolutions.push((closings.at(-1) as TRow).at.getTime() - created.createdAt.getTime())
        if (reopenings.length === 0 && replies.length === 1) oneTouch++
      }
    }
    for (const { date, created, closed, reopened: reopenedToday } of summary.days) {
      expect([date, created.count]).toEqual([date, perDay.created.get(date)?.size ?? 0])
      expect([date, closed.count]).toEqual([date, perDay.closed.get(date)?.size ?? 0])
      expect([date, reopenedToday.count]).toEqual([date, perDay.reopened.get(date)?.size ?? 0])
    }
    expect(summary.headline.tickets).toBe(300)
    expect(summary.firstReply).toMatchObject({
      count: firstReplies.length,
      medianMs: nearestRank(firstReplies, 0.5),
      p90Ms: nearestRank(firstReplies, 0.9),
    })
    expect(summary.firstReply.meanMs).toBeCloseTo(
      firstReplies.reduce((a, b) => a + b, 0) / firstReplies.length,
    )
    expect(summary.resolution).toMatchObject({
      count: resolutions.length,
      medianMs: nearestRank(resolutions, 0.5),
      p90Ms: nearestRank(resolutions, 0.9),
    })
    expect(summary.headline.oneTouch).toMatchObject({ count: oneTouch, total: resolved })
    expect(summary.headline.reopened).toMatchObject({ count: reopened, total: resolved })
    expect(summary.backlog.reduce((sum, bar) => sum + bar.count, 0)).toBe(backlog)
    const { rows: ratings } = await server.db.query<{ good: number; rated: number }>(
      `select count(*) filter (where rating = 'good')::int as good, count(rating)::int as rated
       from satisfaction_surveys where "teamId" = $1`,
      [teamId],
    )
    expect(summary.headline.csat).toMatchObject({ count: ratings[0]?.good, total: ratings[0]?.rated })
    expect(summary.headline.csat.total).toBeGreaterThan(0)

    const busiest = [...summary.days].sort((a, b) => b.closed.count - a.closed.count)[0]
    const drill = await get<TReportDrill>(ada.client, '/reports/tickets', {
      teamId,
      ...period,
      slice: busiest?.closed.slice ?? '',
    })
    expect(drill.total).toBe(busiest?.closed.count)
    expect(new Set(drill.tickets.map((ticket) => ticket.id))).toEqual(perDay.closed.get(busiest?.date ?? ''))

    // The previous period holds none of these tickets.
    expect(summary.previous).toMatchObject({ from: '2026-09-17', to: '2026-09-30', headline: { tickets: 0 } })
  })

  it('“By mailbox” names each mailbox as the ticket list does, and its bar opens that mailbox’s tickets', async () => {
    const summary = await get<TReportSummary>(ada.client, '/reports/summary', { teamId, ...period })
    const { rows } = await server.db.query<{ mailboxId: string | null; count: number }>(
      `select "mailboxId", count(*)::int as count from tickets where "teamId" = $1 group by "mailboxId"`,
      [teamId],
    )
    const counted = new Map(rows.map((row) => [row.mailboxId ?? 'none', row.count]))
    expect(Object.fromEntries(summary.volume.mailbox.map((bar) => [bar.label, bar.count]))).toEqual({
      [address]: counted.get(mailboxId),
      'support@example.com': counted.get('imap-support'),
      // A mailbox removed since names nothing: its id is all there is to show.
      removed: counted.get('removed'),
      'No mailbox (form, API)': counted.get('none'),
    })
    const bar = summary.volume.mailbox.find((each) => each.label === address)
    const drill = await get<TReportDrill>(ada.client, '/reports/tickets', {
      teamId,
      ...period,
      slice: bar?.slice ?? '',
    })
    expect(drill.total).toBe(counted.get(mailboxId))
    expect(drill.tickets.every((ticket) => ticket.mailboxId === mailboxId)).toBe(true)
  })

  it('the CSV lists the drill-down’s tickets; outsiders and bad periods are refused', async () => {
    const response = await fetch(
      `${server.url}/v1/reports/tickets.csv?${new URLSearchParams({ teamId, ...period, slice: 'oneTouch' })}`,
      { headers: { 'x-appwrite-project': 'parsedesk', 'x-appwrite-session': ada.client.config.session } },
    )
    const summary = await get<TReportSummary>(ada.client, '/reports/summary', { teamId, ...period })
    expect(response.headers.get('content-type')).toContain('text/csv')
    const lines = (await response.text()).trim().split('\r\n')
    expect(lines[0]).toContain('number,subject,status')
    expect(lines.length - 1).toBe(summary.headline.oneTouch.count)
    await expect(get(eve.client, '/reports/summary', { teamId, ...period })).rejects.toMatchObject({
      code: 401,
    })
    await expect(
      get(ada.client, '/reports/summary', { teamId, from: '2026-10-14', to: '2026-10-01' }),
    ).rejects.toMatchObject({ code: 400 })
  })

  it('SLA achievement per policy, priority, group and agent equals a count of first replies against the targets', async () => {
    // Bea's workspace: two groups, two agents, and two policies (mail to "vip" first, everyone else after)
    // with first-reply targets in calendar hours, so a count over the events can say met or breached.
    const bea = await signUpUser(server.url, 'Bea Owner')
    const beaTeam = (await new Teams(bea.client).list()).teams[0]?.$id ?? ''
    const create = (collectionId: string, data: Record<string, unknown>) =>
      bea.databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId,
        documentId: ID.unique(),
        data: { teamId: beaTeam, ...data },
      })
    const groupIds = [
      (await create(CollectionId.groups, { name: 'Billing' })).$id,
      (await create(CollectionId.groups, { name: 'Technical' })).$id,
    ]
    const minutes = { vip: { high: 60, medium: 240, low: 480 }, rest: { high: 120, medium: 600, low: 1440 } }
    const firstReply = (targets: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(targets).map(([priority, target]) => [
          priority,
          { [SlaMetric.firstReply]: { minutes: target, businessHours: false } },
        ]),
      )
    const ANY = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
    const vip = await create(CollectionId.slaPolicies, {
      name: 'VIP mailbox',
      position: 0,
      conditions: { ...ANY, mailboxIds: ['vip'] },
      targets: firstReply(minutes.vip),
    })
    const rest = await create(CollectionId.slaPolicies, {
      name: 'Everyone else',
      position: 1,
      conditions: ANY,
      targets: firstReply(minutes.rest),
    })
    await generateReportWorkspace(server.db, {
      ...{ teamId: beaTeam, ownerId: bea.userId, agentIds: [bea.userId, ada.userId], groupIds },
      ...{ tickets: 200, days: DAYS, start: START, mailboxIds: ['vip', null], seed: 5 },
    })
    const summary = await get<TReportSummary>(bea.client, '/reports/summary', { teamId: beaTeam, ...period })

    // The count: a ticket's first reply by a member against its policy's target for its priority (a ticket
    // without one counts as medium); one never replied is breached once its target has passed (all have).
    const now = Date.now()
    const { rows } = await server.db.query<{
      mailboxId: string | null
      priority: string | null
      groupId: string | null
      assigneeId: string | null
      createdAt: Date
      repliedAt: Date | null
    }>(
      `select t."mailboxId", t.priority, t."groupId", t."assigneeId", t.created_at as "createdAt",
         (select min(e.created_at) from ticket_events e where e."ticketId" = t.id and e.type = 'reply-out'
           and e."actorType" = 'user') as "repliedAt"
       from tickets t where t."teamId" = $1`,
      [beaTeam],
    )
    const expected = new Map<string, { met: number; done: number }>()
    for (const row of rows) {
      const policy = row.mailboxId === 'vip' ? 'vip' : 'rest'
      const targetMs = minutes[policy][(row.priority ?? 'medium') as 'high'] * 60_000
      const usedMs = (row.repliedAt ?? new Date(now)).getTime() - row.createdAt.getTime()
      const done = row.repliedAt !== null || usedMs >= targetMs
      if (!done) continue
      const met = row.repliedAt !== null && usedMs <= targetMs
      const keys = {
        policy: policy === 'vip' ? vip.$id : rest.$id,
        priority: row.priority ?? 'none',
        group: row.groupId ?? 'none',
        agent: row.assigneeId ?? 'none',
      }
      for (const [dimension, key] of Object.entries(keys)) {
        const count = expected.get(`${dimension}:${key}`) ?? { met: 0, done: 0 }
        expected.set(`${dimension}:${key}`, { met: count.met + (met ? 1 : 0), done: count.done + 1 })
      }
    }
    const reported = new Map<string, { met: number; done: number }>()
    for (const dimension of REPORT_SLA_DIMENSIONS)
      for (const row of summary.slaBy[dimension]) {
        const target = row.targets.find((each) => each.metric === SlaMetric.firstReply)
        reported.set(`${dimension}:${row.key}`, { met: target?.met.count ?? 0, done: target?.met.total ?? 0 })
      }
    expect(reported).toEqual(expected)
    // Both policies applied, with tickets met and breached under each; rows are named.
    expect(summary.slaBy.policy.map((row) => row.label).sort()).toEqual(['Everyone else', 'VIP mailbox'])
    for (const row of summary.slaBy.policy) {
      const target = row.targets.find((each) => each.metric === SlaMetric.firstReply)
      expect(target?.met.count).toBeGreaterThan(0)
      expect(target?.breached.count).toBeGreaterThan(0)
      expect(target?.met.count).toBe((target?.met.total ?? 0) - (target?.breached.count ?? 0))
    }
    expect(summary.slaBy.agent.map((row) => row.label).sort()).toEqual([
      'Ada Owner',
      'Bea Owner',
      'Unassigned',
    ])
    expect(summary.slaBy.group.map((row) => row.label).sort()).toEqual(['Billing', 'No group', 'Technical'])

    // A row's met count opens exactly those tickets, and the CSV holds them.
    const vipRow = summary.slaBy.policy.find((row) => row.key === vip.$id)
    const vipMet = vipRow?.targets.find((each) => each.metric === SlaMetric.firstReply)?.met
    const drill = await get<TReportDrill>(bea.client, '/reports/tickets', {
      teamId: beaTeam,
      ...period,
      slice: vipMet?.slice ?? '',
    })
    expect(drill.total).toBe(vipMet?.count)
    expect(drill.tickets.every((ticket) => ticket.mailboxId === 'vip' && ticket.firstReplyMs !== null)).toBe(
      true,
    )
    expect(
      drill.tickets.every(
        (ticket) =>
          (ticket.firstReplyMs ?? 0) <= minutes.vip[(ticket.priority ?? 'medium') as 'high'] * 60_000,
      ),
    ).toBe(true)
  })
})
