import { BoardLimits, RoutingSkip, type TBoardWaitingTicket, type TRoutingBoard } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TRoutingMember } from './choose-agent'
import {
  readBoardGroups,
  readRoutingMembers,
  readWaitingTickets,
  type TBoardGroup,
  type TWaitingRow,
} from './routing-repository'
import { skillsByMember, skillsNeeded } from './skills'

/**
 * A waiting ticket as the board lists it: with skills first, the skills it needs and the members holding
 * all of them, each with why routing passes them over now (away, full) or null when they could take it;
 * so a manager reads "waits for someone with german: Grace has it, away". Without skills first routing
 * reads no skill, so the board names none.
 */
export function describeWaiting(
  ticket: TWaitingRow,
  group: TBoardGroup,
  members: ReadonlyMap<string, TRoutingMember>,
): TBoardWaitingTicket {
  const subject = { ...ticket, analysis: ticket.language === null ? null : { language: ticket.language } }
  const needed = group.skillsFirst ? skillsNeeded(group.skillRules, subject) : []
  const skills = skillsByMember(group.memberSkills)
  const holders = group.memberIds.flatMap((userId) => {
    const member = members.get(userId)
    const held = new Set(skills.get(userId) ?? [])
    if (needed.length === 0 || !member || !needed.every((skill) => held.has(skill))) return []
    const skipped = !member.available ? RoutingSkip.away : member.load >= group.cap ? RoutingSkip.full : null
    return [{ userId, skipped }]
  })
  const { id, number, subject: title, priority } = ticket
  return { ticketId: id, number, subject: title, priority, needed, holders }
}

/**
 * The agent board of a workspace (decisions 052, 067): its groups with a strategy, each with how many
 * tickets wait and the first of them with the skills they need; every member of those groups with their
 * availability, unclosed tickets and skills in each group. Four statements, whatever the queues hold.
 */
export async function readRoutingBoard(tx: TQueryable, teamId: string): Promise<TRoutingBoard> {
  const groups = await readBoardGroups(tx, teamId)
  const memberIds = [...new Set(groups.flatMap((group) => group.memberIds))]
  const members = new Map(
    (await readRoutingMembers(tx, teamId, memberIds)).map((member) => [member.userId, member]),
  )
  const waiting = await readWaitingTickets(
    tx,
    groups.filter((group) => group.queued > 0).map((group) => group.id),
    BoardLimits.waitingListed,
  )
  return {
    agents: [...members.values()].map(({ userId, available, load }) => ({
      userId,
      available,
      load,
      skills: groups.flatMap((group) => {
        const skills = skillsByMember(group.memberSkills).get(userId) ?? []
        return group.memberIds.includes(userId) && skills.length > 0
          ? [{ groupId: group.id, skills: [...skills] }]
          : []
      }),
    })),
    groups: groups.map((group) => ({
      groupId: group.id,
      name: group.name,
      strategy: group.strategy,
      cap: group.cap,
      skillsFirst: group.skillsFirst,
      memberIds: group.memberIds,
      queued: group.queued,
      waiting: waiting
        .filter((ticket) => ticket.groupId === group.id)
        .map((ticket) => describeWaiting(ticket, group, members)),
    })),
  }
}
