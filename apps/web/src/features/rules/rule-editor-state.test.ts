import { RuleLimits, type TRuleGroup, ZRuleDraft } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import {
  addCondition,
  addGroup,
  canNestGroup,
  editCondition,
  emptyConditions,
  moveRule,
  newCondition,
  removeEntry,
  setMatch,
  updateConditionAt,
} from './rule-editor-state'

const draft = (conditions: TRuleGroup) =>
  ZRuleDraft.safeParse({ name: 'Refunds', kind: 'on-create', conditions, actions: [{ type: 'mark-spam' }] })

describe('the rule editor’s conditions', () => {
  it('builds nested all/any groups the contract accepts', () => {
    let root = addCondition(emptyConditions(), [])
    root = updateConditionAt(root, [0], { value: 'refund' })
    root = addGroup(root, [], 'any')
    root = addCondition(root, [1])
    root = updateConditionAt(root, [1, 0], { field: 'ticket.priority', operator: 'equals', value: 'high' })
    root = updateConditionAt(root, [1, 1], {
      field: 'message.body',
      operator: 'any-words',
      value: 'urgent asap',
    })
    expect(root.conditions[1]).toMatchObject({
      type: 'group',
      match: 'any',
      conditions: [
        { field: 'ticket.priority', operator: 'equals', value: 'high' },
        { field: 'message.body', operator: 'any-words', value: ['urgent', 'asap'] },
      ],
    })
    expect(draft(root).success).toBe(true)
    expect(setMatch(root, [1], 'all').conditions[1]).toMatchObject({ match: 'all' })
  })

  it('keeps operator and value fit for the field: a number field takes "more than" and a number', () => {
    const edited = editCondition(newCondition(), { field: 'time.hours-since-created' })
    expect(edited).toMatchObject({ operator: 'greater-than', value: null })
    expect(draft({ type: 'group', match: 'all', conditions: [edited] }).success).toBe(false)
    const filled = editCondition(edited, { value: 24 })
    expect(draft({ type: 'group', match: 'all', conditions: [filled] }).success).toBe(true)
    expect(editCondition(newCondition(), { field: 'message.header' }).key).toBeNull()
    expect(editCondition(newCondition(), { field: 'message.subject', key: 'x' }).key).toBeNull()
  })

  it('removes a condition, and a nested group left empty with it', () => {
    let root = addGroup(addCondition(emptyConditions(), []), [], 'any')
    root = removeEntry(root, [1, 0])
    expect(root.conditions).toHaveLength(1)
    expect(root.conditions[0]?.type).toBe('condition')
  })

  it('stops at the contract’s depth and count', () => {
    expect(canNestGroup([])).toBe(true)
    expect(canNestGroup(Array(RuleLimits.groupDepth - 1).fill(0))).toBe(false)
    let root = emptyConditions()
    for (let i = 0; i < RuleLimits.conditions + 3; i++) root = addCondition(root, [])
    expect(root.conditions).toHaveLength(RuleLimits.conditions)
  })
})

describe('moving a rule in the explicit order', () => {
  const rules = [
    { $id: 'a', position: 0 },
    { $id: 'b', position: 0 },
    { $id: 'c', position: 5 },
  ]

  it('swaps it with its neighbour and writes only the positions that change', () => {
    expect(moveRule(rules, 'c', -1)).toEqual([
      { id: 'c', position: 1 },
      { id: 'b', position: 2 },
    ])
    expect(moveRule(rules, 'a', -1)).toEqual([])
    expect(moveRule(rules, 'c', 1)).toEqual([])
  })
})
