import { RuleLimits, TicketEventType, type TTicketRow, ZRuleAttributes } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { AutomationTrigger } from '../tickets/ticket-automation'
import { effectiveChanges } from './rule-actions'
import type { TRuleRow } from './rule-repository'
import { runTicketRules } from './rules-step'

const rule = (name: string, position: number, attributes: Record<string, unknown>): TRuleRow => ({
  ...ZRuleAttributes.parse({
    teamId: 'ws',
    name,
    enabled: true,
    kind: 'on-create',
    position,
    stopHere: false,
    conditions: { type: 'group', match: 'all', conditions: [] },
    webhookSecret: null,
    ...attributes,
  }),
  id: name,
  seq: position,
  scoped_seq: position,
  created_at: new Date(0),
  updated_at: new Date(0),
  permissions: [],
  read_roles: [],
})

// Only what rules read and set; the rest of a row (body, raw mail) plays no part in the run.
const ticket = {
  id: 't1',
  teamId: 'ws',
  status: 'open',
  priority: 'low',
  category: null,
  groupId: null,
  assigneeId: null,
  tags: [],
  email: 'customer@example.com',
  customFields: {},
} as unknown as TTicketRow

describe('one ticket’s rules, run in memory', () => {
  it('lets a later rule read what an earlier one changed, and writes nothing for a field set back', () => {
    const rules = [
      rule('Raise', 1, { actions: [{ type: 'set-priority', priority: 'high' }] }),
      rule('Tag the raised', 2, {
        conditions: {
          type: 'group',
          match: 'all',
          conditions: [{ type: 'condition', field: 'ticket.priority', operator: 'equals', value: 'high' }],
        },
        actions: [{ type: 'add-tags', tags: ['raised'] }],
      }),
      rule('Lower again', 3, { actions: [{ type: 'set-priority', priority: 'low' }] }),
    ]
    const run = runTicketRules(
      { ticket, trigger: AutomationTrigger.created, before: null, mail: null, memberId: null },
      rules,
      { requesterName: null, lastCustomerAt: null, lastAgentAt: null, sla: {} } as never,
      new Date(),
    )
    // "Tag the raised" read the priority "Raise" had just set in the same pass.
    expect(run.ticket.tags).toEqual(['raised'])
    // Raised and lowered in every pass until the cap, which the log says.
    expect(run.ticket.priority).toBe('low')
    expect(run.events.filter((event) => event.type === TicketEventType.rulePassCap)).toHaveLength(1)
    expect(run.events.filter((event) => event.type === TicketEventType.ruleEvaluated).length).toBeGreaterThan(
      RuleLimits.passes,
    )
    expect(effectiveChanges(ticket, run.changed)).toEqual({ tags: ['raised'] })
  })
})
