import {
  RoutingSkip,
  RoutingStrategyLabels,
  type TBoardWaitingTicket,
  type TRoutingBoard,
  type TRoutingCandidate,
  type TRoutingDecision,
} from '@parsedesk/contracts'

/** Names a member; a member gone from the workspace is still someone routing weighed. */
type TMemberName = (userId: string) => string | undefined

/** What a member holds of the skills a ticket needs, when the group routes by skills. */
function skillsOf(candidate: TRoutingCandidate): string {
  const parts = [
    ...(candidate.matched?.length ? [`has ${candidate.matched.join(', ')}`] : []),
    ...(candidate.missing?.length ? [`lacks ${candidate.missing.join(', ')}`] : []),
  ]
  return parts.length > 0 ? `, ${parts.join(', ')}` : ''
}

/**
 * A routing decision (a ticket's `routed` event) as one sentence on the timeline: whom it chose and by
 * which strategy, or that the ticket waits in the group's queue, then the skills the ticket needs (with
 * skills first) and each member weighed with their load against the cap or why they were skipped, and
 * which needed skills they have or lack, so "why Ada?" reads off the ticket.
 */
export function explainRouting(decision: TRoutingDecision, member: TMemberName): string {
  const name = (userId: string) => member(userId) ?? 'A former member'
  const weighed = decision.candidates
    .map((candidate) => {
      const state =
        candidate.skipped === RoutingSkip.away
          ? 'away'
          : `${candidate.skipped === RoutingSkip.full ? 'full, ' : ''}${candidate.load} of ${decision.cap} open`
      return `${name(candidate.userId)} ${state}${skillsOf(candidate)}`
    })
    .join('; ')
  const needs = decision.needed
    ? `${decision.needed.length > 0 ? `needs ${decision.needed.join(', ')}` : 'needs no skill'}; `
    : ''
  const why = `(${needs}${weighed})`
  const label = RoutingStrategyLabels[decision.strategy].toLowerCase()
  const strategy = decision.needed ? `skills first, then ${label}` : label
  if (decision.chosen === null) return `Waiting in the group’s queue: nobody can take it ${why}`
  if (decision.reopened) return `Routed back to ${name(decision.chosen)}, who had it before ${why}`
  return `Routed to ${name(decision.chosen)} by ${strategy} ${why}`
}

/** An agent's skills in one group, as the board's answer lists them. */
type TAgentSkills = TRoutingBoard['agents'][number]['skills']

/**
 * An agent's skills on the agent board, grouped: the skills alone (group null) when the board has one
 * routed group, each group's named when it has more, since a skill is a group's (decision 067) and
 * "billing" in two groups may mean two depths. Empty when they have none.
 */
export function agentSkills(
  skills: TAgentSkills,
  groups: readonly Pick<TRoutingBoard['groups'][number], 'groupId' | 'name'>[],
): { groupId: string; group: string | null; skills: string[] }[] {
  return skills.map((entry) => ({
    groupId: entry.groupId,
    group:
      groups.length === 1 ? null : (groups.find((group) => group.groupId === entry.groupId)?.name ?? null),
    skills: entry.skills,
  }))
}

/** "a", "a or b", "a, b or c". */
const either = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`

/**
 * Who a waiting ticket waits for, beside the skills it needs on the board: the members holding them who
 * could take it, or those holding them and why they cannot now, or that nobody in the group holds them;
 * null when it needs no skill (it waits for anyone).
 */
export function waitingFor(ticket: TBoardWaitingTicket, member: TMemberName): string | null {
  if (ticket.needed.length === 0) return null
  const name = (userId: string) => member(userId) ?? 'A former member'
  const ready = ticket.holders.filter((holder) => holder.skipped === null)
  if (ready.length > 0) return `${either(ready.map((holder) => name(holder.userId)))} can take it`
  if (ticket.holders.length > 0) {
    // Each is away or full: the reason reads as it is ("Grace (away)").
    const held = ticket.holders.map((holder) => `${name(holder.userId)} (${holder.skipped})`)
    return `Waits for ${either(held)}`
  }
  const skills = ticket.needed.length === 1 ? ticket.needed[0] : `all of ${ticket.needed.join(', ')}`
  return `Nobody in the group has ${skills}`
}
