import {
  RoutingSkip,
  RoutingStrategy,
  type TRoutingCandidate,
  type TRoutingStrategy,
} from '@parsedesk/contracts'

/** A group member as routing reads them: available or away, their unclosed tickets, their last routed one. */
export type TRoutingMember = {
  userId: string
  available: boolean
  load: number
  lastAssignedAt: string | null
  /** Their skills in the group (empty without skills). */
  skills?: readonly string[]
}

/** How a group weighs its members: its strategy and cap, and with skills first the skills a ticket needs. */
export type TRoutingRule = {
  strategy: TRoutingStrategy
  cap: number
  /** Null: the group does not route by skills. */
  needed: readonly string[] | null
}

/**
 * Weighs a group's members for one ticket (pure, so its order is tested without a database): away and
 * full members are skipped and say why. With skills first, those holding every needed skill come before
 * the rest (each says which needed skills they have and lack). Then round robin takes the longest since
 * their last routed ticket (never routed first), least loaded the fewest unclosed tickets, ties by the
 * same wait. Ties after that fall to the group's member order, so a decision replays the same.
 */
export function chooseAgent(
  rule: TRoutingRule,
  members: readonly TRoutingMember[],
): { chosen: string | null; candidates: TRoutingCandidate[] } {
  const { strategy, cap, needed } = rule
  const candidates = members.map((member): TRoutingCandidate => {
    const weighed: TRoutingCandidate = {
      userId: member.userId,
      load: member.load,
      lastAssignedAt: member.lastAssignedAt,
      skipped: !member.available ? RoutingSkip.away : member.load >= cap ? RoutingSkip.full : null,
    }
    if (needed === null) return weighed
    const held = new Set(member.skills ?? [])
    return {
      ...weighed,
      matched: needed.filter((skill) => held.has(skill)),
      missing: needed.filter((skill) => !held.has(skill)),
    }
  })
  const eligible = candidates
    .map((candidate, index) => ({ candidate, index }))
    .filter(({ candidate }) => candidate.skipped === null)
  const lacking = (candidate: TRoutingCandidate) => ((candidate.missing?.length ?? 0) > 0 ? 1 : 0)
  const waited = (at: string | null) => (at === null ? Number.NEGATIVE_INFINITY : Date.parse(at))
  eligible.sort(
    (a, b) =>
      lacking(a.candidate) - lacking(b.candidate) ||
      (strategy === RoutingStrategy.leastLoaded ? a.candidate.load - b.candidate.load : 0) ||
      waited(a.candidate.lastAssignedAt) - waited(b.candidate.lastAssignedAt) ||
      a.index - b.index,
  )
  return { chosen: eligible[0]?.candidate.userId ?? null, candidates }
}
