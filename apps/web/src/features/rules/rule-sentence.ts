import type {
  TRuleAction,
  TRuleCondition,
  TRuleDraftInput,
  TRuleField,
  TRuleGroup,
  TRuleKind,
  TRuleOperator,
  TRuleValue,
  TTicketPriority,
  TTicketStatus,
} from '@parsedesk/contracts'

/**
 * How the page names what a rule refers to by id or key. Passed in (as the timeline's wording does) so the
 * sentence stays a pure function and this folder needs nothing from the ticket page's.
 */
export type TRuleNames = {
  status(status: TTicketStatus): string
  priority(priority: TTicketPriority): string
  category(key: string): string
  group(groupId: string): string | undefined
  member(userId: string): string | undefined
}

const KIND_OPENINGS: Record<TRuleKind, string> = {
  'on-create': 'When a new ticket arrives',
  'on-update': 'When a ticket is updated',
  scheduled: 'When the minute’s check finds a ticket',
}

const FIELD_WORDS: Record<TRuleField, string> = {
  'message.subject': 'the subject',
  'message.body': 'the body',
  'message.sender': 'the sender',
  'message.recipients': 'the recipient list',
  'message.header': 'the header',
  'message.attachment': 'the attachment list',
  'message.channel': 'the channel',
  'message.new-or-reply': 'the message',
  'ticket.status': 'the status',
  'ticket.priority': 'the priority',
  'ticket.category': 'the category',
  'ticket.group': 'the group',
  'ticket.assignee': 'the assignee',
  'ticket.tags': 'the tag list',
  'ticket.custom-field': 'the field',
  'requester.email': 'the requester’s email',
  'requester.name': 'the requester’s name',
  'time.hours-since-created': 'the ticket’s age in hours',
  'time.hours-since-customer-message': 'the hours since the customer’s last message',
  'time.hours-since-agent-message': 'the hours since an agent’s last message',
  'sla.first-reply': 'the SLA first reply',
  'sla.next-reply': 'the SLA next reply',
  'sla.resolution': 'the SLA resolution',
}

/** Each operator as it reads, and as it reads negated: "contains" / "does not contain". */
const OPERATOR_WORDS: Record<TRuleOperator, readonly [string, string]> = {
  equals: ['is', 'is not'],
  'not-equals': ['is not', 'is'],
  contains: ['contains', 'does not contain'],
  'not-contains': ['does not contain', 'contains'],
  'any-words': ['contains any of the words', 'contains none of the words'],
  'none-words': ['contains none of the words', 'contains any of the words'],
  regex: ['matches the pattern', 'does not match the pattern'],
  'is-empty': ['is empty', 'is not empty'],
  'is-not-empty': ['is not empty', 'is empty'],
  changed: ['changed', 'did not change'],
  'changed-to': ['changed to', 'did not change to'],
  'greater-than': ['is more than', 'is not more than'],
  'less-than': ['is less than', 'is not less than'],
  breached: ['is breached', 'is not breached'],
  'due-within': ['is due within', 'is not due within'],
}

/** How an operator reads on its own: "contains any of the words". */
export function operatorWords(operator: TRuleOperator): string {
  return OPERATOR_WORDS[operator][0]
}

/** "a, b and c", "a or b": how a list reads in a sentence. */
export function listed(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`
}

const quoted = (text: string) => `"${text}"`

/** A condition's value in words: a choice by its name (a group's, a member's), text in quotes. */
function valueWords(field: TRuleField, value: TRuleValue, names: TRuleNames): string {
  if (value === null) return 'nothing'
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return listed(value.map(quoted), 'or')
  switch (field) {
    case 'ticket.status':
      return names.status(value as TTicketStatus)
    case 'ticket.priority':
      return names.priority(value as TTicketPriority)
    case 'ticket.category':
      return names.category(value)
    case 'ticket.group':
      return names.group(value) ?? 'a removed group'
    case 'ticket.assignee':
      return names.member(value) ?? 'a former member'
    case 'message.channel':
    case 'message.new-or-reply':
      return value
    default:
      return quoted(value)
  }
}

/** The thing a condition reads: "the subject", "the header "X-Priority"", "the field "order_id"". */
export function conditionSubject(condition: Pick<TRuleCondition, 'field' | 'key'>): string {
  const words = FIELD_WORDS[condition.field]
  return condition.key ? `${words} ${quoted(condition.key)}` : words
}

/** One condition as a clause: "the subject contains "refund"", "the priority is not High". */
export function describeCondition(
  condition: Pick<TRuleCondition, 'field' | 'key' | 'operator' | 'value'> & { negate?: boolean },
  names: TRuleNames,
): string {
  const [plain, negated] = OPERATOR_WORDS[condition.operator]
  const verb = condition.negate ? negated : plain
  const clause = `${conditionSubject(condition)} ${verb}`
  const valueless = condition.operator === 'is-empty' || condition.operator === 'is-not-empty'
  if (valueless || condition.operator === 'changed' || condition.operator === 'breached') return clause
  if (condition.operator === 'due-within')
    return `${clause} ${condition.value} ${condition.value === 1 ? 'minute' : 'minutes'}`
  return `${clause} ${valueWords(condition.field, condition.value ?? null, names)}`
}

type TGroupInput = TRuleDraftInput['conditions']

/** A group's conditions joined by "and" (all) or "or" (any); a nested group in parentheses. */
export function describeGroup(group: TGroupInput | TRuleGroup, names: TRuleNames): string {
  const joiner = group.match === 'any' ? 'or' : 'and'
  const parts = group.conditions.map((entry) =>
    entry.type === 'group'
      ? `(${describeGroup(entry, names)})`
      : describeCondition(entry as TRuleCondition, names),
  )
  return listed(parts, joiner)
}

/** One action as an imperative: "set priority to High", "add tags vip and refund". */
export function describeAction(action: TRuleAction, names: TRuleNames): string {
  switch (action.type) {
    case 'set-priority':
      return action.priority ? `set priority to ${names.priority(action.priority)}` : 'clear the priority'
    case 'set-status':
      return `set status to ${names.status(action.status)}`
    case 'set-category':
      return `set category to ${names.category(action.category)}`
    case 'set-group':
      return action.groupId
        ? `hand it to ${names.group(action.groupId) ?? 'a removed group'}`
        : 'take it out of its group'
    case 'set-assignee':
      return action.assigneeId
        ? `assign it to ${names.member(action.assigneeId) ?? 'a former member'}`
        : 'unassign it'
    case 'route':
      return 'route it to an agent of its group'
    case 'add-tags':
      return `add ${action.tags.length === 1 ? 'tag' : 'tags'} ${listed(action.tags)}`
    case 'remove-tags':
      return `remove ${action.tags.length === 1 ? 'tag' : 'tags'} ${listed(action.tags)}`
    case 'internal-note':
      return 'add an internal note'
    case 'email-reply':
      return 'reply to the requester'
    case 'webhook':
      return `call the webhook at ${webhookHost(action.url)}`
    case 'mark-spam':
      return 'mark it as spam'
  }
}

function webhookHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * A rule as one plain sentence, the way a manager would say it: "When a new ticket arrives and the subject
 * contains "refund", set priority to High and stop". Reading it back is how a wrong "any" or a negation
 * shows before the rule touches a ticket.
 */
export function describeRule(
  rule: Pick<TRuleDraftInput, 'kind' | 'stopHere' | 'conditions'> & { actions: readonly TRuleAction[] },
  names: TRuleNames,
): string {
  const { conditions: entries, match } = rule.conditions
  const words = entries.length > 0 ? describeGroup(rule.conditions, names) : ''
  // A top-level "or" after the opening's "and" would read as part of it: "arrives and A or B".
  const conditions = match === 'any' && entries.length > 1 ? `(${words})` : words
  const opening = conditions ? `${KIND_OPENINGS[rule.kind]} and ${conditions}` : KIND_OPENINGS[rule.kind]
  const doings = [
    ...rule.actions.map((action) => describeAction(action, names)),
    ...(rule.stopHere ? ['stop'] : []),
  ]
  return doings.length > 0 ? `${opening}, ${listed(doings)}` : `${opening}, do nothing yet`
}

/** A status or priority as the app labels it: `in-progress` → "In progress", `high` → "High". */
export function choiceLabel(value: string): string {
  const words = value.replaceAll('-', ' ')
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}

/** The names a rule refers to, from the workspace's members, groups and categories as the page has them. */
export function ruleNames(lookup: {
  members: readonly { id: string; name: string }[]
  groups: readonly { id: string; name: string }[]
  category(key: string): string
}): TRuleNames {
  return {
    status: choiceLabel,
    priority: choiceLabel,
    category: lookup.category,
    group: (id) => lookup.groups.find((group) => group.id === id)?.name,
    member: (id) => lookup.members.find((member) => member.id === id)?.name,
  }
}
