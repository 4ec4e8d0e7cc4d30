import {
  NUMBER_RULE_OPERATORS,
  RULE_FIELD_SHAPES,
  RULE_OPERATORS_BY_SHAPE,
  RuleLimits,
  type TRuleCondition,
  type TRuleField,
  type TRuleGroup,
  type TRuleOperator,
  type TRuleValue,
  VALUELESS_RULE_OPERATORS,
  WORD_RULE_OPERATORS,
} from '@parsedesk/contracts'

/** Where an entry sits in a rule's conditions: indexes from the rule's own group down. */
export type TConditionPath = readonly number[]

export function newCondition(): TRuleCondition {
  return {
    type: 'condition',
    field: 'message.subject',
    key: null,
    operator: 'contains',
    value: '',
    negate: false,
  }
}

export function emptyConditions(): TRuleGroup {
  return { type: 'group', match: 'all', conditions: [] }
}

/** The value an operator starts with: words a list, numbers a number, "is empty" none. */
function valueFor(operator: TRuleOperator, previous: TRuleValue): TRuleValue {
  if (VALUELESS_RULE_OPERATORS.includes(operator)) return null
  if (WORD_RULE_OPERATORS.includes(operator)) {
    if (Array.isArray(previous)) return previous
    return typeof previous === 'string' && previous.trim() ? previous.trim().split(/\s+/) : []
  }
  if (NUMBER_RULE_OPERATORS.includes(operator)) return typeof previous === 'number' ? previous : null
  if (Array.isArray(previous)) return previous.join(' ')
  return typeof previous === 'string' ? previous : ''
}

/**
 * A condition after one edit. Changing the field keeps the operator when the new field takes it and
 * otherwise picks the field's first; the value is then reshaped for the operator (words ↔ text), so the
 * editor never holds a combination the contract refuses for its shape.
 */
export function editCondition(
  condition: TRuleCondition,
  change: Partial<Pick<TRuleCondition, 'field' | 'key' | 'operator' | 'value' | 'negate'>>,
): TRuleCondition {
  const field: TRuleField = change.field ?? condition.field
  const allowed = RULE_OPERATORS_BY_SHAPE[RULE_FIELD_SHAPES[field]]
  const wanted = change.operator ?? condition.operator
  const operator = allowed.includes(wanted) ? wanted : (allowed[0] as TRuleOperator)
  const key =
    RULE_FIELD_SHAPES[field] === 'custom' || field === 'message.header' ? (change.key ?? condition.key) : null
  // A value chosen from one field's list means nothing to another field: a new field starts empty.
  const fieldSwapped =
    field !== condition.field && [field, condition.field].some((f) => RULE_FIELD_SHAPES[f] === 'choice')
  const previous = change.value !== undefined ? change.value : fieldSwapped ? null : condition.value
  const value = valueFor(operator, previous)
  return { ...condition, ...change, field, operator, key, value }
}

/** Every entry counted through nested groups (the contract's cap is on this count). */
export function countConditions(group: TRuleGroup): number {
  return group.conditions.reduce(
    (sum, entry) => sum + (entry.type === 'group' ? countConditions(entry) : 1),
    0,
  )
}

/** A copy of `root` with the group at `path` replaced by what `change` makes of it. */
function updateGroupAt(
  root: TRuleGroup,
  path: TConditionPath,
  change: (group: TRuleGroup) => TRuleGroup,
): TRuleGroup {
  const [head, ...rest] = path
  if (head === undefined) return change(root)
  return {
    ...root,
    conditions: root.conditions.map((entry, index) =>
      index === head && entry.type === 'group' ? updateGroupAt(entry, rest, change) : entry,
    ),
  }
}

/** Adds a condition to the group at `groupPath`, unless the rule already holds as many as it may. */
export function addCondition(root: TRuleGroup, groupPath: TConditionPath): TRuleGroup {
  if (countConditions(root) >= RuleLimits.conditions) return root
  return updateGroupAt(root, groupPath, (group) => ({
    ...group,
    conditions: [...group.conditions, newCondition()],
  }))
}

/** Whether a group at `groupPath` may hold another group (the rule's own group is depth 1). */
export function canNestGroup(groupPath: TConditionPath): boolean {
  return groupPath.length + 2 <= RuleLimits.groupDepth
}

/** Adds a nested group (with one condition, as an empty group is refused) to the group at `groupPath`. */
export function addGroup(
  root: TRuleGroup,
  groupPath: TConditionPath,
  match: TRuleGroup['match'],
): TRuleGroup {
  if (!canNestGroup(groupPath) || countConditions(root) >= RuleLimits.conditions) return root
  const nested: TRuleGroup = { type: 'group', match, conditions: [newCondition()] }
  return updateGroupAt(root, groupPath, (group) => ({ ...group, conditions: [...group.conditions, nested] }))
}

export function setMatch(
  root: TRuleGroup,
  groupPath: TConditionPath,
  match: TRuleGroup['match'],
): TRuleGroup {
  return updateGroupAt(root, groupPath, (group) => ({ ...group, match }))
}

/** Removes the entry at `path`; a nested group left empty goes with it. */
export function removeEntry(root: TRuleGroup, path: TConditionPath): TRuleGroup {
  const parent = path.slice(0, -1)
  const index = path.at(-1)
  const pruned = updateGroupAt(root, parent, (group) => ({
    ...group,
    conditions: group.conditions.filter((_, i) => i !== index),
  }))
  const emptied = parent.length > 0 && groupAt(pruned, parent)?.conditions.length === 0
  return emptied ? removeEntry(pruned, parent) : pruned
}

export function updateConditionAt(
  root: TRuleGroup,
  path: TConditionPath,
  change: Parameters<typeof editCondition>[1],
): TRuleGroup {
  const index = path.at(-1)
  return updateGroupAt(root, path.slice(0, -1), (group) => ({
    ...group,
    conditions: group.conditions.map((entry, i) =>
      i === index && entry.type === 'condition' ? editCondition(entry, change) : entry,
    ),
  }))
}

export function groupAt(root: TRuleGroup, path: TConditionPath): TRuleGroup | undefined {
  let group: TRuleGroup | undefined = root
  for (const index of path) {
    const entry: TRuleGroup['conditions'][number] | undefined = group?.conditions[index]
    group = entry?.type === 'group' ? entry : undefined
  }
  return group
}

type TOrdered = { $id: string; position: number }

/**
 * The positions to write when a rule moves one place up or down in the explicit order: the list is
 * renumbered 0, 1, 2… in its shown order with the two swapped, and only rules whose number changes are
 * written (ties from older rules sort out on the first move).
 */
export function moveRule(
  rules: readonly TOrdered[],
  ruleId: string,
  direction: -1 | 1,
): { id: string; position: number }[] {
  const order = rules.map((rule) => rule.$id)
  const from = order.indexOf(ruleId)
  const to = from + direction
  if (from < 0 || to < 0 || to >= order.length) return []
  ;[order[from], order[to]] = [order[to] as string, order[from] as string]
  return order.flatMap((id, position) => {
    const rule = rules.find((candidate) => candidate.$id === id)
    return rule && rule.position !== position ? [{ id, position }] : []
  })
}
