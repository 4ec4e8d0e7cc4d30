import { RoutingSkip, RoutingStrategy, type TRoutingDecision } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { agentSkills, explainRouting, waitingFor } from './routing-wording'

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
  const groups = [
    { groupId: 'billing', name: 'Billing' },
    { groupId: 'tier2', name: 'Tier 2' },
  ]
  const skills = [
    { groupId: 'billing', skills: ['billing', 'german'] },
    { groupId: 'tier2', skills: ['english'] },
  ]

  it('lists them alone when one group routes, and named by group when several do', () => {
    expect(agentSkills(skills.slice(0, 1), groups.slice(0, 1))).toEqual([
      { groupId: 'billing', group: null, skills: ['billing', 'german'] },
    ])
    expect(agentSkills(skills, groups)).toEqual([
      { groupId: 'billing', group: 'Billing', skills: ['billing', 'german'] },
      { groupId: 'tier2', group: 'Tier 2', skills: ['english'] },
    ])
  })

  it('has none for an agent given no skill in any routed group', () => {
    expect(agentSkills([], groups)).toEqual([])
  })
})

describe('who a waiting ticket waits for on the board', () => {
  const ticket = { ticketId: 't', number: 12, subject: 'Rechnung', priority: null }
  const names: Record<string, string> = { ada: 'Ada', hal: 'Hal' }
  const member = (userId: string) => names[userId]

  it('says nothing of a ticket needing no skill', () => {
    expect(waitingFor({ ...ticket, needed: [], holders: [] }, member)).toBeNull()
  })

  it('names who holds the skills and could take it, or why they cannot now', () => {
    const away = { userId: 'ada', skipped: RoutingSkip.away }
    const holders = [away, { userId: 'hal', skipped: null }]
    expect(waitingFor({ ...ticket, needed: ['german'], holders }, member)).toBe('Hal can take it')
    expect(
      waitingFor(
        {
          ...ticket,
          needed: ['german'],
          holders: [away, { userId: 'gone', skipped: RoutingSkip.full }],
        },
        member,
      ),
    ).toBe('Waits for Ada (away) or A former member (full)')
  })

  it('says when nobody in the group holds them', () => {
    expect(waitingFor({ ...ticket, needed: ['german'], holders: [] }, member)).toBe(
      'Nobody in the group has german',
    )
    expect(waitingFor({ ...ticket, needed: ['german', 'billing'], holders: [] }, member)).toBe(
      'Nobody in the group has all of german, billing',
    )
  })
})
