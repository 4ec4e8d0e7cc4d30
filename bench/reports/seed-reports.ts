import { performance } from 'node:perf_hooks'
import { CollectionId, DATABASE_ID, SlaMetric } from '@parsedesk/contracts'
import { ID, type Models, Teams } from 'appwrite'
import type { TDatabase } from '../../apps/server/src/db/database'
import { generateReportWorkspace } from '../../apps/server/src/reports/report-workspace.test-kit'
import { signUpUser, type TSdkUser } from '../../apps/server/src/testing/sdk-client'

const DAY_MS = 86_400_000
const AGENTS = ['Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Edsger Dijkstra']
const ANY = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const nineToFive = [{ from: '09:00', to: '17:00' }]

const targets = (firstReply: number, nextReply: number, resolution: number, businessHours: boolean) => ({
  [SlaMetric.firstReply]: { minutes: firstReply, businessHours },
  [SlaMetric.nextReply]: { minutes: nextReply, businessHours },
  [SlaMetric.resolution]: { minutes: resolution, businessHours },
})

export type TSeededWorkspace = {
  owner: TSdkUser
  teamId: string
  tickets: number
  events: number
  seedSeconds: number
}

/**
 * A workspace as a team of four agents would have it after a year: its settings made through the API as
 * an owner makes them (two groups, business hours, two SLA policies, one in business hours), then `tickets`
 * tickets with their event history (analyser, replies and their delivery, notes, auto-replies, priority
 * raised, pending, closed, reopened by the customer, rated) written straight into the database in batches
 * by the reports' own generator, spread over the `days` days up to `now`.
 */
export async function seedReportWorkspace(options: {
  serverUrl: string
  db: TDatabase
  tickets: number
  days: number
  now: number
  log: (line: string) => void
}): Promise<TSeededWorkspace> {
  const { serverUrl, db } = options
  const owner = await signUpUser(serverUrl, 'Ada Owner', 'bench-reports-owner@example.com')
  const agents: TSdkUser[] = []
  for (const [i, name] of AGENTS.entries())
    agents.push(await signUpUser(serverUrl, name, `bench-reports-agent-${i}@example.com`))
  const teamId = (await new Teams(owner.client).list()).teams[0]?.$id ?? ''
  const create = (collectionId: string, data: Record<string, unknown>) =>
    owner.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId,
      documentId: ID.unique(),
      data: { teamId, ...data },
    })
  const groups = [
    await create(CollectionId.groups, { name: 'Billing' }),
    await create(CollectionId.groups, { name: 'Technical' }),
  ]
  await create(CollectionId.businessHours, {
    name: 'Office',
    timeZone: 'Europe/Berlin',
    weekly: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
    holidays: ['2026-12-25', '2026-12-26', '2027-01-01'],
  })
  await create(CollectionId.slaPolicies, {
    name: 'Billing in office hours',
    position: 0,
    conditions: { ...ANY, groupIds: [groups[0]?.$id] },
    targets: {
      high: targets(60, 120, 480, true),
      medium: targets(240, 480, 1440, true),
      low: targets(480, 960, 2880, true),
    },
  })
  await create(CollectionId.slaPolicies, {
    name: 'Everyone else',
    position: 1,
    conditions: ANY,
    targets: {
      high: targets(60, 240, 1440, false),
      medium: targets(480, 960, 2880, false),
      low: targets(1440, 2880, 10080, false),
    },
  })
  const { documents } = await owner.databases.listDocuments<Models.Document>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.mailboxes,
  })

  options.log(`seeding ${options.tickets} tickets with their events over ${options.days} days`)
  const started = performance.now()
  await generateReportWorkspace(db, {
    teamId,
    ownerId: owner.userId,
    agentIds: agents.map((agent) => agent.userId),
    groupIds: groups.map((group) => group.$id),
    tickets: options.tickets,
    days: options.days,
    start: options.now - options.days * DAY_MS,
    mailboxIds: [documents[0]?.$id ?? null, documents[0]?.$id ?? null, null],
  })
  // What autovacuum does after a load this size (this machine's servers run without it): statistics, so the
  // planner knows the tables it plans for, and the event log's pages marked all-visible, as migration 063 has
  // autovacuum keep them, so an index of it answers alone. PGlite has no autovacuum: only statistics there.
  const vacuum = db.kind === 'postgres' ? 'vacuum (analyze)' : 'analyze'
  await db.query('analyze tickets')
  await db.query(`${vacuum} ticket_events`)
  const seedSeconds = (performance.now() - started) / 1000
  const { rows } = await db.query<{ tickets: number; events: number }>(
    `select (select count(*)::int from tickets where "teamId" = $1) as tickets,
       (select count(*)::int from ticket_events where "teamId" = $1) as events`,
    [teamId],
  )
  return { owner, teamId, tickets: rows[0]?.tickets ?? 0, events: rows[0]?.events ?? 0, seedSeconds }
}
