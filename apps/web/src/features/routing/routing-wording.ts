import {
  RoutingSkip,
  RoutingStrategyLabels,
  type TGroupAttributes,
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

/** A routed group as the board reads its skills: its name and each member's skills in it. */
type TSkilledGroup = Pick<TGroupAttributes, 'name' | 'memberSkills'>

/**
 * An agent's skills on the agent board, from the routed groups they work in: the skills alone when the
 * board has one routed group, each group's named ("Billing: billing, german; Tier 2: english") when it has
 * more, since a skill is a group's (decision 067); null when they have none.
 */
export function agentSkills(userId: string, groups: readonly TSkilledGroup[]): string | null {
  const held = groups.flatMap((group) => {
    const skills = group.memberSkills.find((entry) => entry.userId === userId)?.skills ?? []
    return skills.length > 0 ? [{ group: group.name, skills: skills.join(', ') }] : []
  })
  if (held.length === 0) return null
  if (groups.length === 1) return held[0]?.skills ?? null
  return held.map((entry) => `${entry.group}: ${entry.skills}`).join('; ')
}
