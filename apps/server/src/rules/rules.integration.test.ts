import {
  CollectionId,
  DATABASE_ID,
  RoutingStrategy,
  RuleLimits,
  RuleMessages,
  readRuleMisses,
  type TRuleAttributes,
  type TRuleCreate,
  type TRuleDryRunResult,
  type TRuleEvaluation,
  type TTicketAttributes,
  type TTicketEventAttributes,
  ZRuleMisses,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'
import { runScheduledRules } from './scheduled-rules'

type TRule = Models.Document & TRuleAttributes
type TTicket = Models.Document & TTicketAttributes
type TEvent = Models.Document & TTicketEventAttributes

const RULES = { databaseId: DATABASE_ID, collectionId: CollectionId.rules }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const EVENTS = { databaseId: DATABASE_ID, collectionId: CollectionId.ticketEvents }

/** Our routes beside Appwrite's, as the dashboard calls them: through the SDK client's call(). */
function call<T>(
  client: Client,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const url = new URL(`${client.config.endpoint}${path}`)
  return client.call(method, url, { 'content-type': 'application/json' }, params)
}

const all = (...conditions: TRuleCreate['conditions']['conditions']) => ({
  type: 'group' as const,
  match: 'all' as const,
  conditions,
})

describe.each(DATABASE_KINDS)('automation rules on %s', (database) => {
  let server: TTestServer
  // Ada owns a workspace, Grace is its agent; Eve has a workspace of her own.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ;[ada, grace, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Lovelace'),
      signUpUser(server.url, 'Grace Hopper'),
      signUpUser(server.url, 'Eve Outsider'),
    ])
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: grace,
      teamId: workspace,
      roles: ['agent'],
    })
  })
  afterAll(() => server?.stop())

  const createRule = async (user: TSdkUser, data: TRuleCreate) =>
    (await user.databases.createDocument({ ...RULES, documentId: ID.unique(), data })) as unknown as TRule
  const removeRules = async () => {
    const { documents } = await ada.databases.listDocuments<TRule>({ ...RULES })
    for (const rule of documents) await ada.databases.deleteDocument({ ...RULES, documentId: rule.$id })
  }
  const eventsOf = async (ticketId: string, type: string) =>
    (
      await ada.databases.listDocuments<TEvent>({
        ...EVENTS,
        queries: [Query.equal('ticketId', ticketId), Query.equal('type', type), Query.orderAsc('$sequence')],
      })
    ).documents
  const ticketBySubject = async (subject: string) => {
    const { documents } = await ada.databases.listDocuments<TTicket>({
      ...TICKETS,
      queries: [Query.equal('subject', subject)],
    })
    const ticket = documents[0]
    if (!ticket) throw new Error(`no ticket "${subject}"`)
    return ticket
  }
  const ingest = async (mails: { subject: string; messageId: string }[]) => {
    const mailbox = await readMailbox(ada)
    const ids = await deliverMails(server, mailbox.address, mails)
    await createTestProcessor(server).processInboundBatch(
      ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
  }

  it('lets managers write rules that members read, and no one else', async () => {
    const rule = await createRule(ada, {
      name: 'Tag invoices',
      kind: 'on-create',
      conditions: all({
        type: 'condition',
        field: 'message.subject',
        operator: 'contains',
        value: 'invoice',
      }),
      actions: [{ type: 'add-tags', tags: ['billing'] }],
    })
    const read = await grace.databases.getDocument<TRule>({ ...RULES, documentId: rule.$id })
    expect(read.name).toBe('Tag invoices')
    const byAgent = await rejection(
      createRule(grace, {
        teamId: workspace,
        name: 'Mine',
        kind: 'on-create',
        conditions: all(),
        actions: [{ type: 'add-tags', tags: ['mine'] }],
      }),
    )
    expect([byAgent.code, byAgent.message]).toEqual([401, RuleMessages.managersOnly])
    const byStranger = await rejection(eve.databases.getDocument({ ...RULES, documentId: rule.$id }))
    expect(byStranger.code).toBe(404)
    expect((await eve.databases.listDocuments({ ...RULES })).total).toBe(0)
    await removeRules()
  })

  it('refuses a pattern RE2 cannot run, and an action this server cannot carry out, with a clear message', async () => {
    const lookAhead = await rejection(
      createRule(ada, {
        name: 'Look ahead',
        kind: 'on-create',
        conditions: all({
          type: 'condition',
          field: 'message.body',
          operator: 'regex',
          value: '(?=refund)x',
        }),
        actions: [{ type: 'add-tags', tags: ['x'] }],
      }),
    )
    expect(lookAhead.code).toBe(400)
    expect(lookAhead.message).toContain(RuleMessages.patternInvalid)
  })

  it('runs on-create rules on an ingested batch in order, stops where a rule says so, and logs why each matched or not', async () => {
    await createRule(ada, {
      name: 'Refunds are urgent',
      kind: 'on-create',
      position: 0,
      stopHere: true,
      conditions: all({
        type: 'condition',
        field: 'message.subject',
        operator: 'any-words',
        value: ['refund', 'chargeback'],
      }),
      actions: [
        { type: 'set-priority', priority: 'high' },
        { type: 'add-tags', tags: ['refund'] },
        { type: 'internal-note', body: 'Refunds go to finance within a day.' },
      ],
    })
    await createRule(ada, {
      name: 'Everything else',
      kind: 'on-create',
      position: 1,
      conditions: all({ type: 'condition', field: 'message.body', operator: 'regex', value: '^about\\s' }),
      actions: [{ type: 'add-tags', tags: ['general'] }],
    })
    await createRule(ada, {
      name: 'Chargebacks',
      kind: 'on-create',
      position: 2,
      conditions: all({
        type: 'condition',
        field: 'message.subject',
        operator: 'contains',
        value: 'chargeback',
      }),
      actions: [{ type: 'add-tags', tags: ['chargeback'] }],
    })
    await ingest([
      { subject: 'Refund for order 7', messageId: 'refund-7@rules.example' },
      { subject: 'Refunded already?', messageId: 'refunded-8@rules.example' },
    ])
    const refund = await ticketBySubject('Refund for order 7')
    expect([refund.priority, refund.tags]).toEqual(['high', ['refund']])
    // "Refunded" is not the word "refund": the second rule tags it instead.
    const refunded = await ticketBySubject('Refunded already?')
    expect([refunded.priority, refunded.tags]).toEqual([null, ['general']])

    const refundLog = (await eventsOf(refund.$id, 'rule-evaluated')).map(
      (event) => event.after as TRuleEvaluation,
    )
    // Stopped after the first rule: the second was never evaluated.
    expect(refundLog.map((entry) => [entry.ruleName, entry.matched])).toEqual([['Refunds are urgent', true]])
    expect(refundLog[0]?.changes).toEqual(['priority: null → "high"', 'tags: [] → ["refund"]'])
    expect(await eventsOf(refund.$id, 'note')).toHaveLength(1)
    expect(await eventsOf(refund.$id, 'rule-misses')).toEqual([])
    const refundedLog = (await eventsOf(refunded.$id, 'rule-evaluated')).map(
      (event) => event.after as TRuleEvaluation,
    )
    expect(refundedLog.map((entry) => [entry.ruleName, entry.matched])).toEqual([['Everything else', true]])
    // The two rules that did not fire are one event, each with the condition that failed and what it read.
    const misses = (await eventsOf(refunded.$id, 'rule-misses')).map((event) =>
      ZRuleMisses.parse(event.after),
    )
    expect(misses.map((event) => [event.kind, event.pass])).toEqual([['on-create', 1]])
    // Both read the same subject: it is stored once.
    expect(misses[0]?.values).toEqual(['Refunded already?'])
    expect(misses.map(readRuleMisses)).toMatchObject([
      [
        {
          ruleName: 'Refunds are urgent',
          condition: {
            field: 'message.subject',
            operator: 'any-words',
            actual: 'Refunded already?',
            matched: false,
          },
        },
        {
          ruleName: 'Chargebacks',
          condition: {
            field: 'message.subject',
            operator: 'contains',
            actual: 'Refunded already?',
            matched: false,
          },
        },
      ],
    ])
    await removeRules()
  })

  it('reads the requester’s name for a rule that asks for it, beside keyword rules that need nothing more', async () => {
    await createRule(ada, {
      name: 'Known by name',
      kind: 'on-create',
      position: 0,
      conditions: all({ type: 'condition', field: 'requester.name', operator: 'equals', value: 'Customer' }),
      actions: [{ type: 'add-tags', tags: ['named'] }],
    })
    await createRule(ada, {
      name: 'Invoices',
      kind: 'on-create',
      position: 1,
      conditions: all({
        type: 'condition',
        field: 'message.subject',
        operator: 'contains',
        value: 'invoice',
      }),
      actions: [{ type: 'add-tags', tags: ['invoice'] }],
    })
    await ingest([{ subject: 'Named invoice question', messageId: 'named-1@rules.example' }])
    expect((await ticketBySubject('Named invoice question')).tags).toEqual(['named', 'invoice'])
    await removeRules()
  })

  it('caps rules that keep changing a ticket after a member’s change, and says so on the timeline', async () => {
    await ingest([{ subject: 'Flip flop', messageId: 'flip@rules.example' }])
    const ticket = await ticketBySubject('Flip flop')
    const flip = (from: 'high' | 'low', to: 'high' | 'low') => ({
      name: `${from} to ${to}`,
      kind: 'on-update' as const,
      conditions: all({ type: 'condition', field: 'ticket.priority', operator: 'equals', value: from }),
      actions: [{ type: 'set-priority' as const, priority: to }],
    })
    await createRule(ada, flip('high', 'low'))
    await createRule(ada, flip('low', 'high'))
    await grace.databases.updateDocument({ ...TICKETS, documentId: ticket.$id, data: { priority: 'high' } })
    const capped = await eventsOf(ticket.$id, 'rule-pass-cap')
    expect(capped).toHaveLength(1)
    expect(capped[0]?.after).toMatchObject({ passes: RuleLimits.passes })
    await removeRules()
  })

  it('dry-runs a draft on the last days’ tickets for managers only', async () => {
    const draft = {
      name: 'Orders',
      kind: 'on-create',
      conditions: all({ type: 'condition', field: 'message.subject', operator: 'contains', value: 'order' }),
      actions: [{ type: 'add-tags', tags: ['orders'] }],
    }
    const path = `/workspaces/${workspace}/rules/dry-run`
    const result = await call<TRuleDryRunResult>(ada.client, 'post', path, { rule: draft })
    // "Refund for order 7" is the one ticket so far whose subject says "order".
    expect(result.matched).toBe(1)
    expect(result.scanned).toBeGreaterThanOrEqual(3)
    expect(result.tickets.map((ticket) => ticket.subject)).toEqual(['Refund for order 7'])
    const byAgent = await rejection(call(grace.client, 'post', path, { rule: draft }))
    expect([byAgent.code, byAgent.message]).toEqual([401, RuleMessages.managersOnly])
    const stranger = await rejection(call(eve.client, 'post', path, { rule: draft }))
    expect(stranger.code).toBe(401)
    const badPattern = await rejection(
      call(ada.client, 'post', path, {
        rule: {
          ...draft,
          conditions: all({ type: 'condition', field: 'message.body', operator: 'regex', value: '(a)\\1' }),
        },
      }),
    )
    expect(badPattern.message).toContain(RuleMessages.patternInvalid)
  })

  it('fires a scheduled rule once per ticket, however often its minute job runs', async () => {
    await ingest([{ subject: 'Waiting a while', messageId: 'waiting@rules.example' }])
    await createRule(ada, {
      name: 'Stale',
      kind: 'scheduled',
      conditions: all(
        { type: 'condition', field: 'time.hours-since-created', operator: 'greater-than', value: -1 },
        { type: 'condition', field: 'ticket.status', operator: 'not-equals', value: 'closed' },
      ),
      actions: [{ type: 'add-tags', tags: ['stale'] }],
    })
    const actions = { outbox: server.outbox, queue: server.queue }
    const deps = { db: server.db, log: () => {}, routeTickets: undefined, actions }
    const first = await runScheduledRules(deps, new Date())
    expect(first).toBeGreaterThanOrEqual(1)
    expect(await runScheduledRules(deps, new Date())).toBe(0)
    const ticket = await ticketBySubject('Waiting a while')
    expect(ticket.tags).toContain('stale')
    const log = (await eventsOf(ticket.$id, 'rule-evaluated')).map((event) => event.after as TRuleEvaluation)
    expect(log.filter((entry) => entry.ruleName === 'Stale')).toMatchObject([
      { kind: 'scheduled', matched: true },
    ])
    await removeRules()
  })

  it('applies a rule as it was edited by the next batch after the edit, and not once it is turned off', async () => {
    const rule = await createRule(ada, {
      name: 'Outages are urgent',
      kind: 'on-create',
      conditions: all({
        type: 'condition',
        field: 'message.subject',
        operator: 'any-words',
        value: ['outage'],
      }),
      actions: [{ type: 'set-priority', priority: 'high' }],
    })
    await ingest([{ subject: 'Outage in Lisbon', messageId: 'outage-1@rules.example' }])
    expect((await ticketBySubject('Outage in Lisbon')).priority).toBe('high')

    await ada.databases.updateDocument({
      ...RULES,
      documentId: rule.$id,
      data: { actions: [{ type: 'set-priority', priority: 'low' }] },
    })
    await ingest([{ subject: 'Outage in Porto', messageId: 'outage-2@rules.example' }])
    expect((await ticketBySubject('Outage in Porto')).priority).toBe('low')

    await ada.databases.updateDocument({ ...RULES, documentId: rule.$id, data: { enabled: false } })
    await ingest([{ subject: 'Outage in Faro', messageId: 'outage-3@rules.example' }])
    const faro = await ticketBySubject('Outage in Faro')
    expect(faro.priority).not.toBe('low')
    expect(await eventsOf(faro.$id, 'rule-evaluated')).toHaveLength(0)
    await removeRules()
  })

  it('hands a ticket to routing when a rule puts it in a group and routes it', async () => {
    const group = (await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.groups,
      documentId: ID.unique(),
      data: {
        teamId: workspace,
        name: 'Billing',
        strategy: RoutingStrategy.roundRobin,
        memberIds: [grace.userId],
      },
    })) as unknown as Models.Document
    await createRule(ada, {
      name: 'Billing to billing',
      kind: 'on-create',
      conditions: all({
        type: 'condition',
        field: 'message.subject',
        operator: 'any-words',
        value: ['billing'],
      }),
      actions: [{ type: 'set-group', groupId: group.$id }, { type: 'route' }],
    })
    await ingest([{ subject: 'Billing question', messageId: 'billing@rules.example' }])
    const ticket = await ticketBySubject('Billing question')
    expect([ticket.groupId, ticket.assigneeId]).toEqual([group.$id, grace.userId])
    expect(await eventsOf(ticket.$id, 'routed')).toHaveLength(1)
    await removeRules()
  })
})
