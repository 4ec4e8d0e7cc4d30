import {
  RoutingSkip,
  RoutingStrategyLabels,
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
