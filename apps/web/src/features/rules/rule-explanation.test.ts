import { RuleMessages, ruleMissesOf, ZRuleMisses } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { explainPassCap, explainRuleEvaluation, explainRuleMisses } from './rule-explanation'

/** A rule that did not fire on its subject, as read. */
const subject = (ruleName: string, value: string) => ({
  ruleId: ruleName,
  ruleName,
  condition: {
    path: [0],
    field: 'message.subject' as const,
    key: null,
    operator: 'contains' as const,
    actual: value,
    matched: false,
  },
})

const base = { ruleId: 'r1', ruleName: 'Refunds first', kind: 'on-create', pass: 1 } as const

describe('a rule’s evaluation on the ticket’s timeline', () => {
  it('says the rule fired, what it changed, and each condition with the value it read', () => {
    expect(
      explainRuleEvaluation({
        ...base,
        matched: true,
        conditions: [
          {
            path: [0],
            field: 'message.subject',
            key: null,
            operator: 'contains',
            actual: 'Refund please',
            matched: true,
          },
          { path: [1], field: 'ticket.tags', key: null, operator: 'none-words', actual: [], matched: true },
        ],
        changes: ['priority medium → high'],
      }),
    ).toEqual({
      summary: 'Rule “Refunds first” fired: priority medium → high',
      details: [
        'the subject was "Refund please": “contains” held',
        'the tag list was empty: “contains none of the words” held',
      ],
    })
  })

  it('says how an SLA clock stood when an escalation read it', () => {
    const read = (actual: number | null, matched: boolean) =>
      explainRuleEvaluation({
        ...base,
        kind: 'scheduled',
        matched,
        conditions: [
          { path: [0], field: 'sla.first-reply', key: null, operator: 'breached', actual, matched },
        ],
        changes: [],
      }).summary
    expect(read(-90, true)).toBe('Rule “Refunds first” fired, changing nothing')
    expect(read(25, false)).toBe(
      'Rule “Refunds first” did not fire: the SLA first reply was due in 25 min: “is breached” did not hold',
    )
    expect(read(null, false)).toBe(
      'Rule “Refunds first” did not fire: the SLA first reply was not running: “is breached” did not hold',
    )
    expect(
      explainRuleEvaluation({
        ...base,
        kind: 'scheduled',
        matched: true,
        conditions: [
          { path: [0], field: 'sla.resolution', key: null, operator: 'breached', actual: -90, matched: true },
        ],
        changes: [],
      }).details,
    ).toEqual(['the SLA resolution was overdue by 1 h: “is breached” held'])
  })

  it('says why a rule did not fire: the first condition that failed, with its actual value', () => {
    expect(
      explainRuleEvaluation({
        ...base,
        pass: 2,
        matched: false,
        conditions: [
          {
            path: [0],
            field: 'message.header',
            key: 'X-Priority',
            operator: 'equals',
            actual: '3',
            matched: false,
          },
        ],
        changes: [],
      }).summary,
    ).toBe('Rule “Refunds first” did not fire (pass 2): the header "X-Priority" was "3": “is” did not hold')
  })

  it('says why each rule of a pass did not fire, from the one event that holds them all', () => {
    expect(
      explainRuleMisses({
        kind: 'on-create',
        pass: 1,
        rules: [subject('Refunds first', 'Hello'), { ruleId: 'r2', ruleName: 'Anything', condition: null }],
      }),
    ).toEqual({
      summary: '2 rules did not fire',
      details: [
        '“Refunds first”: the subject was "Hello": “contains” did not hold',
        '“Anything”: none of its conditions held',
      ],
    })
    // A lone miss reads as its own line did before the misses were kept together.
    expect(
      explainRuleMisses({ kind: 'on-create', pass: 2, rules: [subject('Refunds first', 'Hi')] }),
    ).toEqual({
      summary: 'Rule “Refunds first” did not fire (pass 2): the subject was "Hi": “contains” did not hold',
      details: [],
    })
  })

  it('reads misses written with each value once as it reads those written with the value in each rule', () => {
    const written = ZRuleMisses.parse(
      ruleMissesOf('on-create', 1, [subject('Refunds first', 'Hello'), subject('Invoices', 'Hello')]),
    )
    expect(written.values).toEqual(['Hello'])
    expect(explainRuleMisses(written)).toEqual({
      summary: '2 rules did not fire',
      details: [
        '“Refunds first”: the subject was "Hello": “contains” did not hold',
        '“Invoices”: the subject was "Hello": “contains” did not hold',
      ],
    })
  })

  it('says when the pass cap stopped rules feeding each other, in the contract’s words', () => {
    expect(explainPassCap(['Ping', 'Pong'])).toBe(
      `${RuleMessages.passCapReached} (“Ping” and “Pong” kept changing it)`,
    )
    expect(explainPassCap([])).toBe(RuleMessages.passCapReached)
  })
})
