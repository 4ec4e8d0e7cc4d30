import { RoutingSkip, RoutingStrategy, type TRoutingDecision } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { agentSkills, explainRouting } from './routing-wording'

const names: Record<string, string> = { ada: 'Ada', hal: 'Hal', grace: 'Grace' }
const member = (userId: string) => names[userId]

const decision = (chosen: string | null, reopened = false): TRoutingDecision => ({
  groupId: 'billing',
  strategy: RoutingStrategy.leastLoaded,
  cap: 2,
  chosen,
  reopened,
  candidates: [
    { userId: 'ada', load: 1, lastAssignedAt: null, skipped: null },
    { userId: 'hal', load: 0, lastAssignedAt: null, skipped: RoutingSkip.away },
    { userId: 'grace', load: 2, lastAssignedAt: null, skipped: RoutingSkip.full },
  ],
})

describe('a routing decision on the timeline', () => {
  it('says whom it chose, by which strategy, and why the others were passed over', () => {
    expect(explainRouting(decision('ada'), member)).toBe(
      'Routed to Ada by least loaded (Ada 1 of 2 open; Hal away; Grace full, 2 of 2 open)',
    )
  })

  it('says a ticket nobody can take waits in the queue', () => {
    expect(explainRouting(decision(null), member)).toBe(
      'Waiting in the group’s queue: nobody can take it (Ada 1 of 2 open; Hal away; Grace full, 2 of 2 open)',
    )
  })

  it('says a reopened ticket went back to its agent, and names a former member', () => {
    expect(explainRouting({ ...decision('gone', true) }, member)).toMatch(/^Routed back to A former member/)
  })

  it('with skills first, says what the ticket needs and which skills each member has or lacks', () => {
    const skilled: TRoutingDecision = {
      ...decision('hal'),
      strategy: RoutingStrategy.roundRobin,
      needed: ['billing', 'german'],
      candidates: [
        {
          userId: 'ada',
          load: 1,
          lastAssignedAt: null,
          skipped: null,
          matched: [],
          missing: ['billing', 'german'],
        },
        {
          userId: 'hal',
          load: 0,
          lastAssignedAt: null,
          skipped: null,
          matched: ['billing', 'german'],
          missing: [],
        },
      ],
    }
    expect(explainRouting(skilled, member)).toBe(
      'Routed to Hal by skills first, then round robin (needs billing, german; Ada 1 of 2 open, lacks billing, german; Hal 0 of 2 open, has billing, german)',
    )
  })
})

describe("an agent's skills on the board", () => {
  const billing = {
    name: 'Billing',
    memberSkills: [
      { userId: 'ada', skills: ['billing', 'german'] },
      { userId: 'hal', skills: [] },
    ],
  }
  const tier2 = { name: 'Tier 2', memberSkills: [{ userId: 'ada', skills: ['english'] }] }

  it('lists them plainly when one group routes, and by group when several do', () => {
    expect(agentSkills('ada', [billing])).toBe('billing, german')
    expect(agentSkills('ada', [billing, tier2])).toBe('Billing: billing, german; Tier 2: english')
  })

  it('has none for an agent given no skill in any routed group', () => {
    expect(agentSkills('hal', [billing, tier2])).toBeNull()
    expect(agentSkills('grace', [billing])).toBeNull()
  })
})
