import { RuleMessages, TicketEventType } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { copiesAddedByMail, describeEvent, describeListChange, FORMER_MEMBER } from './event-wording'
import { eventDoc, NAMES, TICKET_ID } from './ticket-page-test-data'

const say = (...args: Parameters<typeof eventDoc>) => describeEvent(eventDoc(...args), NAMES)

describe('describeEvent', () => {
  it('says who set which field to what, in the workspace’s words', () => {
    expect(say(TicketEventType.status, { before: 'open', after: 'pending', actorId: 'user-grace' })).toBe(
      'Grace set status Pending',
    )
    expect(say(TicketEventType.status, { before: 'pending', after: 'on-hold' })).toBe(
      'Ada set status On hold',
    )
    expect(say(TicketEventType.assignee, { before: null, after: 'user-grace' })).toBe('Ada assigned Grace')
    expect(say(TicketEventType.assignee, { before: 'user-grace', after: null })).toBe('Ada unassigned Grace')
    expect(say(TicketEventType.priority, { before: 'low', after: 'high' })).toBe('Ada set priority High')
    expect(say(TicketEventType.priority, { before: 'low', after: null })).toBe('Ada cleared the priority')
    expect(say(TicketEventType.category, { before: 'other', after: 'billing-payment' })).toBe(
      'Ada set category Billing and payment',
    )
    expect(say(TicketEventType.group, { before: null, after: 'group-billing' })).toBe('Ada set group Billing')
  })

  it('tells the analysis, the customer’s reopening and the first mail apart from a member’s change', () => {
    expect(
      say(TicketEventType.analysed, {
        before: { category: null, priority: null },
        after: { category: 'billing-payment', priority: 'high' },
        actorId: null,
      }),
    ).toBe('Analysis: Billing and payment, high')
    expect(say(TicketEventType.reopened, { before: 'closed', after: 'open', customer: true })).toBe(
      'Reopened by the customer',
    )
    expect(say(TicketEventType.reopened, { before: 'closed', after: 'in-progress' })).toBe(
      'Ada reopened the ticket (In progress)',
    )
    const first = { status: 'open', priority: null, category: null, assigneeId: null, tags: [] }
    expect(say(TicketEventType.created, { after: first, customer: true })).toBe(
      'The customer’s mail opened the ticket',
    )
    expect(say(TicketEventType.created, { after: first })).toBe('Ada created the ticket')
  })

  it('tells a rating, a lock, a follow-up and a reminder (decision 057)', () => {
    const rating = { survey: 's1', rating: 'bad', comment: ' Too slow ', agentId: 'user-grace' }
    expect(say(TicketEventType.satisfaction, { after: rating, customer: true })).toBe(
      'The customer rated the help Bad: “Too slow” (credited to Grace)',
    )
    expect(
      say(TicketEventType.satisfaction, {
        after: { ...rating, rating: 'good', comment: '' },
        customer: true,
      }),
    ).toBe('The customer rated the help Good (credited to Grace)')
    expect(
      say(TicketEventType.locked, { after: { closedAt: '2026-11-01T10:00:00.000Z' }, actorId: null }),
    ).toBe('Locked: the customer’s next mail opens a follow-up ticket')
    const link = { sourceNumber: 12, targetNumber: 40 }
    expect(
      say(TicketEventType.followUp, { after: { source: TICKET_ID, target: 't40', ...link }, customer: true }),
    ).toBe('The customer wrote again: follow-up #40 was opened')
    expect(
      say(TicketEventType.followUp, { after: { source: 't12', target: TICKET_ID, ...link }, customer: true }),
    ).toBe('Follow-up of #12, which was locked')
  })

  it('names tags and copies added and removed, and never shows a user id', () => {
    expect(say(TicketEventType.tags, { before: ['spam'], after: ['vip', 'refund'] })).toBe(
      'Ada added tags vip and refund, removed tag spam',
    )
    expect(describeListChange([], ['a', 'b', 'c'], { one: 'tag', many: 'tags' })).toBe(
      'added tags a, b and c',
    )
    expect(say(TicketEventType.cc, { before: ['ann@example.com'], after: ['ed@partner.example'] })).toBe(
      'Ada added ed@partner.example to CC, removed ann@example.com from CC',
    )
    expect(say(TicketEventType.status, { before: 'open', after: 'closed', actorId: 'user-gone' })).toBe(
      `${FORMER_MEMBER} set status Closed`,
    )
    expect(say(TicketEventType.assignee, { before: null, after: 'user-gone' })).toBe(
      `Ada assigned ${FORMER_MEMBER}`,
    )
  })

  it('says who marked the ticket spam, what they blocked, and who said it is not', () => {
    expect(say(TicketEventType.spam, { after: { spam: true, blocked: 'spam-corp.example' } })).toBe(
      'Ada marked the ticket spam and blocked spam-corp.example',
    )
    expect(say(TicketEventType.spam, { after: { spam: false, blocked: null } })).toBe(
      'Ada said the ticket is not spam',
    )
  })

  it('says whom a customer’s mail copied, and only those are offered for removal', () => {
    const byMail = eventDoc(TicketEventType.cc, {
      before: ['ann@example.com'],
      after: ['ann@example.com', 'spy@evil.example'],
      customer: true,
    })
    expect(describeEvent(byMail, NAMES)).toBe('The customer’s mail added spy@evil.example to CC')
    expect(copiesAddedByMail(byMail)).toEqual(['spy@evil.example'])
    expect(
      copiesAddedByMail(eventDoc(TicketEventType.cc, { before: [], after: ['ed@partner.example'] })),
    ).toEqual([])
  })

  it('says why a mail opened its own ticket instead of joining the one it names', () => {
    const untrusted = (after: unknown) => say(TicketEventType.untrustedMail, { after, actorId: null })
    expect(untrusted({ reason: 'stranger', mentions: { id: 't-12', number: 12 }, copiesLeftOut: [] })).toBe(
      'This mail mentions #12 but was not added to it: its sender is neither #12’s requester nor on its CC',
    )
    expect(
      untrusted({
        reason: 'dmarc-fail',
        mentions: { id: 't-12', number: 12 },
        copiesLeftOut: ['spy@evil.example'],
      }),
    ).toBe(
      'The receiving server says this mail failed DMARC, so its sender may be forged: it was not added to #12, and spy@evil.example was not added to CC',
    )
    expect(untrusted({ reason: 'dmarc-fail', mentions: null, copiesLeftOut: [] })).toBe(
      'The receiving server says this mail failed DMARC, so its sender may be forged',
    )
  })

  it('falls back to general words for an event it cannot read', () => {
    expect(say(TicketEventType.status, { before: 'open', after: 'archived' })).toBe('Ada changed the ticket')
  })

  it('reads a rule’s evaluation as why it fired or did not, and the pass cap in the contract’s words', () => {
    const evaluation = {
      ruleId: 'rule-1',
      ruleName: 'Refunds first',
      kind: 'on-create',
      pass: 1,
      matched: false,
      conditions: [
        {
          path: [0],
          field: 'message.subject',
          key: null,
          operator: 'contains',
          actual: 'Hello',
          matched: false,
        },
      ],
      changes: [],
    }
    expect(say(TicketEventType.ruleEvaluated, { before: null, after: evaluation })).toBe(
      'Rule “Refunds first” did not fire: the subject was "Hello": “contains” did not hold',
    )
    expect(
      say(TicketEventType.ruleEvaluated, {
        before: null,
        after: { ...evaluation, matched: true, conditions: [], changes: ['priority none → high'] },
      }),
    ).toBe('Rule “Refunds first” fired: priority none → high')
    expect(
      say(TicketEventType.ruleMisses, {
        before: null,
        after: {
          kind: 'on-create',
          pass: 1,
          rules: [
            { ruleId: 'rule-1', ruleName: 'Refunds first', condition: evaluation.conditions[0] ?? null },
            { ruleId: 'rule-2', ruleName: 'Invoices', condition: null },
          ],
        },
      }),
    ).toBe('2 rules did not fire')
    expect(
      say(TicketEventType.rulePassCap, { before: null, after: { passes: 5, ruleIds: ['rule-1'] } }),
    ).toBe(RuleMessages.passCapReached)
  })
})
