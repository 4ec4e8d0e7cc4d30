import { ruleActionField, type TRuleAction, type TRuleAttributes, type TRuleGroup } from './rules'

export const RuleWarningKind = { conflict: 'conflict', negatedAny: 'negated-any' } as const
export type TRuleWarningKind = (typeof RuleWarningKind)[keyof typeof RuleWarningKind]

export type TRuleWarning = { kind: TRuleWarningKind; ruleIds: string[]; message: string }

type TLintedRule = Pick<TRuleAttributes, 'name' | 'enabled' | 'kind' | 'conditions' | 'actions'> & {
  id: string
}

/** What an action sets a field to, as a comparable text (routing picks an assignee of its own). */
function actionValue(action: TRuleAction): string {
  const { type: _type, ...rest } = action
  return JSON.stringify({ type: action.type, ...rest })
}

function hasNegatedInAny(group: TRuleGroup): boolean {
  return group.conditions.some((entry) =>
    entry.type === 'group'
      ? hasNegatedInAny(entry)
      : group.match === 'any' &&
        (entry.negate ||
          entry.operator === 'not-equals' ||
          entry.operator === 'not-contains' ||
          entry.operator === 'none-words'),
  )
}

/**
 * Warnings an editor shows beside a workspace's rules, never refusals: two enabled rules of one kind
 * setting one field differently (the later one wins, which may surprise), and an "any" group holding a
 * negated condition (it matches almost every ticket).
 */
export function lintRules(rules: readonly TLintedRule[]): TRuleWarning[] {
  const warnings: TRuleWarning[] = []
  const setters = new Map<string, { rule: TLintedRule; value: string }[]>()
  for (const rule of rules) {
    if (hasNegatedInAny(rule.conditions)) {
      warnings.push({
        kind: 'negated-any',
        ruleIds: [rule.id],
        message: `"${rule.name}" has an "any" group with a negated condition: it matches almost every ticket`,
      })
    }
    if (!rule.enabled) continue
    for (const action of rule.actions) {
      const field = ruleActionField(action)
      if (!field) continue
      const key = `${rule.kind}\u0000${field}`
      setters.set(key, [...(setters.get(key) ?? []), { rule, value: actionValue(action) }])
    }
  }
  for (const [key, entries] of setters) {
    const field = key.split('\u0000')[1]
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const [a, b] = [entries[i], entries[j]]
        if (!a || !b || a.rule.id === b.rule.id || a.value === b.value) continue
        warnings.push({
          kind: 'conflict',
          ruleIds: [a.rule.id, b.rule.id],
          message: `"${a.rule.name}" and "${b.rule.name}" both set the ${field} differently when they match the same ticket; the later one wins`,
        })
      }
    }
  }
  return warnings
}
