import { describe, expect, it } from 'vitest'
import { readRuleMisses, ruleMissesOf, type TRuleMissRead, ZRuleMisses } from './rules'

const miss = (ruleName: string, field: 'message.subject' | 'ticket.tags', actual: string | string[]) => ({
  ruleId: `id-${ruleName}`,
  ruleName,
  condition: { path: [0], field, key: null, operator: 'contains' as const, actual, matched: false },
})

describe('a pass’s rule misses as stored', () => {
  it('keeps each value read once and gives every rule its own back', () => {
    const misses: TRuleMissRead[] = [
      miss('One', 'message.subject', 'Invoice overdue'),
      miss('Two', 'message.subject', 'Invoice overdue'),
      // A rule that fired earlier in the pass changed the tags the next one read.
      miss('Three', 'ticket.tags', []),
      miss('Four', 'ticket.tags', ['billing']),
      { ruleId: 'id-Five', ruleName: 'Five', condition: null },
    ]
    const stored = ZRuleMisses.parse(JSON.parse(JSON.stringify(ruleMissesOf('on-create', 1, misses))))
    expect(stored.values).toEqual(['Invoice overdue', [], ['billing']])
    expect(JSON.stringify(stored)).not.toMatch(/Invoice overdue.*Invoice overdue/)
    expect(readRuleMisses(stored)).toEqual(misses)
  })

  it('keeps a failing condition many rules share once, each rule pointing at it', () => {
    const misses = Array.from({ length: 49 }, (_, index) =>
      miss(`Keyword ${index}`, 'message.subject', 'Invoice overdue'),
    )
    const stored = ZRuleMisses.parse(JSON.parse(JSON.stringify(ruleMissesOf('on-create', 1, misses))))
    expect(stored.conditions).toHaveLength(1)
    expect(JSON.stringify(stored).match(/message\.subject/g)).toHaveLength(1)
    expect(readRuleMisses(stored)).toEqual(misses)
  })

  it('reads the events written before: the condition in each rule, and before that its value too', () => {
    const before = { kind: 'on-create', pass: 1, rules: [miss('One', 'message.subject', 'Hello')] }
    expect(readRuleMisses(ZRuleMisses.parse(before))).toEqual(before.rules)
    const session21 = {
      kind: 'on-create',
      pass: 1,
      values: ['Hello'],
      rules: [
        {
          ruleId: 'id-One',
          ruleName: 'One',
          condition: {
            path: [0],
            field: 'message.subject',
            key: null,
            operator: 'contains',
            matched: false,
            valueIndex: 0,
          },
        },
      ],
    }
    expect(readRuleMisses(ZRuleMisses.parse(session21))).toEqual(before.rules)
  })

  it('refuses a condition that points past the values read, and a rule past the conditions', () => {
    const stored = ruleMissesOf('on-create', 1, [miss('One', 'message.subject', 'Hello')])
    expect(ZRuleMisses.safeParse(stored).success).toBe(true)
    expect(ZRuleMisses.safeParse({ ...stored, values: [] }).success).toBe(false)
    expect(ZRuleMisses.safeParse({ ...stored, values: undefined }).success).toBe(false)
    expect(ZRuleMisses.safeParse({ ...stored, conditions: [] }).success).toBe(false)
    expect(ZRuleMisses.safeParse({ ...stored, conditions: undefined }).success).toBe(false)
  })
})
