import {
  CollectionId,
  DATABASE_ID,
  GroupMessages,
  RoutingMessages,
  RoutingSkip,
  RoutingStrategy,
  type TGroupAttributes,
  TicketStatus,
  type TRoutingBoard,
  type TRoutingDecision,
  type TTicketAttributes,
  type TTicketEventAttributes,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox } from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TGroup = Models.Document & TGroupAttributes
type TTicket = Models.Document & TTicketAttributes
type TEvent = Models.Document & TTicketEventAttributes

const GROUPS = { databaseId: DATABASE_ID, collectionId: CollectionId.groups }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const EVENTS = { databaseId: DATABASE_ID, collectionId: CollectionId.ticketEvents }
const NOTIFICATIONS = { databaseId: DATABASE_ID, collectionId: CollectionId.notifications }
const RULES = { databaseId: DATABASE_ID, collectionId: CollectionId.rules }

function call(client: Client, method: string, path: string, params: Record<string, unknown> = {}) {
  return client.call(
    method,
    new URL(`${client.config.endpoint}${path}`),
    { 'content-type': 'application/json' },
    params,
  )
}

describe.each(DATABASE_KINDS)('routing on %s', (database) => {
  let server: TTestServer
  // Ada owns the workspace; Grace and Hal are its agents; Eve has a workspace of her own.
  let ada: TSdkUser
  let grace: TSdkUser
  let hal: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ;[ada, grace, hal, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Lovelace'),
      signUpUser(server.url, 'Grace Hopper'),
      signUpUser(server.url, 'Hal Abelson'),
      signUpUser(server.url, 'Eve Outsider'),
    ])
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    for (const member of [grace, hal]) {
      await joinByInvitation({
        serverUrl: server.url,
        owner: ada,
        member,
        teamId: workspace,
        roles: ['agent'],
      })
    }
  })
  afterAll(() => server?.stop())

  const changeGroup = (user: TSdkUser, groupId: string, data: Record<string, unknown>) =>
    user.databases.updateDocument({ ...GROUPS, documentId: groupId, data })
  const createGroup = async (data: Record<string, unknown>) =>
    (await ada.databases.createDocument({
      ...GROUPS,
      documentId: ID.unique(),
      data: { teamId: workspace, name: `Group ${ID.unique()}`, ...data },
    })) as unknown as TGroup
  const fileTicket = async (subject: string) =>
    (await ada.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: { email: 'customer@example.com', subject, body: subject, teamId: workspace },
    })) as unknown as TTicket
  const change = async (ticketId: string, data: Record<string, unknown>, user = ada) =>
    (await user.databases.updateDocument({ ...TICKETS, documentId: ticketId, data })) as unknown as TTicket
  const read = async (ticketId: string) =>
    (await ada.databases.getDocument({ ...TICKETS, documentId: ticketId })) as unknown as TTicket
  /** A ticket put in `groupId` by a member, as routing sees it then. */
  const intoGroup = async (subject: string, groupId: string) =>
    change((await fileTicket(subject)).$id, { groupId })
  const decisionsOf = async (ticketId: string) =>
    (
      await ada.databases.listDocuments<TEvent>({
        ...EVENTS,
        queries: [
          Query.equal('ticketId', ticketId),
          Query.equal('type', 'routed'),
          Query.orderAsc('$sequence'),
        ],
      })
    ).documents.map((event) => event.after as TRoutingDecision)
  const setAvailable = (user: TSdkUser, available: boolean, teamId = workspace) =>
    call(user.client, 'put', '/routing/availability', { teamId, available })
  const closeAll = async (tickets: TTicket[]) => {
    for (const ticket of tickets) await change(ticket.$id, { status: TicketStatus.closed })
  }

  it('round robin hands tickets out in turn, logs why, and notifies the agent', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.roundRobin,
      memberIds: [grace.userId, hal.userId],
    })
    const tickets = [
      await intoGroup('First', group.$id),
      await intoGroup('Second', group.$id),
      await intoGroup('Third', group.$id),
    ]
    expect(tickets.map((ticket) => ticket.assigneeId)).toEqual([grace.userId, hal.userId, grace.userId])

    const [decision] = await decisionsOf(tickets[1]?.$id ?? '')
    expect(decision).toMatchObject({
      groupId: group.$id,
      strategy: RoutingStrategy.roundRobin,
      chosen: hal.userId,
    })
    expect(decision?.candidates.map((candidate) => [candidate.userId, candidate.load])).toEqual([
      [grace.userId, 1],
      [hal.userId, 0],
    ])
    const notified = await hal.databases.listDocuments({
      ...NOTIFICATIONS,
      queries: [Query.equal('ticketId', tickets[1]?.$id ?? '')],
    })
    expect(notified.total).toBe(1)
    await closeAll(tickets)
  })

  it('least loaded respects the cap: a ticket nobody can take waits, and goes out when a ticket closes', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.leastLoaded,
      cap: 1,
      memberIds: [grace.userId, hal.userId],
    })
    const first = await intoGroup('Load one', group.$id)
    const second = await intoGroup('Load two', group.$id)
    expect(new Set([first.assigneeId, second.assigneeId])).toEqual(new Set([grace.userId, hal.userId]))

    const waiting = await intoGroup('Load three', group.$id)
    expect(waiting.assigneeId).toBeNull()
    const [decision] = await decisionsOf(waiting.$id)
    expect(decision?.chosen).toBeNull()
    expect(decision?.candidates.map((candidate) => candidate.skipped)).toEqual([
      RoutingSkip.full,
      RoutingSkip.full,
    ])

    await change(first.$id, { status: TicketStatus.closed })
    expect((await read(waiting.$id)).assigneeId).toBe(first.assigneeId)
    await closeAll([second, waiting])
  })

  it('skips an away agent, and serves the queue by priority then age when they come back', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.roundRobin,
      cap: 2,
      memberIds: [grace.userId],
    })
    await setAvailable(grace, false)
    const low = await change((await fileTicket('Low and old')).$id, { priority: 'low' })
    const high = await change((await fileTicket('High and new')).$id, { priority: 'high' })
    const none = await fileTicket('No priority')
    for (const ticket of [low, high, none]) {
      expect((await change(ticket.$id, { groupId: group.$id })).assigneeId).toBeNull()
    }
    expect((await decisionsOf(low.$id))[0]?.candidates[0]?.skipped).toBe(RoutingSkip.away)

    const board = (await call(hal.client, 'get', `/routing/board?teamId=${workspace}`)) as TRoutingBoard
    expect(board.agents.find((agent) => agent.userId === grace.userId)?.available).toBe(false)
    expect(board.groups.find((queue) => queue.groupId === group.$id)?.queued).toBe(3)

    expect(await setAvailable(grace, true)).toMatchObject({ assigned: 2 })
    expect((await read(high.$id)).assigneeId).toBe(grace.userId)
    expect((await read(low.$id)).assigneeId).toBe(grace.userId)
    expect((await read(none.$id)).assigneeId).toBeNull()
    await closeAll([high, low, none])
  })

  it('sends a reopened ticket back to the agent who had it', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.roundRobin,
      memberIds: [grace.userId, hal.userId],
    })
    const ticket = await intoGroup('Comes back', group.$id)
    const agent = ticket.assigneeId
    await change(ticket.$id, { status: TicketStatus.closed })
    await change(ticket.$id, { assigneeId: null })
    // Round robin would now pick the other agent, who waited longer.
    const reopened = await change(ticket.$id, { status: TicketStatus.open })
    expect(reopened.assigneeId).toBe(agent)
    expect((await decisionsOf(ticket.$id)).at(-1)).toMatchObject({ chosen: agent, reopened: true })
    await closeAll([ticket])
  })

  it('never goes past a cap when two tickets are routed at once', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.leastLoaded,
      cap: 1,
      memberIds: [hal.userId],
    })
    const [a, b] = [await fileTicket('Race A'), await fileTicket('Race B')]
    await Promise.all([change(a.$id, { groupId: group.$id }), change(b.$id, { groupId: group.$id })])
    const assignees = [(await read(a.$id)).assigneeId, (await read(b.$id)).assigneeId]
    expect(assignees.filter((assignee) => assignee === hal.userId)).toHaveLength(1)
    expect(assignees.filter((assignee) => assignee === null)).toHaveLength(1)
    await closeAll([a, b])
  })

  it('lets only managers set strategies and caps, and members only their own availability', async () => {
    const group = await createGroup({ memberIds: [grace.userId] })
    expect(group.strategy).toBe(RoutingStrategy.manual)
    const refused = await rejection(changeGroup(grace, group.$id, { strategy: RoutingStrategy.roundRobin }))
    expect(refused.code).toBe(401)
    // A ticket in the group stays with nobody: the strategy did not change.
    expect((await intoGroup('Still manual', group.$id)).assigneeId).toBeNull()
    const tooBig = await rejection(changeGroup(ada, group.$id, { cap: 100_000 }))
    expect(tooBig.message).toContain(RoutingMessages.capRange)
    const stranger = await rejection(setAvailable(eve, false))
    expect(stranger.message).toBe(RoutingMessages.ownAvailabilityOnly)
    const board = await rejection(call(eve.client, 'get', `/routing/board?teamId=${workspace}`))
    expect(board.message).toBe(RoutingMessages.boardMembersOnly)
  })

  it('skills first hands a ticket to the agent holding its skills, says why, and skips them when away', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.roundRobin,
      skillsFirst: true,
      memberIds: [grace.userId, hal.userId],
      memberSkills: [
        { userId: grace.userId, skills: ['german'] },
        { userId: hal.userId, skills: ['Billing'] },
      ],
      skillRules: [{ skill: 'billing', categories: ['billing-payment'], languages: [], tags: ['invoice'] }],
    })
    const billed = await change((await fileTicket('Charged twice')).$id, {
      category: 'billing-payment',
      groupId: group.$id,
    })
    // Round robin alone would now pick Grace, who waited longer.
    const tagged = await change((await fileTicket('A copy of my invoice')).$id, {
      tags: ['Invoice'],
      groupId: group.$id,
    })
    expect([billed.assigneeId, tagged.assigneeId]).toEqual([hal.userId, hal.userId])
    const [decision] = await decisionsOf(tagged.$id)
    expect(decision?.needed).toEqual(['billing'])
    expect(decision?.candidates.map(({ userId, matched, missing }) => [userId, matched, missing])).toEqual([
      [grace.userId, [], ['billing']],
      [hal.userId, ['billing'], []],
    ])
    // A ticket needing no skill: round robin among all.
    const question = await intoGroup('A question', group.$id)
    expect(question.assigneeId).toBe(grace.userId)

    // The skilled agent away: the ticket goes to the rest rather than wait.
    await setAvailable(hal, false)
    const meanwhile = await change((await fileTicket('Invoice while Hal is away')).$id, {
      tags: ['invoice'],
      groupId: group.$id,
    })
    expect(meanwhile.assigneeId).toBe(grace.userId)
    const [skipped] = await decisionsOf(meanwhile.$id)
    expect(skipped?.candidates.find((candidate) => candidate.userId === hal.userId)?.skipped).toBe(
      RoutingSkip.away,
    )
    await setAvailable(hal, true)

    const stranger = await rejection(
      changeGroup(ada, group.$id, { memberSkills: [{ userId: eve.userId, skills: ['billing'] }] }),
    )
    expect(stranger.message).toContain(GroupMessages.memberNotMember)
    await closeAll([billed, tagged, question, meanwhile])
  })

  it('the board shows each agent’s skills and what a waiting ticket needs: a skill its only holder, away, has', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.roundRobin,
      cap: 1,
      skillsFirst: true,
      memberIds: [grace.userId, hal.userId],
      memberSkills: [
        { userId: grace.userId, skills: ['German', 'billing'] },
        { userId: hal.userId, skills: ['billing'] },
      ],
      skillRules: [{ skill: 'german', categories: [], languages: ['german'], tags: ['deutsch'] }],
    })
    await setAvailable(grace, false)
    const held = await intoGroup('Holds Hal’s cap', group.$id)
    expect(held.assigneeId).toBe(hal.userId)
    const plain = await intoGroup('Needs nobody in particular', group.$id)
    const german = await change((await fileTicket('Rechnung doppelt')).$id, {
      tags: ['Deutsch'],
      priority: 'high',
      groupId: group.$id,
    })
    expect(german.assigneeId).toBeNull()

    // Any member reads it, not only managers.
    const board = (await call(hal.client, 'get', `/routing/board?teamId=${workspace}`)) as TRoutingBoard
    const skillsOf = (userId: string) => board.agents.find((agent) => agent.userId === userId)?.skills
    expect(skillsOf(grace.userId)).toContainEqual({ groupId: group.$id, skills: ['german', 'billing'] })
    expect(skillsOf(hal.userId)).toContainEqual({ groupId: group.$id, skills: ['billing'] })
    const queue = board.groups.find((entry) => entry.groupId === group.$id)
    expect(queue).toMatchObject({ skillsFirst: true, queued: 2 })
    // Served high priority first; the German one waits for Grace, the only one with german, who is away.
    expect(queue?.waiting).toEqual([
      {
        ticketId: german.$id,
        number: german.number,
        subject: 'Rechnung doppelt',
        priority: 'high',
        needed: ['german'],
        holders: [{ userId: grace.userId, skipped: RoutingSkip.away }],
      },
      {
        ticketId: plain.$id,
        number: plain.number,
        subject: 'Needs nobody in particular',
        priority: null,
        needed: [],
        holders: [],
      },
    ])

    // Back available, Grace takes it, and the board lists what still waits.
    await setAvailable(grace, true)
    expect((await read(german.$id)).assigneeId).toBe(grace.userId)
    const after = (await call(hal.client, 'get', `/routing/board?teamId=${workspace}`)) as TRoutingBoard
    expect(after.groups.find((entry) => entry.groupId === group.$id)?.waiting.map((t) => t.ticketId)).toEqual(
      [plain.$id],
    )
    await closeAll([held, plain, german])
  })

  it('serves the queue by priority then age when a cap is raised, within the new cap, and when an agent joins', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.leastLoaded,
      cap: 1,
      memberIds: [hal.userId],
    })
    const first = await intoGroup('Holds the cap', group.$id)
    expect(first.assigneeId).toBe(hal.userId)
    const queued = async (subject: string, priority: string | null) =>
      change((await fileTicket(subject)).$id, { priority, groupId: group.$id })
    const low = await queued('Low and oldest', 'low')
    const none = await queued('No priority', null)
    const highOld = await queued('High and older', 'high')
    const highNew = await queued('High and newer', 'high')
    const waiting = [low, none, highOld, highNew]
    expect(waiting.map((ticket) => ticket.assigneeId)).toEqual([null, null, null, null])
    const assignees = async () =>
      Promise.all(waiting.map(async (ticket) => (await read(ticket.$id)).assigneeId))

    await changeGroup(ada, group.$id, { cap: 2 })
    expect(await assignees()).toEqual([null, null, hal.userId, null])
    expect((await decisionsOf(highOld.$id)).at(-1)).toMatchObject({ chosen: hal.userId, cap: 2 })

    await changeGroup(ada, group.$id, { cap: 3 })
    expect(await assignees()).toEqual([null, null, hal.userId, hal.userId])

    await changeGroup(ada, group.$id, { memberIds: [hal.userId, grace.userId] })
    expect(await assignees()).toEqual([grace.userId, grace.userId, hal.userId, hal.userId])
    await closeAll([first, ...waiting])
  })

  it('routes a mailed batch in one pass: its tickets alternate, and the batch counts against the cap', async () => {
    const group = await createGroup({
      strategy: RoutingStrategy.roundRobin,
      cap: 2,
      memberIds: [grace.userId, hal.userId],
    })
    const rule = await ada.databases.createDocument({
      ...RULES,
      documentId: ID.unique(),
      data: {
        teamId: workspace,
        name: 'Every mail into the routed group',
        kind: 'on-create',
        conditions: { type: 'group', match: 'all', conditions: [] },
        actions: [{ type: 'set-group', groupId: group.$id }],
      },
    })
    const mailbox = await readMailbox(ada)
    const subjects = ['Batch one', 'Batch two', 'Batch three', 'Batch four', 'Batch five']
    const ids = await deliverMails(
      server,
      mailbox.address,
      subjects.map((subject) => ({ subject, messageId: `${ID.unique()}@customer.example` })),
    )
    // All five in one ingest batch: one routing pass, with no database read between its tickets.
    await createTestProcessor(server).processInboundBatch(
      ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
    await ada.databases.deleteDocument({ ...RULES, documentId: rule.$id })
    const { documents } = await ada.databases.listDocuments<TTicket>({
      ...TICKETS,
      queries: [Query.equal('groupId', group.$id), Query.orderAsc('$sequence')],
    })
    const tickets = subjects.map((subject) => documents.find((ticket) => ticket.subject === subject))
    const [first, second, third, fourth, fifth] = tickets.map((ticket) => ticket?.assigneeId)
    expect(new Set([first, second])).toEqual(new Set([grace.userId, hal.userId]))
    expect([third, fourth]).toEqual([first, second])
    expect(fifth).toBeNull()
    const [waits] = await decisionsOf(tickets[4]?.$id ?? '')
    expect(waits?.candidates.map(({ load, skipped }) => [load, skipped])).toEqual([
      [2, RoutingSkip.full],
      [2, RoutingSkip.full],
    ])
    const [weighedThird] = await decisionsOf(tickets[2]?.$id ?? '')
    expect(weighedThird?.candidates.map(({ userId, load }) => [userId, load])).toEqual([
      [grace.userId, 1],
      [hal.userId, 1],
    ])
    await closeAll(tickets.filter((ticket) => ticket !== undefined))
  })
})
