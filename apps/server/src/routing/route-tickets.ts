import {
  RoutingStrategy,
  TicketEventActor,
  TicketEventType,
  TicketStatus,
  type TRoutingDecision,
  type TTicketRow,
} from '@parsedesk/contracts'
import type { TQueryable, TTransaction } from '../db/database'
import {
  changesWait,
  changeTickets,
  eventsWait,
  flushTicketChanges,
  flushTicketEvents,
  recordTicketEvents,
  type TNewTicketEvent,
} from '../tickets/ticket-events'
import { lockTickets } from '../tickets/ticket-repository'
import { chooseAgent, type TRoutingMember } from './choose-agent'
import {
  holdRoutedGroups,
  holdWorkspaceRouting,
  lastAssigneesOf,
  parseRoutedGroup,
  queuedTicketIds,
  readRoutingMembers,
  routedGroupsOfMember,
  type TRoutedGroup,
} from './routing-repository'
import { skillsByMember, skillsNeeded } from './skills'

const SYSTEM = { actorType: TicketEventActor.system, actorId: null } as const

/** What an agent's load counts: the tickets on them that are not closed. */
const LOAD_FIELDS = ['assigneeId', 'status'] as const

/** A ticket routing looks at: in a group, nobody on it, not closed. */
const isRoutable = (ticket: TTicketRow) =>
  ticket.groupId !== null && ticket.assigneeId === null && ticket.status !== TicketStatus.closed

const routes = (group: TRoutedGroup | undefined): group is TRoutedGroup =>
  group !== undefined && group.strategy !== RoutingStrategy.manual

/**
 * One routing pass over tickets of workspaces whose routing the transaction holds (decision 067's cost):
 * each workspace's members are read once, each assignment then counts forward in memory (the agent's load
 * one higher, their last routed time the latest), so a batch's tickets alternate and fill caps as if routed
 * one at a time; `write` stores every assignment and every decision in one statement each. The database
 * keeps each member's last routed time as it inserts the decisions (migration 065).
 */
function createRoutingPass(tx: TTransaction) {
  const membersByTeam = new Map<string, Map<string, TRoutingMember>>()
  const assignments = new Map<string, { row: TTicketRow; assigneeId: string }>()
  const events: TNewTicketEvent[] = []
  // Times strictly after every last routed time read, so the pass's own assignments are the latest.
  let clock = Date.now()

  /** Members read with their group (`holdRoutedGroups`), so `load` need not read them again. */
  function know(teamId: string, members: readonly TRoutingMember[]): void {
    const team = membersByTeam.get(teamId) ?? new Map<string, TRoutingMember>()
    for (const member of members) {
      if (team.has(member.userId)) continue
      team.set(member.userId, member)
      if (member.lastAssignedAt) clock = Math.max(clock, Date.parse(member.lastAssignedAt))
    }
    membersByTeam.set(teamId, team)
  }

  async function load(groups: readonly TRoutedGroup[]): Promise<void> {
    const wanted = new Map<string, Set<string>>()
    for (const group of groups) {
      const known = membersByTeam.get(group.teamId)
      const ids = wanted.get(group.teamId) ?? new Set<string>()
      for (const userId of group.memberIds) if (!known?.has(userId)) ids.add(userId)
      wanted.set(group.teamId, ids)
    }
    for (const [teamId, ids] of wanted) {
      if (ids.size === 0) continue
      const members = membersByTeam.get(teamId) ?? new Map<string, TRoutingMember>()
      for (const member of await readRoutingMembers(tx, teamId, [...ids])) {
        members.set(member.userId, member)
        if (member.lastAssignedAt) clock = Math.max(clock, Date.parse(member.lastAssignedAt))
      }
      membersByTeam.set(teamId, members)
    }
  }

  /**
   * Routes one locked ticket in its group (members loaded): the decision is a `routed` event, an assignment
   * the `assignee` event every assignment writes, by the system (so the database notifies the agent as for
   * any assignment, decision 048). A ticket nobody can take stays unassigned: it is the group's queue.
   * `preferred`: the agent a reopened ticket goes back to, when available and under cap. Returns the agent.
   */
  function route(
    ticket: TTicketRow,
    group: TRoutedGroup,
    preferred: string | null,
    logQueued: boolean,
  ): string | null {
    const team = membersByTeam.get(group.teamId) ?? new Map<string, TRoutingMember>()
    const skills = skillsByMember(group.memberSkills)
    const members = group.memberIds.flatMap((userId) => {
      const member = team.get(userId)
      return member ? [{ ...member, skills: skills.get(userId) ?? [] }] : []
    })
    const needed = group.skillsFirst ? skillsNeeded(group.skillRules, ticket) : null
    const rule = { strategy: group.strategy, cap: group.cap, needed }
    const back = preferred ? members.filter((member) => member.userId === preferred) : []
    const returned = back.length > 0 ? chooseAgent(rule, back).chosen : null
    const weighed = chooseAgent(rule, members)
    const chosen = returned ?? weighed.chosen
    if (chosen === null && !logQueued) return null
    const decision: TRoutingDecision = {
      groupId: group.id,
      strategy: group.strategy,
      cap: group.cap,
      chosen,
      reopened: returned !== null,
      ...(needed === null ? {} : { needed }),
      candidates: weighed.candidates,
    }
    const event = { ticketId: ticket.id, teamId: ticket.teamId, ...SYSTEM }
    events.push({ ...event, type: TicketEventType.routed, before: null, after: decision })
    const agent = chosen === null ? undefined : team.get(chosen)
    if (chosen === null || !agent) return null
    clock += 1
    team.set(chosen, { ...agent, load: agent.load + 1, lastAssignedAt: new Date(clock).toISOString() })
    assignments.set(ticket.id, { row: ticket, assigneeId: chosen })
    events.push({ ...event, type: TicketEventType.assignee, before: null, after: chosen })
    return chosen
  }

  /**
   * Stores the pass (its assignments with the run's other changes, when in one: `changeTickets`); returns
   * the assigned tickets as changed, by id.
   */
  async function write(): Promise<Map<string, TTicketRow>> {
    const changed = await changeTickets(
      tx,
      [...assignments.values()].map(({ row, assigneeId }) => ({ row, changes: { assigneeId } })),
    )
    await recordTicketEvents(tx, events)
    return new Map(changed.map((row) => [row.id, row]))
  }

  return { know, load, route, write }
}

/**
 * Whether a pass earlier in this transaction assigned tickets whose decisions wait unwritten: the members'
 * last routed times are marked by the decisions' insert (migration 065), so a pass must write them first.
 */
const marksWait = (tx: TTransaction) =>
  eventsWait(tx, (event) => event.type === TicketEventType.routed && event.after.chosen !== null)

/** Holds routing in each workspace, in a fixed order so two transactions never wait on each other. */
async function holdRouting(tx: TQueryable, teamIds: Iterable<string>): Promise<void> {
  for (const teamId of [...new Set(teamIds)].sort()) await holdWorkspaceRouting(tx, teamId)
}

/**
 * Routes the tickets given (the automation step, the rules' "route" action) in one pass: each one in a
 * group with a strategy and nobody on it gets an agent or waits in the group's queue, its decision logged.
 * Returns the tickets as routed, in the order given. `reopened`: ids of tickets reopened, which go back to
 * their agent. `created`: ids of tickets this transaction created, given as it last wrote them: no other
 * transaction can see them, so they need no lock and no second read.
 */
export async function routeTickets(
  tx: TTransaction,
  tickets: readonly TTicketRow[],
  reopened: ReadonlySet<string> = new Set(),
  created: ReadonlySet<string> = new Set(),
): Promise<TTicketRow[]> {
  const candidates = tickets.filter(isRoutable)
  if (candidates.length === 0) return [...tickets]
  // Loads count what the run assigned or closed before (a group, a ticket's other changes are in memory):
  // written under the lock, taken before any ticket this transaction did not create is locked (decision 052).
  // An earlier pass's marks too, with the rows as the run left them (the decisions' triggers read them).
  const marks = marksWait(tx)
  if (marks || changesWait(tx, LOAD_FIELDS)) {
    await holdRouting(
      tx,
      candidates.map((ticket) => ticket.teamId),
    )
    await flushTicketChanges(tx, marks ? undefined : LOAD_FIELDS)
    if (marks) await flushTicketEvents(tx)
  }
  // The lock (again, if taken above) and the read, in one round trip; held until the transaction ends.
  const found = await holdRoutedGroups(
    tx,
    candidates.flatMap((ticket) => (ticket.groupId ? [ticket.groupId] : [])),
  )
  const groups = new Map([...found].map(([id, { group }]) => [id, group]))
  const inRoutedGroup = candidates.filter((ticket) => routes(groups.get(ticket.groupId ?? '')))
  const locked = new Map(
    inRoutedGroup.filter((ticket) => created.has(ticket.id)).map((ticket) => [ticket.id, ticket]),
  )
  const existing = inRoutedGroup.filter((ticket) => !created.has(ticket.id)).map((ticket) => ticket.id)
  if (existing.length > 0) await flushTicketChanges(tx)
  for (const row of await lockTickets(tx, existing)) locked.set(row.id, row)
  const reopenedIds = inRoutedGroup.filter((ticket) => reopened.has(ticket.id)).map((ticket) => ticket.id)
  // Their last assignment may be among the events this run has not written yet.
  if (reopenedIds.length > 0) await flushTicketEvents(tx)
  const preferred = await lastAssigneesOf(tx, reopenedIds)
  const pass = createRoutingPass(tx)
  for (const { group, members } of found.values()) pass.know(group.teamId, members)
  await pass.load([...groups.values()].filter(routes))
  // A ticket given twice (two answers of one batch) is routed once, as the first would have left it.
  const seen = new Set<string>()
  for (const ticket of inRoutedGroup) {
    const current = locked.get(ticket.id)
    const group = groups.get(current?.groupId ?? '')
    if (seen.has(ticket.id) || !current || !isRoutable(current) || !routes(group)) continue
    seen.add(ticket.id)
    pass.route(current, group, preferred.get(ticket.id) ?? null, true)
  }
  const written = await pass.write()
  return tickets.map((ticket) => written.get(ticket.id) ?? locked.get(ticket.id) ?? ticket)
}

/**
 * Serves the groups' queues (the workspace's routing held by the caller), each in priority then age order,
 * until nobody in the group can take the next ticket; a ticket another transaction is changing is passed
 * over (below). Returns the tickets it assigned.
 */
async function drainGroups(tx: TTransaction, groups: readonly TRoutedGroup[]): Promise<TTicketRow[]> {
  // The queues, loads and last routed times are read as the run left them.
  await flushTicketChanges(tx)
  if (marksWait(tx)) await flushTicketEvents(tx)
  const queues = await queuedTicketIds(
    tx,
    groups.map((group) => group.id),
  )
  // A queued ticket another transaction is changing is passed over. Waiting could deadlock: a member's
  // change, a scheduled rule or a customer's answer that routes locks its ticket first and routing second,
  // where this holds routing first; each of those routes the ticket itself once this commits. Any other
  // change (a tag, the analysis stored) leaves it for the queue's next serving (decision 067, Session 22).
  const locked = new Map(
    (await lockTickets(tx, [...queues.values()].flat(), 'skip')).map((row) => [row.id, row] as const),
  )
  const pass = createRoutingPass(tx)
  await pass.load(groups)
  const order: string[] = []
  for (const group of groups) {
    for (const ticketId of queues.get(group.id) ?? []) {
      const ticket = locked.get(ticketId)
      if (!ticket || !isRoutable(ticket)) continue
      // Nobody could take it: nobody can take those behind it either.
      if (pass.route(ticket, group, null, false) === null) break
      order.push(ticketId)
    }
  }
  const written = await pass.write()
  return order.flatMap((id) => written.get(id) ?? [])
}

/**
 * An agent freed up in a workspace (back from away, a ticket of theirs closed or handed on, a cap
 * raised): the queues of their groups are served again, each in priority then age order, until nobody
 * in the group can take the next ticket. Returns the tickets it assigned, for the caller to announce.
 */
export async function drainQueuesOf(tx: TTransaction, teamId: string, userId: string): Promise<TTicketRow[]> {
  await holdWorkspaceRouting(tx, teamId)
  return drainGroups(tx, await routedGroupsOfMember(tx, teamId, userId))
}

/** What a group change touches that may let its queue move: the strategy, the cap, the members. */
const servesQueue = (before: TRoutedGroup, after: TRoutedGroup) =>
  before.strategy !== after.strategy ||
  after.cap > before.cap ||
  after.memberIds.some((userId) => !before.memberIds.includes(userId))

/**
 * A manager changed a group: when it routes and someone may have freed up for it (its cap raised, an
 * agent joined it, a strategy set), its queue is served in priority then age order within the caps.
 * Returns the tickets it assigned, for the caller to announce.
 */
export async function serveChangedGroup(
  tx: TTransaction,
  change: { before: unknown; after: unknown },
): Promise<TTicketRow[]> {
  const before = parseRoutedGroup(change.before)
  const after = parseRoutedGroup(change.after)
  if (after.strategy === RoutingStrategy.manual || !servesQueue(before, after)) return []
  await holdWorkspaceRouting(tx, after.teamId)
  return drainGroups(tx, [after])
}
