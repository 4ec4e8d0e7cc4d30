import {
  CollectionId,
  DATABASE_ID,
  ErrorType,
  SlaPolicyMessages,
  TicketStatus,
  type TSlaPolicyAttributes,
  type TTicketSlaView,
} from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../../mail/ingest/ingest.test-kit'
import { readMailbox } from '../../mail/mail.test-kit'
import { joinByInvitation } from '../../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import type { TTestServer } from '../../testing/test-server'

type TPolicy = Models.Document & TSlaPolicyAttributes
const POLICIES = { databaseId: DATABASE_ID, collectionId: CollectionId.slaPolicies }
const anything = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const hours = (h: number, businessHours = true) => ({ minutes: h * 60, businessHours })
const targets = {
  high: { 'first-reply': hours(1), resolution: hours(8) },
  medium: { 'first-reply': hours(4), 'next-reply': hours(8) },
  low: { 'first-reply': hours(24, false) },
}

describe.each(DATABASE_KINDS)('SLA policies on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    // No worker: mail waits until a test takes it in, and no analyser changes what policies match.
    server = await startUndecidingServer(database)
    ;[ada, grace, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Owner'),
      signUpUser(server.url, 'Grace Agent'),
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

  const create = async (user: TSdkUser, data: Record<string, unknown>) =>
    (await user.databases.createDocument({
      ...POLICIES,
      documentId: ID.unique(),
      data: { teamId: workspace, conditions: anything, targets, ...data },
    })) as unknown as TPolicy

  it('an owner orders policies members read; pending pauses them unless the policy says otherwise', async () => {
    const vip = await create(ada, { name: 'VIP', position: 0, conditions: { ...anything, tags: ['vip'] } })
    expect(vip).toMatchObject({ position: 0, pausedStatuses: [TicketStatus.pending], targets })
    await create(ada, {
      name: 'Standard',
      position: 10,
      pausedStatuses: [TicketStatus.pending, TicketStatus.onHold],
    })
    const list = await grace.databases.listDocuments<TPolicy>({
      ...POLICIES,
      queries: [Query.orderAsc('position')],
    })
    expect(list.documents.map((p) => [p.name, p.pausedStatuses])).toEqual([
      ['VIP', ['pending']],
      ['Standard', ['pending', 'on-hold']],
    ])
    const agent = await rejection(create(grace, { name: 'Mine', position: 1 }))
    expect([agent.code, agent.message]).toEqual([401, SlaPolicyMessages.managersOnly])
    expect((await eve.databases.listDocuments({ ...POLICIES })).documents).toEqual([])
  })

  it('refuses a taken name and a target that is no number of minutes', async () => {
    const taken = await rejection(create(ada, { name: 'vip', position: 2 }))
    expect([taken.code, taken.type, taken.message]).toEqual([
      409,
      ErrorType.documentAlreadyExists,
      SlaPolicyMessages.nameTaken,
    ])
    const bad = await rejection(
      create(ada, {
        name: 'Bad',
        position: 3,
        targets: { ...targets, high: { resolution: { minutes: 0, businessHours: true } } },
      }),
    )
    expect(bad.code).toBe(400)
  })

  it('a policy on a mailbox holds the mail that came to it, not a ticket filed by the form', async () => {
    const mailbox = await readMailbox(ada)
    const support = await create(ada, {
      name: 'Support address',
      position: 1,
      conditions: { ...anything, mailboxIds: [mailbox.$id] },
    })
    expect(support.conditions.mailboxIds).toEqual([mailbox.$id])
    const ids = await deliverMails(server, mailbox.address, [
      { subject: 'Sent to the address', messageId: 'mailbox-policy@customer.example' },
    ])
    await createTestProcessor(server).processInboundBatch(
      ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
    const filed = await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      documentId: ID.unique(),
      data: { teamId: workspace, email: 'carol@customer.example', subject: 'Filed by hand', body: 'Hello' },
    })
    const mailed = await ada.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      queries: [Query.equal('subject', 'Sent to the address')],
    })
    const read = (await ada.client.call(
      'get',
      new URL(`${ada.client.config.endpoint}/sla/tickets`),
      {},
      { ids: [mailed.documents[0]?.$id, filed.$id].join(',') },
    )) as { tickets: TTicketSlaView[] }
    const standard = (
      await ada.databases.listDocuments<TPolicy>({ ...POLICIES, queries: [Query.equal('name', 'Standard')] })
    ).documents[0]
    expect(read.tickets.map((ticket) => ticket.policyId)).toEqual([support.$id, standard?.$id])
  })
})
