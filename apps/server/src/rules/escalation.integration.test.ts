import {
  CollectionId,
  DATABASE_ID,
  NotificationKind,
  RoutingStrategy,
  RuleLimits,
  type TNotificationAttributes,
  type TRuleCreate,
  type TRuleEvaluation,
  type TTicketAttributes,
  type TTicketEventAttributes,
} from '@parsedesk/contracts'
import { ID, type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestProcessor,
  deliverMails,
  startUndecidingServer,
  type TTestMail,
} from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { routeTickets } from '../routing'
import { signUpOwnerAndAgent } from '../teams/team.test-kit'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'
import { runScheduledRules, type TScheduledRulesDeps } from './scheduled-rules'

type TTicket = Models.Document & TTicketAttributes
type TEvent = Models.Document & TTicketEventAttributes

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const MINUTE = 60_000
const anything = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const firstReply = { 'first-reply': { minutes: 30, businessHours: false } }
const condition = (
  field: 'sla.first-reply',
  operator: 'breached' | 'due-within',
  value: number | null = null,
) => ({ type: 'condition' as const, field, operator, value })

describe.each(DATABASE_KINDS)('escalation rules on the SLA on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let grace: TSdkUser
  let workspace: string
  let escalations: string
  let deps: TScheduledRulesDeps

  beforeAll(async () => {
    // No worker: the scheduled rules run here, at chosen minutes, as the minute's job would run them.
    server = await startUndecidingServer(database)
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
    escalations = (
      await create(CollectionId.groups, {
        teamId: workspace,
        name: 'Escalations',
        strategy: RoutingStrategy.roundRobin,
        memberIds: [grace.userId],
      })
    ).$id
    await create(CollectionId.slaPolicies, {
      teamId: workspace,
      name: 'Everyone',
      position: 0,
      conditions: anything,
      targets: { high: firstReply, medium: firstReply, low: firstReply },
    })
    const rule = (data: TRuleCreate) => create(CollectionId.rules, data)
    const all = (...conditions: ReturnType<typeof condition>[]) => ({
      type: 'group' as const,
      match: 'all' as const,
      conditions,
    })
    await rule({
      teamId: workspace,
      name: 'First reply late',
      kind: 'scheduled',
      conditions: all(condition('sla.first-reply', 'breached')),
      actions: [
        { type: 'set-priority', priority: 'high' },
        { type: 'set-group', groupId: escalations },
        { type: 'add-tags', tags: ['escalated'] },
        { type: 'route' },
      ],
    })
    await rule({
      teamId: workspace,
      name: 'First reply due soon',
      kind: 'scheduled',
      position: 1,
      conditions: all(condition('sla.first-reply', 'due-within', 10)),
      actions: [{ type: 'add-tags', tags: ['due-soon'] }],
    })
    deps = {
      db: server.db,
      log: () => {},
      routeTickets: (tx, tickets) => routeTickets(tx, tickets),
      actions: { outbox: server.outbox, queue: server.queue },
    }
  })
  afterAll(() => server?.stop())

  const ticketBySubject = async (subject: string) => {
    const { documents } = await ada.databases.listDocuments<TTicket>({
      ...TICKETS,
      queries: [Query.equal('subject', subject)],
    })
    const ticket = documents[0]
    if (!ticket) throw new Error(`no ticket "${subject}"`)
    return ticket
  }
  const createRule = (data: TRuleCreate) =>
    ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.rules,
      documentId: ID.unique(),
      data,
    })
  /** Delivers the mails and decides them as one batch, as the ingest job would. */
  const ingest = async (mails: TTestMail[]) => {
    const mailbox = await readMailbox(ada)
    const ids = await deliverMails(server, mailbox.address, mails)
    await createTestProcessor(server).processInboundBatch(
      ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
  }
  const evaluations = async (ticketId: string) =>
    (
      await ada.databases.listDocuments<TEvent>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.ticketEvents,
        queries: [Query.equal('ticketId', ticketId), Query.equal('type', 'rule-evaluated')],
      })
    ).documents.map((event) => event.after as TRuleEvaluation)
  const notified = async (user: TSdkUser, ticketId: string) =>
    (
      await user.databases.listDocuments<Models.Document & TNotificationAttributes>({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.notifications,
        queries: [Query.equal('ticketId', ticketId)],
      })
    ).documents.map((notification) => notification.kind)

  it('escalates a ticket whose first reply is late exactly once, and leaves one answered in time alone', async () => {
    await ingest([
      { subject: 'Nobody answers', messageId: 'late@escalation.example' },
      { subject: 'Answered quickly', messageId: 'answered@escalation.example' },
    ])
    const late = await ticketBySubject('Nobody answers')
    const answered = await ticketBySubject('Answered quickly')
    await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.messages,
      documentId: ID.unique(),
      data: { ticketId: answered.$id, body: 'On it.' },
    })
    const arrived = Date.parse(late.$createdAt)
    const at = (minutes: number) => new Date(arrived + minutes * MINUTE)

    // 25 of 30 minutes used: due within 10 minutes, not yet breached.
    await runScheduledRules(deps, at(25))
    expect((await ticketBySubject('Nobody answers')).tags).toEqual(['due-soon'])

    // Past due; the minute's alerts job has not even recorded the breach: the rule sees it by the due time.
    await runScheduledRules(deps, at(31))
    await runScheduledRules(deps, at(32))
    await runScheduledRules(deps, at(90))
    const escalated = await ticketBySubject('Nobody answers')
    expect(escalated).toMatchObject({
      priority: 'high',
      groupId: escalations,
      assigneeId: grace.userId,
      tags: ['due-soon', 'escalated'],
    })
    const fired = (await evaluations(late.$id)).filter((entry) => entry.ruleName === 'First reply late')
    expect(fired).toHaveLength(1)
    expect(fired[0]?.conditions).toMatchObject([
      { field: 'sla.first-reply', operator: 'breached', actual: -1, matched: true },
    ])
    // The escalation notifies: routing assigns Grace, and she is told (once).
    expect(await notified(grace, late.$id)).toEqual([NotificationKind.assigned])

    const untouched = await ticketBySubject('Answered quickly')
    expect(untouched).toMatchObject({ groupId: null, assigneeId: null, tags: [] })
    expect(await evaluations(answered.$id)).toEqual([])
  })

  it('finds a late ticket behind more open tickets than one run reads, which never breach', async () => {
    // Older open tickets with no SLA clock: a run reads at most RuleLimits.dryRunTickets of them.
    await server.db.query(
      `insert into tickets (id, email, subject, body, "userId", "teamId", created_at)
       select 'waiting-' || g, 'old@customer.example', 'Waiting ' || g, 'Still waiting', $1, $2,
         now() - interval '1 day'
       from generate_series(1, $3::int) g`,
      [ada.userId, workspace, RuleLimits.dryRunTickets],
    )
    await ingest([{ subject: 'Late behind the queue', messageId: 'behind@escalation.example' }])
    const late = await ticketBySubject('Late behind the queue')
    await runScheduledRules(deps, new Date(Date.parse(late.$createdAt) + 31 * MINUTE))
    expect((await ticketBySubject('Late behind the queue')).tags).toContain('escalated')
  })

  it('times a ticket against the target of the priority an on-create rule gave it, and lets a batch’s rules read the clock its mail started', async () => {
    // Run last: it changes the workspace's policy and rules.
    const { documents: policies } = await ada.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.slaPolicies,
    })
    const fiveMinutes = { 'first-reply': { minutes: 5, businessHours: false } }
    const nextReply = { 'next-reply': { minutes: 30, businessHours: false } }
    for (const policy of policies) {
      await ada.databases.updateDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.slaPolicies,
        documentId: policy.$id,
        data: {
          targets: {
            high: { ...fiveMinutes, ...nextReply },
            medium: { ...firstReply, ...nextReply },
            low: { ...firstReply, ...nextReply },
          },
        },
      })
    }
    await createRule({
      teamId: workspace,
      name: 'Outages are high',
      kind: 'on-create',
      conditions: {
        type: 'group',
        match: 'all',
        conditions: [{ type: 'condition', field: 'message.subject', operator: 'contains', value: 'outage' }],
      },
      actions: [{ type: 'set-priority', priority: 'high' }],
    })
    await ingest([{ subject: 'Plant outage', messageId: 'outage@escalation.example' }])
    const outage = await ticketBySubject('Plant outage')
    expect(outage.priority).toBe('high')
    // Six minutes in: late against the high target (5), not against the medium one (30) it was filed under.
    await runScheduledRules(deps, new Date(Date.parse(outage.$createdAt) + 6 * MINUTE))
    expect((await ticketBySubject('Plant outage')).tags).toContain('escalated')

    // The customer writes again after our answer: an on-update rule of the same batch reads the next-reply
    // clock that the customer's message started.
    await createRule({
      teamId: workspace,
      name: 'Waiting on us again',
      kind: 'on-update',
      conditions: {
        type: 'group',
        match: 'all',
        conditions: [{ type: 'condition', field: 'sla.next-reply', operator: 'due-within', value: 40 }],
      },
      actions: [{ type: 'add-tags', tags: ['answer-due'] }],
    })
    await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.messages,
      documentId: ID.unique(),
      data: { ticketId: outage.$id, body: 'We are on it.' },
    })
    await ingest([
      {
        subject: 'Re: Plant outage',
        messageId: 'outage-2@escalation.example',
        inReplyTo: 'outage@escalation.example',
      },
    ])
    expect((await ticketBySubject('Plant outage')).tags).toContain('answer-due')
  })
})
