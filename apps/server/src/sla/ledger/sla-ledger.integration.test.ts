import {
  CollectionId,
  DATABASE_ID,
  NotificationKind,
  type TNotificationAttributes,
  type TTicketSlaView,
} from '@parsedesk/contracts'
import { ID, type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpOwnerAndAgent } from '../../teams/team.test-kit'
import type { TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { runSlaAlerts } from './sla-alerts.job'

const anything = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const resolution = (minutes: number) => ({ resolution: { minutes, businessHours: false } })
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const MINUTE = 60_000

type TLedgerRow = {
  kind: string
  at: Date
  targetMinutes: number | null
  usedMs: string | null
  dueAt: Date | null
}

describe.each(DATABASE_KINDS)('the SLA ledger and its alerts on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let grace: TSdkUser
  let workspace: string
  let groupId: string

  beforeAll(async () => {
    // No worker: the analyser would set a priority of its own; the alerts job is run here at chosen times.
    server = await startTestServer({ database, roles: ['http'] })
    ;({
      owner: ada,
      agent: grace,
      teamId: workspace,
    } = await signUpOwnerAndAgent(server.url, {
      owner: 'Ada Owner',
      agent: 'Grace Agent',
    }))
    const create = (collectionId: string, data: Record<string, unknown>) =>
      ada.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data })
    groupId = (
      await create(CollectionId.groups, { teamId: workspace, name: 'Support', memberIds: [ada.userId] })
    ).$id
    // Resolution within 10 minutes for a high priority, 60 for the rest; pending pauses (the default).
    await create(CollectionId.slaPolicies, {
      teamId: workspace,
      name: 'Standard',
      position: 0,
      conditions: anything,
      targets: { high: resolution(10), medium: resolution(60), low: resolution(60) },
    })
  })
  afterAll(() => server?.stop())

  const fileTicket = async (subject: string, data: Record<string, unknown> = {}) => {
    const ticket = await ada.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: { teamId: workspace, email: 'carol@customer.example', subject, body: subject, ...data },
    })
    return { id: ticket.$id, createdAt: Date.parse(ticket.$createdAt) }
  }
  const change = (id: string, data: Record<string, unknown>) =>
    ada.databases.updateDocument({ ...TICKETS, documentId: id, data })
  const ledgerOf = async (ticketId: string) =>
    (
      await server.db.query<TLedgerRow>(
        `select "kind", "at", "targetMinutes", "usedMs", "dueAt" from sla_ledger where "ticketId" = $1
         and "metric" = 'resolution' order by seq`,
        [ticketId],
      )
    ).rows
  const slaKinds = async (user: TSdkUser, ticketId: string) =>
    (
      await user.databases.listDocuments<Models.Document & TNotificationAttributes>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.notifications,
        queries: [Query.equal('ticketId', ticketId), Query.limit(100)],
      })
    ).documents
      .map((notification) => notification.kind)
      .filter((kind) => kind.startsWith('sla-'))
      .sort()

  it('a ticket at 75% of its target and past it tells its assignee and group once each', async () => {
    const ticket = await fileTicket('Server down', { assigneeId: grace.userId, groupId })
    await change(ticket.id, { priority: 'high' })

    await runSlaAlerts(server.db, new Date(ticket.createdAt + 7 * MINUTE))
    expect(await slaKinds(grace, ticket.id)).toEqual([])

    // 8 of 10 minutes used: past 75%, told once however often the minute's job runs.
    await runSlaAlerts(server.db, new Date(ticket.createdAt + 8 * MINUTE))
    await runSlaAlerts(server.db, new Date(ticket.createdAt + 9 * MINUTE))
    expect(await slaKinds(grace, ticket.id)).toEqual([NotificationKind.slaWarning])
    expect(await slaKinds(ada, ticket.id)).toEqual([NotificationKind.slaWarning])

    await runSlaAlerts(server.db, new Date(ticket.createdAt + 11 * MINUTE))
    await runSlaAlerts(server.db, new Date(ticket.createdAt + 12 * MINUTE))
    for (const member of [grace, ada])
      expect(await slaKinds(member, ticket.id)).toEqual([
        NotificationKind.slaBreached,
        NotificationKind.slaWarning,
      ])

    const ledger = await ledgerOf(ticket.id)
    expect(ledger.map((row) => row.kind)).toEqual(['activate', 're-apply', 'breach'])
    expect(ledger[2]?.at.getTime()).toBe(ticket.createdAt + 10 * MINUTE)

    // Closing it late fulfils the clock; the breach stays written.
    await change(ticket.id, { status: 'closed' })
    expect((await ledgerOf(ticket.id)).map((row) => row.kind)).toEqual([
      'activate',
      're-apply',
      'breach',
      'fulfil',
    ])
  })

  it('a priority change re-applies the targets keeping the time used; pending pauses the clock', async () => {
    const ticket = await fileTicket('Invoice wrong')
    await change(ticket.id, { priority: 'high' })
    const [activate, reApply] = await ledgerOf(ticket.id)
    expect(activate).toMatchObject({ kind: 'activate', targetMinutes: 60 })
    expect(reApply).toMatchObject({ kind: 're-apply', targetMinutes: 10 })
    // The time used before the change counts: due 10 minutes after the ticket came in, not after the change.
    const changedAt = reApply?.at.getTime() ?? 0
    expect(changedAt).toBeGreaterThan(ticket.createdAt)
    expect(Number(reApply?.usedMs)).toBe(changedAt - ticket.createdAt)
    expect(reApply?.dueAt?.getTime()).toBe(ticket.createdAt + 10 * MINUTE)

    await change(ticket.id, { status: 'pending' })
    // Running, it would be long breached by then; paused, nothing is due.
    await runSlaAlerts(server.db, new Date(ticket.createdAt + 60 * MINUTE))
    expect((await ledgerOf(ticket.id)).map((row) => row.kind)).toEqual(['activate', 're-apply', 'pause'])
    const read = (await ada.client.call(
      'get',
      new URL(`${ada.client.config.endpoint}/sla/tickets`),
      {},
      {
        ids: ticket.id,
      },
    )) as { tickets: TTicketSlaView[] }
    expect(read.tickets[0]?.clocks.resolution?.state).toBe('paused')

    await change(ticket.id, { status: 'open' })
    const resumed = (await ledgerOf(ticket.id)).at(-1)
    expect(resumed?.kind).toBe('resume')
    // The pending spell is not counted: due later than 10 minutes after creation, by the time it waited.
    expect(resumed?.dueAt?.getTime()).toBeGreaterThan(ticket.createdAt + 10 * MINUTE)
  })
})
