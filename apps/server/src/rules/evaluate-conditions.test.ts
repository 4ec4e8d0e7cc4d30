import {
  lintRules,
  RuleMessages,
  type TRuleAction,
  type TRuleCondition,
  type TRuleGroup,
  ZRuleDraft,
} from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { evaluateGroup } from './evaluate-conditions'
import type { TRuleFacts } from './rule-facts'

const NOW = new Date('2026-11-28T12:00:00Z')

const ticket = {
  status: 'open',
  priority: 'low',
  category: 'billing',
  groupId: null,
  assigneeId: null,
  tags: ['vip'],
  email: 'ada@customer.example',
  created_at: new Date('2026-11-28T06:00:00Z'),
  customFields: { orderNumber: '12345', amount: 250 },
} satisfies TRuleFacts['ticket']

const MAIL: NonNullable<TRuleFacts['mail']> = {
  messageId: 'm@x',
  subject: 'Invoice overdue: please call',
  body: 'Our order #12345 never arrived.',
  from: 'ada@customer.example',
  recipients: ['support@inbound.test'],
  headers: { 'x-priority': '1' },
  attachmentNames: ['invoice.pdf'],
  channel: 'email',
  automatic: false,
  dmarcFailed: false,
}

const facts = (overrides: Partial<TRuleFacts> = {}): TRuleFacts => ({
  ticket,
  before: null,
  mail: MAIL,
  reply: false,
  requesterName: 'Ada',
  lastCustomerAt: new Date('2026-11-28T09:00:00Z'),
  lastAgentAt: null,
  sla: {},
  now: NOW,
  ...overrides,
})

const condition = (
  c: Partial<TRuleCondition> & Pick<TRuleCondition, 'field' | 'operator'>,
): TRuleCondition => ({
  type: 'condition',
  key: null,
  value: null,
  negate: false,
  ...c,
})
const holds = (c: Parameters<typeof condition>[0], f = facts()) =>
  evaluateGroup({ type: 'group', match: 'all', conditions: [condition(c)] }, f).matched

describe('rule conditions', () => {
  it('reads the message, the ticket, the requester and the clock with each operator', () => {
    expect(holds({ field: 'message.subject', operator: 'contains', value: 'INVOICE' })).toBe(true)
    expect(holds({ field: 'message.subject', operator: 'any-words', value: ['voice', 'call'] })).toBe(true)
    expect(holds({ field: 'message.subject', operator: 'none-words', value: ['voice'] })).toBe(true)
    expect(holds({ field: 'message.body', operator: 'regex', value: '#\\d{5}' })).toBe(true)
    expect(holds({ field: 'message.header', key: 'X-Priority', operator: 'equals', value: '1' })).toBe(true)
    expect(holds({ field: 'message.attachment', operator: 'contains', value: '.pdf' })).toBe(true)
    expect(holds({ field: 'message.new-or-reply', operator: 'equals', value: 'reply' })).toBe(false)
    expect(holds({ field: 'ticket.tags', operator: 'contains', value: 'vip' })).toBe(true)
    expect(holds({ field: 'ticket.assignee', operator: 'is-empty' })).toBe(true)
    expect(holds({ field: 'ticket.custom-field', key: 'amount', operator: 'greater-than', value: 200 })).toBe(
      true,
    )
    expect(
      holds({ field: 'ticket.custom-field', key: 'orderNumber', operator: 'equals', value: '12345' }),
    ).toBe(true)
    expect(holds({ field: 'requester.email', operator: 'contains', value: '@customer.' })).toBe(true)
    expect(holds({ field: 'time.hours-since-created', operator: 'greater-than', value: 5.5 })).toBe(true)
    expect(holds({ field: 'time.hours-since-customer-message', operator: 'less-than', value: 3 })).toBe(false)
    // No agent has written: an "hours since" with nothing to count from never holds.
    expect(holds({ field: 'time.hours-since-agent-message', operator: 'greater-than', value: 0 })).toBe(false)
    expect(holds({ field: 'message.subject', operator: 'contains', value: 'invoice', negate: true })).toBe(
      false,
    )
  })

  it('sees a change only against the ticket as it was, and "changed to" only to the value named', () => {
    const before = { ...ticket, priority: 'high' as const }
    expect(holds({ field: 'ticket.priority', operator: 'changed' }, facts({ before }))).toBe(true)
    expect(holds({ field: 'ticket.priority', operator: 'changed-to', value: 'low' }, facts({ before }))).toBe(
      true,
    )
    expect(
      holds({ field: 'ticket.priority', operator: 'changed-to', value: 'medium' }, facts({ before })),
    ).toBe(false)
    expect(holds({ field: 'ticket.priority', operator: 'changed' })).toBe(false)
  })

  it('nests all and any groups, and reports the conditions it read in order', () => {
    const group: TRuleGroup = {
      type: 'group',
      match: 'all',
      conditions: [
        condition({ field: 'ticket.status', operator: 'equals', value: 'open' }),
        {
          type: 'group',
          match: 'any',
          conditions: [
            condition({ field: 'ticket.priority', operator: 'equals', value: 'high' }),
            condition({ field: 'ticket.tags', operator: 'contains', value: 'vip' }),
          ],
        },
      ],
    }
    const outcome = evaluateGroup(group, facts())
    expect(outcome.matched).toBe(true)
    expect(outcome.outcomes.map((o) => [o.path, o.actual, o.matched])).toEqual([
      [[0], 'open', true],
      [[1, 0], 'low', false],
      [[1, 1], ['vip'], true],
    ])
  })

  it('reads SLA clocks: breached once past due (recorded or not yet), due within N minutes while running', () => {
    const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000)
    const sla = facts({
      sla: {
        // Past due a minute ago; the alerts job has not recorded the breach yet.
        'first-reply': { state: 'active', dueAt: minutes(-1), breachedAt: null },
        'next-reply': { state: 'active', dueAt: minutes(25), breachedAt: null },
        // Breached, then answered late: fulfilled targets no longer escalate.
        resolution: { state: 'fulfilled', dueAt: minutes(-90), breachedAt: minutes(-90) },
      },
    })
    expect(holds({ field: 'sla.first-reply', operator: 'breached' }, sla)).toBe(true)
    expect(holds({ field: 'sla.next-reply', operator: 'breached' }, sla)).toBe(false)
    expect(holds({ field: 'sla.resolution', operator: 'breached' }, sla)).toBe(false)
    expect(holds({ field: 'sla.next-reply', operator: 'due-within', value: 30 }, sla)).toBe(true)
    expect(holds({ field: 'sla.next-reply', operator: 'due-within', value: 20 }, sla)).toBe(false)
    // Breached is past "due within"; a paused clock is due at no time; no clock at all matches nothing.
    expect(holds({ field: 'sla.first-reply', operator: 'due-within', value: 30 }, sla)).toBe(false)
    const paused = { state: 'paused' as const, dueAt: null, breachedAt: null }
    expect(
      holds(
        { field: 'sla.next-reply', operator: 'due-within', value: 30 },
        facts({ sla: { 'next-reply': paused } }),
      ),
    ).toBe(false)
    expect(holds({ field: 'sla.first-reply', operator: 'breached' })).toBe(false)
    // The timeline reads minutes left: negative once past due.
    const read = evaluateGroup(
      {
        type: 'group',
        match: 'all',
        conditions: [condition({ field: 'sla.next-reply', operator: 'breached' })],
      },
      sla,
    )
    expect(read.outcomes[0]?.actual).toBe(25)
  })

  it('refuses SLA conditions on a new ticket, and "due within" without a number of minutes', () => {
    const draft = (kind: 'on-create' | 'scheduled', value: unknown) =>
      ZRuleDraft.safeParse({
        name: 'Escalate',
        kind,
        conditions: {
          type: 'group',
          match: 'all',
          conditions: [{ type: 'condition', field: 'sla.resolution', operator: 'due-within', value }],
        },
        actions: [{ type: 'add-tags', tags: ['escalated'] }],
      })
    const messages = (result: ReturnType<typeof draft>) => result.error?.issues.map((issue) => issue.message)
    expect(draft('scheduled', 30).success).toBe(true)
    expect(messages(draft('on-create', 30))).toEqual([RuleMessages.slaNotOnCreate])
    expect(messages(draft('scheduled', 0))).toEqual([RuleMessages.dueWithinMinutes])
    expect(messages(draft('scheduled', 'soon'))).toEqual([RuleMessages.dueWithinMinutes])
  })

  it('runs a pattern in linear time on a long input that backtracking engines take ages on', () => {
    const started = performance.now()
    const body = `${'a'.repeat(50_000)}!`
    expect(
      holds(
        { field: 'message.body', operator: 'regex', value: '^(a+)+$' },
        facts({ mail: { ...MAIL, body } }),
      ),
    ).toBe(false)
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('rule lint', () => {
  const negated = condition({ field: 'message.subject', operator: 'not-contains', value: 'x' })
  const rule = (id: string, actions: TRuleAction[], match: 'all' | 'any' = 'all') => ({
    id,
    name: id,
    enabled: true,
    kind: 'on-create' as const,
    conditions: { type: 'group' as const, match, conditions: [negated] },
    actions,
  })

  it('warns of two rules setting one field differently, and of a negated condition in an "any" group', () => {
    const warnings = lintRules([
      rule('A', [{ type: 'set-priority', priority: 'high' }]),
      rule('B', [{ type: 'set-priority', priority: 'low' }], 'any'),
      rule('C', [{ type: 'set-priority', priority: 'high' }]),
    ])
    expect(warnings.map((w) => [w.kind, w.ruleIds])).toEqual([
      ['negated-any', ['B']],
      ['conflict', ['A', 'B']],
      ['conflict', ['B', 'C']],
    ])
  })
})
