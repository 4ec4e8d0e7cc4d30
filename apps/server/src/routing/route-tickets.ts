import {
  RoutingStrategy,
  TicketEventActor,
  TicketEventType,
  TicketStatus,
  type TRoutingDecision,
  type TTicketRow,
} from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { recordTicketEvents } from '../tickets/ticket-events'
import { lockTicket, updateLockedTicket } from '../tickets/ticket-repository'
import { chooseAgent } from './choose-agent'
import {
  findRoutedGroup,
  holdWorkspaceRouting,
  lastAssigneeOf,
  markAssigned,
  parseRoutedGroup,
  queuedTicketIds,
  readRoutingMembers,
  routedGroupsOfMember,
  type TRoutedGroup,
} from './routing-repository'
import { skillsByMember, skillsNeeded } from './skills'

const SYSTEM = { actorType: TicketEventActor.system, actorId: null } as const

/** A ticket routing looks at: in a group, nobody on it, not closed. */
const isRoutable = (ticket: TTicketRow) =>
  ticket.groupId !== null && ticket.assigneeId === null && ticket.status !== TicketStatus.closed

/**
 * Routes one locked ticket in its group: the decision is logged as a `routed` event, and an assignment as
 * the `assignee` event every assignment writes, by the system (so the database notifies the agent as for
 * any assignment, decision 048). A ticket nobody can take stays unassigned: it is the group's queue.
 * `preferred`: the agent a reopened ticket goes back to, when available and under cap.
 */
async function routeLocked(
  tx: TQueryable,
  ticket: TTicketRow,
  group: TRoutedGroup,
  preferred: string | null,
  logQueued: boolean,
): Promise<TTicketRow> {
  const skills = skillsByMember(group.memberSkills)
  const members = (await readRoutingMembers(tx, ticket.teamId, group.memberIds)).map((member) => ({
    ...member,
    skills: skills.get(member.userId) ?? [],
  }))
  const needed = group.skillsFirst ? skillsNeeded(group.skillRules, ticket) : null
  const rule = { strategy: group.strategy, cap: group.cap, needed }
  const back = preferred ? members.filter((member) => member.userId === preferred) : []
  const returned = back.length > 0 ? chooseAgent(rule, back).chosen : null
  const weighed = chooseAgent(rule, members)
  const chosen = returned ?? weighed.chosen
  if (chosen === null && !logQueued) return ticket
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
  if (chosen === null) {
    await recordTicketEvents(tx, [{ ...event, type: TicketEventType.routed, before: null, after: decision }])
    return ticket
  }
  const row = await updateLockedTicket(tx, ticket.id, { assigneeId: chosen })
  await markAssigned(tx, ticket.teamId, chosen)
  await recordTicketEvents(tx, [
    { ...event, type: TicketEventType.routed, before: null, after: decision },
    { ...event, type: TicketEventType.assignee, before: null, after: chosen },
  ])
  return row
}

/**
 * Routes the tickets given (the automation step, the rules' "route" action): each one in a group with a
 * strategy and nobody on it gets an agent or waits in the group's queue, its decision logged. Returns the
 * tickets as routed, in the order given. `reopened`: ids of tickets reopened, which go back to their agent.
 */
export async function routeTickets(
  tx: TQueryable,
  tickets: readonly TTicketRow[],
  reopened: ReadonlySet<string> = new Set(),
): Promise<TTicketRow[]> {
  const routed: TTicketRow[] = []
  // The lock is held until the transaction ends, and a group is read once per call: a batch's tickets
  // share both (decision 067's cost figures).
  const held = new Set<string>()
  const groups = new Map<string, TRoutedGroup | undefined>()
  for (const ticket of tickets) {
    if (!isRoutable(ticket) || ticket.groupId === null) {
      routed.push(ticket)
      continue
    }
    if (!held.has(ticket.teamId)) {
      await holdWorkspaceRouting(tx, ticket.teamId)
      held.add(ticket.teamId)
    }
    if (!groups.has(ticket.groupId)) groups.set(ticket.groupId, await findRoutedGroup(tx, ticket.groupId))
    const group = groups.get(ticket.groupId)
    const current = await lockTicket(tx, ticket.id)
    if (!group || group.strategy === RoutingStrategy.manual || !current || !isRoutable(current)) {
      routed.push(current ?? ticket)
      continue
    }
    const preferred = reopened.has(ticket.id) ? await lastAssigneeOf(tx, ticket.id) : null
    routed.push(await routeLocked(tx, current, group, preferred, true))
  }
  return routed
}

/**
 * An agent freed up in a workspace (back from away, a ticket of theirs closed or handed on, a cap
 * raised): the queues of their groups are served again, each in priority then age order, until nobody
 * in the group can take the next ticket. Returns the tickets it assigned, for the caller to announce.
 */
export async function drainQueuesOf(tx: TQueryable, teamId: string, userId: string): Promise<TTicketRow[]> {
  await holdWorkspaceRouting(tx, teamId)
  const assigned: TTicketRow[] = []
  for (const group of await routedGroupsOfMember(tx, teamId, userId)) {
    assigned.push(...(await drainGroup(tx, group)))
  }
  return assigned
}

/** Serves one group's queue (the workspace's routing held by the caller). */
export async function drainGroup(tx: TQueryable, group: TRoutedGroup): Promise<TTicketRow[]> {
  const assigned: TTicketRow[] = []
  for (const ticketId of await queuedTicketIds(tx, group.id)) {
    const ticket = await lockTicket(tx, ticketId)
    if (!ticket || !isRoutable(ticket)) continue
    const row = await routeLocked(tx, ticket, group, null, false)
    // Nobody could take it: nobody can take those behind it either.
    if (row.assigneeId === null) break
    assigned.push(row)
  }
  return assigned
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
  tx: TQueryable,
  change: { before: unknown; after: unknown },
): Promise<TTicketRow[]> {
  const before = parseRoutedGroup(change.before)
  const after = parseRoutedGroup(change.after)
  if (after.strategy === RoutingStrategy.manual || !servesQueue(before, after)) return []
  await holdWorkspaceRouting(tx, after.teamId)
  return drainGroup(tx, after)
}
