import { describe, expect, it } from 'vitest'
import { describeCondition, describeRule, type TRuleNames } from './rule-sentence'

const names: TRuleNames = {
  status: (status) =>
    ({
      open: 'Open',
      'in-progress': 'In progress',
      pending: 'Pending',
      'on-hold': 'On hold',
      closed: 'Closed',
    })[status],
  priority: (priority) => ({ high: 'High', medium: 'Medium', low: 'Low' })[priority],
  category: (key) => (key === 'billing' ? 'Billing and payment' : key),
  group: (id) => (id === 'g1' ? 'Billing team' : undefined),
  member: (id) => (id === 'ada-id' ? 'Ada Lovelace' : undefined),
}

const subjectContains = (value: string) =>
  ({
    type: 'condition',
    field: 'message.subject',
    key: null,
    operator: 'contains',
    value,
    negate: false,
  }) as const

describe('a rule read as a sentence', () => {
  it('reads the issue’s example word for word', () => {
    expect(
      describeRule(
        {
          kind: 'on-create',
          stopHere: true,
          conditions: { type: 'group', match: 'all', conditions: [subjectContains('refund')] },
          actions: [{ type: 'set-priority', priority: 'high' }],
        },
        names,
      ),
    ).toBe('When a new ticket arrives and the subject contains "refund", set priority to High and stop')
  })

  it('reads an escalation on the SLA as the team would say it', () => {
    const sla = (
      field: 'sla.resolution' | 'sla.first-reply',
      operator: 'breached' | 'due-within',
      value = null as number | null,
    ) => ({ type: 'condition', field, key: null, operator, value, negate: false }) as const
    expect(
      describeRule(
        {
          kind: 'scheduled',
          stopHere: false,
          conditions: { type: 'group', match: 'all', conditions: [sla('sla.resolution', 'breached')] },
          actions: [
            { type: 'set-priority', priority: 'high' },
            { type: 'set-group', groupId: 'g1' },
            { type: 'add-tags', tags: ['escalated'] },
            { type: 'route' },
          ],
        },
        names,
      ),
    ).toBe(
      'When the minute’s check finds a ticket and the SLA resolution is breached, set priority to High, hand it to Billing team, add tag escalated and route it to an agent of its group',
    )
    expect(describeCondition(sla('sla.first-reply', 'due-within', 30), names)).toBe(
      'the SLA first reply is due within 30 minutes',
    )
    expect(describeCondition({ ...sla('sla.first-reply', 'breached'), negate: true }, names)).toBe(
      'the SLA first reply is not breached',
    )
  })

  it('puts a top-level "any" and a nested group in parentheses, so "and" and "or" cannot be misread', () => {
    expect(
      describeRule(
        {
          kind: 'on-update',
          stopHere: false,
          conditions: {
            type: 'group',
            match: 'any',
            conditions: [
              subjectContains('refund'),
              {
                type: 'group',
                match: 'all',
                conditions: [
                  {
                    type: 'condition',
                    field: 'ticket.priority',
                    key: null,
                    operator: 'equals',
                    value: 'low',
                    negate: true,
                  },
                  {
                    type: 'condition',
                    field: 'ticket.tags',
                    key: null,
                    operator: 'any-words',
                    value: ['vip', 'press'],
                    negate: false,
                  },
                ],
              },
            ],
          },
          actions: [
            { type: 'add-tags', tags: ['vip', 'escalated'] },
            { type: 'set-assignee', assigneeId: 'ada-id' },
            { type: 'set-group', groupId: 'g1' },
          ],
        },
        names,
      ),
    ).toBe(
      'When a ticket is updated and (the subject contains "refund" or (the priority is not Low and the tag list contains any of the words "vip" or "press"))' +
        ', add tags vip and escalated, assign it to Ada Lovelace and hand it to Billing team',
    )
  })

  it('names keyed fields, numbers, empty tests and someone who left', () => {
    expect(
      describeCondition(
        { field: 'message.header', key: 'X-Priority', operator: 'equals', value: '1' },
        names,
      ),
    ).toBe('the header "X-Priority" is "1"')
    expect(
      describeCondition(
        { field: 'time.hours-since-created', key: null, operator: 'greater-than', value: 24 },
        names,
      ),
    ).toBe('the ticket’s age in hours is more than 24')
    expect(
      describeCondition(
        { field: 'message.attachment', key: null, operator: 'is-not-empty', value: null },
        names,
      ),
    ).toBe('the attachment list is not empty')
    expect(
      describeCondition(
        { field: 'ticket.assignee', key: null, operator: 'changed-to', value: 'gone-id' },
        names,
      ),
    ).toBe('the assignee changed to a former member')
  })

  it('says a rule without conditions runs on every ticket of its kind, and one without actions does nothing', () => {
    expect(
      describeRule(
        {
          kind: 'scheduled',
          stopHere: false,
          conditions: { type: 'group', match: 'all', conditions: [] },
          actions: [
            { type: 'email-reply', subject: '', body: 'We got it: {{ticket.number}}' },
            { type: 'webhook', url: 'https://hooks.example.com/parsedesk?x=1' },
          ],
        },
        names,
      ),
    ).toBe(
      'When the minute’s check finds a ticket, reply to the requester and call the webhook at hooks.example.com',
    )
    expect(
      describeRule(
        {
          kind: 'on-create',
          stopHere: false,
          conditions: { type: 'group', match: 'all', conditions: [] },
          actions: [],
        },
        names,
      ),
    ).toBe('When a new ticket arrives, do nothing yet')
  })
})
