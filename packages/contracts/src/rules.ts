import { RE2JS } from 're2js'
import { z } from 'zod'
import { ZListName } from './groups'
import { SlaMetric, type TSlaMetric } from './sla'
import { TICKET_PRIORITIES } from './ticket-priorities'
import { TICKET_STATUSES, TicketLimits, ZTicketTags } from './tickets'

/**
 * Automation rules (issue 25): when a ticket is created, changed, or has waited long enough, conditions on
 * the mail, the ticket, its requester and the clock decide, and actions change the ticket, answer, call a
 * webhook or hand it to routing. Owners and admins write rules; every member reads them. Decision 051.
 */
export const RuleLimits = {
  name: 80,
  rulesPerWorkspace: 200,
  /** Conditions in one rule, counted through every nested group. */
  conditions: 50,
  /** Groups inside groups: the rule's own group is depth 1. */
  groupDepth: 3,
  actions: 20,
  /** A condition's text value, and each word of a word list. */
  value: 1000,
  words: 50,
  /** A regular expression's pattern; RE2 runs in linear time, but a long pattern still compiles slowly. */
  pattern: 500,
  /** How much of a field a condition reads: a longer body is cut to this many characters first. */
  input: 100_000,
  /** A header or custom field's key. */
  key: 100,
  replySubject: 998,
  replyBody: 20_000,
  note: 20_000,
  webhookUrl: 2000,
  /** A webhook call gets this long to answer before it counts as failed (and is tried again). */
  webhookTimeoutMs: 5000,
  /** One requester gets at most one automatic reply from a workspace in this many minutes. */
  autoReplyEveryMinutes: 60,
  /** Rules whose actions change fields run again on the changed ticket, at most this many passes in all. */
  passes: 5,
  /** The dry run looks at this many days of tickets, at most `dryRunTickets` of them, and lists a few. */
  dryRunDays: 30,
  dryRunTickets: 5000,
  dryRunListed: 50,
} as const

/** When a rule runs: on a new ticket, on a change (a member's or the customer's reply), or every minute. */
export const RuleKind = { onCreate: 'on-create', onUpdate: 'on-update', scheduled: 'scheduled' } as const
export const RULE_KINDS = ['on-create', 'on-update', 'scheduled'] as const
export type TRuleKind = (typeof RULE_KINDS)[number]

/** What a condition reads. `message.*` is the mail that triggered the run (none for member changes). */
export const RuleField = {
  subject: 'message.subject',
  body: 'message.body',
  sender: 'message.sender',
  recipients: 'message.recipients',
  /** One header by name (`key`), e.g. `X-Priority`. */
  header: 'message.header',
  /** The names of the mail's attachments; "is not empty" means it has one. */
  attachment: 'message.attachment',
  /** Where the mail came in: `email` (SMTP, IMAP, webhook) or `form`/`api`. */
  channel: 'message.channel',
  /** Whether the mail opened the ticket (`new`) or answers it (`reply`). */
  newOrReply: 'message.new-or-reply',
  status: 'ticket.status',
  priority: 'ticket.priority',
  category: 'ticket.category',
  group: 'ticket.group',
  assignee: 'ticket.assignee',
  tags: 'ticket.tags',
  /** A custom field by its key (`key`), as the ticket's `customFields` holds it. */
  customField: 'ticket.custom-field',
  requesterEmail: 'requester.email',
  requesterName: 'requester.name',
  hoursSinceCreated: 'time.hours-since-created',
  hoursSinceCustomer: 'time.hours-since-customer-message',
  hoursSinceAgent: 'time.hours-since-agent-message',
  /** An SLA target's clock as the ledger last left it (decision 070): breached, or due within minutes. */
  slaFirstReply: 'sla.first-reply',
  slaNextReply: 'sla.next-reply',
  slaResolution: 'sla.resolution',
} as const
export const RULE_FIELDS = Object.values(RuleField) as [TRuleField, ...TRuleField[]]
export type TRuleField = (typeof RuleField)[keyof typeof RuleField]

export const RuleOperator = {
  equals: 'equals',
  notEquals: 'not-equals',
  contains: 'contains',
  notContains: 'not-contains',
  /** Matches when the text holds at least one of the words (whole words, any case). */
  anyWords: 'any-words',
  noneWords: 'none-words',
  regex: 'regex',
  isEmpty: 'is-empty',
  isNotEmpty: 'is-not-empty',
  /** On-update only: the field differs from before the change. */
  changed: 'changed',
  /** On-update only: the field changed, and to this value. */
  changedTo: 'changed-to',
  greaterThan: 'greater-than',
  lessThan: 'less-than',
  /** SLA fields: the target's time is used up and it is not yet fulfilled. */
  breached: 'breached',
  /** SLA fields: the target runs and is due within this many minutes (not yet breached). */
  dueWithin: 'due-within',
} as const
export const RULE_OPERATORS = Object.values(RuleOperator) as [TRuleOperator, ...TRuleOperator[]]
export type TRuleOperator = (typeof RuleOperator)[keyof typeof RuleOperator]

/** How a field's value reads: what operators and value it takes. */
export type TRuleFieldShape = 'text' | 'list' | 'choice' | 'number' | 'custom' | 'sla'

export const RULE_FIELD_SHAPES: Record<TRuleField, TRuleFieldShape> = {
  'message.subject': 'text',
  'message.body': 'text',
  'message.sender': 'text',
  'message.recipients': 'list',
  'message.header': 'text',
  'message.attachment': 'list',
  'message.channel': 'choice',
  'message.new-or-reply': 'choice',
  'ticket.status': 'choice',
  'ticket.priority': 'choice',
  'ticket.category': 'choice',
  'ticket.group': 'choice',
  'ticket.assignee': 'choice',
  'ticket.tags': 'list',
  'ticket.custom-field': 'custom',
  'requester.email': 'text',
  'requester.name': 'text',
  'time.hours-since-created': 'number',
  'time.hours-since-customer-message': 'number',
  'time.hours-since-agent-message': 'number',
  'sla.first-reply': 'sla',
  'sla.next-reply': 'sla',
  'sla.resolution': 'sla',
}

/** The SLA target each SLA field reads. */
export const RULE_SLA_METRICS: Partial<Record<TRuleField, TSlaMetric>> = {
  'sla.first-reply': SlaMetric.firstReply,
  'sla.next-reply': SlaMetric.nextReply,
  'sla.resolution': SlaMetric.resolution,
}

/** Whether any condition of the group reads an SLA clock (only then are the clocks read for a batch). */
export const readsSla = (group: TRuleGroup): boolean =>
  group.conditions.some((entry) =>
    entry.type === 'group' ? readsSla(entry) : RULE_FIELD_SHAPES[entry.field] === 'sla',
  )

const TEXT_OPERATORS: readonly TRuleOperator[] = [
  'equals',
  'not-equals',
  'contains',
  'not-contains',
  'any-words',
  'none-words',
  'regex',
  'is-empty',
  'is-not-empty',
]
const CHANGE_OPERATORS: readonly TRuleOperator[] = ['changed', 'changed-to']

/** Which operators a field takes (the editor offers these; the server refuses any other). */
export const RULE_OPERATORS_BY_SHAPE: Record<TRuleFieldShape, readonly TRuleOperator[]> = {
  text: TEXT_OPERATORS,
  list: ['contains', 'not-contains', 'any-words', 'none-words', 'regex', 'is-empty', 'is-not-empty'],
  choice: ['equals', 'not-equals', 'is-empty', 'is-not-empty', ...CHANGE_OPERATORS],
  number: ['greater-than', 'less-than'],
  custom: [...TEXT_OPERATORS, 'greater-than', 'less-than', ...CHANGE_OPERATORS],
  sla: ['breached', 'due-within'],
}

/** Fields whose key names what to read (a header's name, a custom field's key). */
export const KEYED_RULE_FIELDS: readonly TRuleField[] = ['message.header', 'ticket.custom-field']

/** Operators that take no value. */
export const VALUELESS_RULE_OPERATORS: readonly TRuleOperator[] = [
  'is-empty',
  'is-not-empty',
  'changed',
  'breached',
]
/** Operators whose value is a list of words. */
export const WORD_RULE_OPERATORS: readonly TRuleOperator[] = ['any-words', 'none-words']
/** Operators whose value is a number. */
export const NUMBER_RULE_OPERATORS: readonly TRuleOperator[] = ['greater-than', 'less-than', 'due-within']

/** The values `message.channel` and `message.new-or-reply` take. */
export const RULE_CHANNELS = ['email', 'form', 'api'] as const
export const RULE_MESSAGE_KINDS = ['new', 'reply'] as const

export const RuleMessages = {
  managersOnly: "Only the workspace's owners and admins can manage rules",
  nameRequired: `A rule's name is 1 to ${RuleLimits.name} characters`,
  nameTaken: 'A rule of that name already exists in this workspace',
  tooManyRules: `A workspace has at most ${RuleLimits.rulesPerWorkspace} rules`,
  tooManyConditions: `A rule has at most ${RuleLimits.conditions} conditions`,
  tooDeep: `Groups go at most ${RuleLimits.groupDepth} deep`,
  emptyGroup: 'A group needs at least one condition',
  actionsRequired: `A rule has 1 to ${RuleLimits.actions} actions`,
  operatorNotForField: 'This operator does not apply to that field',
  keyRequired: 'Name the header or custom field this condition reads',
  valueRequired: 'This condition needs a value',
  numberRequired: 'This condition compares with a number',
  wordsRequired: `List 1 to ${RuleLimits.words} words`,
  valueLength: `A value is at most ${RuleLimits.value.toLocaleString('en-US')} characters`,
  changeOnlyOnUpdate: '"Changed" and "changed to" only apply to rules that run when a ticket is updated',
  dueWithinMinutes: '"Due within" takes a whole number of minutes above 0',
  slaNotOnCreate:
    'SLA conditions apply to scheduled rules and rules run on an update: a new ticket has no SLA clock yet',
  patternLength: `A regular expression is at most ${RuleLimits.pattern} characters`,
  /** Followed by RE2's own reason, e.g. "invalid or unsupported Perl syntax: `(?=`". */
  patternInvalid:
    'This regular expression is not supported (rules use RE2: no look-ahead, look-behind or back-references)',
  webhookUrl: 'A webhook goes to a full https:// or http:// address',
  webhookHost: 'A webhook cannot go to a private, loopback or link-local address',
  webhookHttps: 'A webhook goes to an https:// address (http:// only to a host the server allows)',
  replyBodyRequired: 'An automatic reply needs a text',
  noteRequired: 'An internal note needs a text',
  tagsRequired: 'Name at least one tag',
  groupNotInWorkspace: 'must be a group of this workspace',
  assigneeNotMember: 'must be a confirmed member of this workspace',
  /** A saved action this server cannot carry out yet (an automatic reply, a webhook, routing not set up). */
  actionUnavailable: 'This action is not available on this server yet',
  /** Written on the timeline when the pass cap stopped rules re-running. */
  passCapReached: `Rules kept changing this ticket: stopped after ${RuleLimits.passes} passes`,
  dryRunSummary: (matched: number, scanned: number) =>
    `Would match ${matched.toLocaleString('en-US')} of the last ${RuleLimits.dryRunDays} days' ${scanned.toLocaleString('en-US')} tickets`,
} as const

/** A rule's pattern compiled for RE2 (linear time), any case; throws when RE2 refuses it. */
export function compileRulePattern(pattern: string): { test(input: string): boolean } {
  return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE)
}

/** Why a pattern cannot be used, in words; null when RE2 accepts it. Shared by the editor and the server. */
export function rulePatternProblem(pattern: string): string | null {
  if (pattern.length > RuleLimits.pattern) return RuleMessages.patternLength
  try {
    compileRulePattern(pattern)
    return null
  } catch (error) {
    return `${RuleMessages.patternInvalid}: ${error instanceof Error ? error.message : String(error)}`
  }
}

const ZRuleValue = z.union([
  z.string().max(RuleLimits.value, RuleMessages.valueLength),
  z.number().finite(),
  z.array(z.string().trim().min(1).max(RuleLimits.value, RuleMessages.valueLength)).max(RuleLimits.words),
  z.null(),
])
export type TRuleValue = z.infer<typeof ZRuleValue>

/** One test: `field` (and `key` for a header or custom field) `operator` `value`; `negate` reverses it. */
export const ZRuleCondition = z
  .object({
    type: z.literal('condition'),
    field: z.enum(RULE_FIELDS),
    key: z.string().trim().max(RuleLimits.key).nullable().default(null),
    operator: z.enum(RULE_OPERATORS),
    value: ZRuleValue.default(null),
    negate: z.boolean().default(false),
  })
  .strict()
  .superRefine((condition, ctx) => {
    const problem = ruleConditionProblem(condition)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path })
  })
export type TRuleCondition = z.infer<typeof ZRuleCondition>

/** A condition's first problem (operator, key, value, pattern), or null: what the editor shows beside it. */
export function ruleConditionProblem(
  condition: Pick<TRuleCondition, 'field' | 'key' | 'operator' | 'value'>,
): { path: string[]; message: string } | null {
  const { field, key, operator, value } = condition
  if (!RULE_OPERATORS_BY_SHAPE[RULE_FIELD_SHAPES[field]].includes(operator)) {
    return { path: ['operator'], message: RuleMessages.operatorNotForField }
  }
  if (KEYED_RULE_FIELDS.includes(field) && !key) return { path: ['key'], message: RuleMessages.keyRequired }
  if (VALUELESS_RULE_OPERATORS.includes(operator)) return null
  if (operator === 'due-within') {
    return typeof value === 'number' && Number.isInteger(value) && value > 0
      ? null
      : { path: ['value'], message: RuleMessages.dueWithinMinutes }
  }
  if (NUMBER_RULE_OPERATORS.includes(operator)) {
    return typeof value === 'number' ? null : { path: ['value'], message: RuleMessages.numberRequired }
  }
  if (WORD_RULE_OPERATORS.includes(operator)) {
    return Array.isArray(value) && value.length > 0
      ? null
      : { path: ['value'], message: RuleMessages.wordsRequired }
  }
  if (typeof value !== 'string' || value.length === 0) {
    return { path: ['value'], message: RuleMessages.valueRequired }
  }
  if (operator === 'regex') {
    const problem = rulePatternProblem(value)
    return problem ? { path: ['value'], message: problem } : null
  }
  return null
}

export type TRuleGroup = {
  type: 'group'
  /** `all`: every entry must hold; `any`: one is enough. */
  match: 'all' | 'any'
  conditions: (TRuleCondition | TRuleGroup)[]
}
export const RULE_GROUP_MATCHES = ['all', 'any'] as const

/** A group as sent: its conditions may leave out what has a default (`key`, `value`, `negate`). */
export type TRuleGroupInput = {
  type: 'group'
  match: 'all' | 'any'
  conditions: (z.input<typeof ZRuleCondition> | TRuleGroupInput)[]
}

const ZRuleGroupTree: z.ZodType<TRuleGroup, TRuleGroupInput> = z.lazy(() =>
  z
    .object({
      type: z.literal('group'),
      match: z.enum(RULE_GROUP_MATCHES),
      conditions: z
        .array(z.union([ZRuleCondition, ZRuleGroupTree]))
        .max(RuleLimits.conditions, RuleMessages.tooManyConditions),
    })
    .strict(),
)

/** How deep groups nest in a value as sent (the root group is 1), walked without recursion. */
function sentGroupDepth(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  for (let next = stack.pop(); next && deepest <= RuleLimits.groupDepth; next = stack.pop()) {
    const [group, depth] = next
    const conditions = (group as { conditions?: unknown } | null)?.conditions
    if (!Array.isArray(conditions)) continue
    deepest = Math.max(deepest, depth)
    for (const entry of conditions) if (typeof entry === 'object') stack.push([entry, depth + 1])
  }
  return deepest
}

/**
 * A rule's conditions. Their nesting is counted before the recursive schema reads them: groups sent
 * 10,000 deep would exhaust its stack (a 500) before the depth limit could refuse them.
 */
export const ZRuleGroup = z
  .custom<TRuleGroupInput>((value) => sentGroupDepth(value) <= RuleLimits.groupDepth, RuleMessages.tooDeep)
  .pipe(ZRuleGroupTree)

/** Visits every condition of a group, depth first, with how deep its group sits (the root is 1). */
export function forEachRuleCondition(
  group: TRuleGroup,
  visit: (condition: TRuleCondition, depth: number) => void,
  depth = 1,
): void {
  for (const entry of group.conditions) {
    if (entry.type === 'group') forEachRuleCondition(entry, visit, depth + 1)
    else visit(entry, depth)
  }
}

function groupProblem(group: TRuleGroup, depth: number): string | null {
  if (depth > RuleLimits.groupDepth) return RuleMessages.tooDeep
  if (depth > 1 && group.conditions.length === 0) return RuleMessages.emptyGroup
  for (const entry of group.conditions) {
    if (entry.type !== 'group') continue
    const problem = groupProblem(entry, depth + 1)
    if (problem) return problem
  }
  return null
}

export const RuleActionType = {
  setPriority: 'set-priority',
  setStatus: 'set-status',
  setCategory: 'set-category',
  setGroup: 'set-group',
  setAssignee: 'set-assignee',
  /** Hand the ticket to routing: its group's strategy picks the assignee. */
  route: 'route',
  addTags: 'add-tags',
  removeTags: 'remove-tags',
  note: 'internal-note',
  /** Mail the requester (an auto-acknowledgement): placeholders as in macros, e.g. `{{ticket.number}}`. */
  emailReply: 'email-reply',
  /** POST the ticket to a URL, signed with the rule's secret (`X-Parsedesk-Signature`). */
  webhook: 'webhook',
  markSpam: 'mark-spam',
} as const
export type TRuleActionType = (typeof RuleActionType)[keyof typeof RuleActionType]
export const RULE_ACTION_TYPES = Object.values(RuleActionType) as [TRuleActionType, ...TRuleActionType[]]

/** The placeholders an automatic reply may hold. */
export const RULE_REPLY_PLACEHOLDERS = [
  'ticket.number',
  'ticket.subject',
  'requester.name',
  'requester.firstName',
  'requester.email',
] as const

export const ZRuleWebhookUrl = z
  .string()
  .trim()
  .max(RuleLimits.webhookUrl, RuleMessages.webhookUrl)
  .refine((url) => {
    try {
      const parsed = new URL(url)
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === ''
    } catch {
      return false
    }
  }, RuleMessages.webhookUrl)

export const ZRuleAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('set-priority'), priority: z.enum(TICKET_PRIORITIES).nullable() }).strict(),
  z.object({ type: z.literal('set-status'), status: z.enum(TICKET_STATUSES) }).strict(),
  z
    .object({
      type: z.literal('set-category'),
      category: z.string().trim().min(1).max(TicketLimits.category),
    })
    .strict(),
  z.object({ type: z.literal('set-group'), groupId: z.string().max(36).nullable() }).strict(),
  z.object({ type: z.literal('set-assignee'), assigneeId: z.string().max(36).nullable() }).strict(),
  z.object({ type: z.literal('route') }).strict(),
  z
    .object({
      type: z.literal('add-tags'),
      tags: ZTicketTags.refine((t) => t.length > 0, RuleMessages.tagsRequired),
    })
    .strict(),
  z
    .object({
      type: z.literal('remove-tags'),
      tags: ZTicketTags.refine((t) => t.length > 0, RuleMessages.tagsRequired),
    })
    .strict(),
  z
    .object({
      type: z.literal('internal-note'),
      body: z.string().trim().min(1, RuleMessages.noteRequired).max(RuleLimits.note),
    })
    .strict(),
  z
    .object({
      type: z.literal('email-reply'),
      /** Empty: "Re: " and the ticket's subject. */
      subject: z.string().max(RuleLimits.replySubject).default(''),
      body: z.string().trim().min(1, RuleMessages.replyBodyRequired).max(RuleLimits.replyBody),
    })
    .strict(),
  z.object({ type: z.literal('webhook'), url: ZRuleWebhookUrl }).strict(),
  z.object({ type: z.literal('mark-spam') }).strict(),
])
export type TRuleAction = z.infer<typeof ZRuleAction>

/** The ticket fields an action sets: two rules setting one differently conflict (see `lintRules`). */
export function ruleActionField(action: TRuleAction): string | null {
  switch (action.type) {
    case 'set-priority':
      return 'priority'
    case 'set-status':
      return 'status'
    case 'set-category':
      return 'category'
    case 'set-group':
      return 'group'
    case 'set-assignee':
    case 'route':
      return 'assignee'
    default:
      return null
  }
}

const ZRuleName = ZListName(RuleLimits.name, RuleMessages.nameRequired)

/** A rule as the editor writes it (and the dry run takes). */
export const ZRuleDraft = z
  .object({
    name: ZRuleName,
    enabled: z.boolean().default(true),
    kind: z.enum(RULE_KINDS),
    /** Rules run in ascending position; ties by creation. */
    position: z.number().int().min(0).max(1_000_000).default(0),
    /** When this rule matches, later rules do not run for the ticket in this pass. */
    stopHere: z.boolean().default(false),
    conditions: ZRuleGroup,
    actions: z
      .array(ZRuleAction)
      .min(1, RuleMessages.actionsRequired)
      .max(RuleLimits.actions, RuleMessages.actionsRequired),
  })
  .superRefine((rule, ctx) => {
    const nesting = groupProblem(rule.conditions, 1)
    if (nesting) ctx.addIssue({ code: 'custom', message: nesting, path: ['conditions'] })
    let count = 0
    let changeOutsideUpdate = false
    let slaOnCreate = false
    forEachRuleCondition(rule.conditions, (condition) => {
      count++
      if (CHANGE_OPERATORS.includes(condition.operator) && rule.kind !== 'on-update')
        changeOutsideUpdate = true
      if (RULE_FIELD_SHAPES[condition.field] === 'sla' && rule.kind === 'on-create') slaOnCreate = true
    })
    if (count > RuleLimits.conditions) {
      ctx.addIssue({ code: 'custom', message: RuleMessages.tooManyConditions, path: ['conditions'] })
    }
    if (changeOutsideUpdate) {
      ctx.addIssue({ code: 'custom', message: RuleMessages.changeOnlyOnUpdate, path: ['conditions'] })
    }
    if (slaOnCreate) {
      ctx.addIssue({ code: 'custom', message: RuleMessages.slaNotOnCreate, path: ['conditions'] })
    }
  })
export type TRuleDraft = z.infer<typeof ZRuleDraft>
export type TRuleDraftInput = z.input<typeof ZRuleDraft>

/** What a manager sends to create a rule; `teamId` defaults to the caller's own workspace. */
export const ZRuleCreate = ZRuleDraft.safeExtend({ teamId: z.string().max(36).optional() })
export type TRuleCreate = z.input<typeof ZRuleCreate>

/** A change to a rule: any of the draft's fields (the whole draft is checked again after merging). */
export const ZRuleUpdate = z
  .object({
    name: ZRuleName,
    enabled: z.boolean(),
    kind: z.enum(RULE_KINDS),
    position: z.number().int().min(0).max(1_000_000),
    stopHere: z.boolean(),
    conditions: ZRuleGroup,
    actions: z
      .array(ZRuleAction)
      .min(1, RuleMessages.actionsRequired)
      .max(RuleLimits.actions, RuleMessages.actionsRequired),
  })
  .partial()
export type TRuleUpdate = z.input<typeof ZRuleUpdate>

/**
 * A rule as stored (collection `rules`). `webhookSecret` is made by the server when the rule is created
 * and signs its webhook calls; only managers read it.
 */
export const ZRuleAttributes = z.object({
  teamId: z.string(),
  name: z.string().max(RuleLimits.name),
  enabled: z.boolean(),
  kind: z.enum(RULE_KINDS),
  position: z.number().int(),
  stopHere: z.boolean(),
  conditions: ZRuleGroup,
  actions: z.array(ZRuleAction),
  webhookSecret: z.string().max(100).nullable(),
})
export type TRuleAttributes = z.infer<typeof ZRuleAttributes>

/** One condition's outcome on the timeline: where it sits, what it read and whether it held. */
export const ZRuleConditionOutcome = z.object({
  /** Indexes from the rule's group down, e.g. `[1, 0]` is the first entry of the second entry. */
  path: z.array(z.number().int()),
  field: z.enum(RULE_FIELDS),
  key: z.string().nullable(),
  operator: z.enum(RULE_OPERATORS),
  /** The value read, cut to 200 characters (a list to 20 entries). */
  actual: z.json(),
  matched: z.boolean(),
})
export type TRuleConditionOutcome = z.infer<typeof ZRuleConditionOutcome>

/**
 * A rule's evaluation on one ticket (`ticket_events` type `rule-evaluated`). A matched rule lists every
 * condition it read and the changes it made. Rules that did not match are kept together in one
 * `rule-misses` event per pass (`ZRuleMisses`); `matched: false` remains readable for events written
 * before that.
 */
export const ZRuleEvaluation = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  kind: z.enum(RULE_KINDS),
  pass: z.number().int(),
  matched: z.boolean(),
  conditions: z.array(ZRuleConditionOutcome),
  /** What the actions did, in words the timeline shows ("priority high → low", "auto-reply suppressed: bulk mail"). */
  changes: z.array(z.string()),
})
export type TRuleEvaluation = z.infer<typeof ZRuleEvaluation>

/**
 * A missed rule's failing condition as written since decision 067's Session 21: the value it read is
 * `valueIndex` into its event's `values`, where a desk's keyword rules all read the same subject.
 */
const ZRuleMissCondition = ZRuleConditionOutcome.omit({ actual: true }).extend({
  valueIndex: z.number().int().nonnegative(),
})

/** A rule that did not fire, and its first failing condition: what the reader asks, "why not?". */
export const ZRuleMiss = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  /**
   * Null when the rule failed without a condition that did not hold (an empty "any" group). Since Session
   * 22 an index into its event's `conditions`, where a desk's keyword rules all fail alike; events written
   * before hold the condition itself, and before Session 21 with the value in it.
   */
  condition: z.union([z.number().int().nonnegative(), ZRuleMissCondition, ZRuleConditionOutcome]).nullable(),
})
export type TRuleMiss = z.infer<typeof ZRuleMiss>

/**
 * The rules that did not fire on one ticket in one pass (`ticket_events` type `rule-misses`), in their
 * order: one row for all of them, where a row per rule made a desk's keyword rules the heaviest part of
 * every new ticket's log (decision 067, Session 15), and each value read once (Session 21). Written with
 * `ruleMissesOf`, read with `readRuleMisses`.
 */
export const ZRuleMisses = z
  .object({
    kind: z.enum(RULE_KINDS),
    pass: z.number().int(),
    /** The values the conditions read, each once; absent in events written before Session 21. */
    values: z.array(z.json()).optional(),
    /** The failing conditions, each once; absent in events written before Session 22. */
    conditions: z.array(ZRuleMissCondition).optional(),
    rules: z.array(ZRuleMiss),
  })
  .refine(
    ({ values, conditions, rules }) =>
      [...(conditions ?? []), ...rules.map((rule) => rule.condition)].every(
        (condition) =>
          condition === null ||
          typeof condition === 'number' ||
          !('valueIndex' in condition) ||
          condition.valueIndex < (values?.length ?? 0),
      ),
    { message: 'a condition points past the values read', path: ['rules'] },
  )
  .refine(
    ({ conditions, rules }) =>
      rules.every(({ condition }) => typeof condition !== 'number' || condition < (conditions?.length ?? 0)),
    { message: 'a rule points past the conditions', path: ['rules'] },
  )
export type TRuleMisses = z.infer<typeof ZRuleMisses>

/** A rule that did not fire, with its failing condition and the value that condition read. */
export type TRuleMissRead = Omit<TRuleMiss, 'condition'> & { condition: TRuleConditionOutcome | null }

/**
 * The `rule-misses` event of a pass: each distinct value read is kept once, and each distinct failing
 * condition (the rules point at it): 49 keyword rules failing on one subject were 8.5 KB a ticket with the
 * conditions spelled out per rule, 3.7 KB as indexes (decision 067, Session 22).
 */
export function ruleMissesOf(kind: TRuleKind, pass: number, misses: readonly TRuleMissRead[]): TRuleMisses {
  const values: TRuleConditionOutcome['actual'][] = []
  const valueIndexes = new Map<string, number>()
  const conditions: z.infer<typeof ZRuleMissCondition>[] = []
  const conditionIndexes = new Map<string, number>()
  const indexIn = <T>(list: T[], indexes: Map<string, number>, item: T) => {
    const key = JSON.stringify(item)
    const known = indexes.get(key)
    if (known !== undefined) return known
    const index = list.push(item) - 1
    indexes.set(key, index)
    return index
  }
  const rules = misses.map(({ ruleId, ruleName, condition }) => {
    if (!condition) return { ruleId, ruleName, condition: null }
    const { actual, ...read } = condition
    const valueIndex = indexIn(values, valueIndexes, actual)
    return { ruleId, ruleName, condition: indexIn(conditions, conditionIndexes, { ...read, valueIndex }) }
  })
  return { kind, pass, values, conditions, rules }
}

/** Each rule of a `rule-misses` event with the value its condition read, from an event of any form. */
export function readRuleMisses(misses: TRuleMisses): TRuleMissRead[] {
  return misses.rules.map(({ ruleId, ruleName, condition }) => {
    const stored = typeof condition === 'number' ? misses.conditions?.[condition] : condition
    if (!stored || 'actual' in stored) return { ruleId, ruleName, condition: stored ?? null }
    const { valueIndex, ...read } = stored
    return { ruleId, ruleName, condition: { ...read, actual: misses.values?.[valueIndex] ?? null } }
  })
}

/**
 * Why a rule's automatic reply was not sent, as the timeline says it (decision 065): never to a mail that
 * is itself automatic, spam or maybe forged (an auto-reply must not make the helpdesk a relay), never twice
 * an hour to one requester, never past the workspace's sending limits.
 */
export const AutoReplySkipped = {
  noMail: 'auto-reply not sent: no customer mail to answer',
  automatic: 'auto-reply not sent: the mail is automatic (auto-reply, bulk, list or no-reply sender)',
  dmarc: 'auto-reply not sent: the sender failed DMARC (the From may be forged)',
  spam: 'auto-reply not sent: the ticket is spam',
  recent: `auto-reply not sent: this requester had one in the last ${RuleLimits.autoReplyEveryMinutes} minutes`,
  limit: "auto-reply not sent: the workspace's sending limit is reached",
  noAddress: 'auto-reply not sent: the workspace has no address to send from',
} as const

/** What the timeline says of an action that was carried out. */
export const RuleActionDone = {
  autoReply: (to: string) => `auto-reply queued to ${to}`,
  webhook: (host: string) => `webhook queued to ${host}`,
} as const

/** A rule's webhook call as the timeline keeps it (`ticket_events` type `rule-webhook`). */
export const ZRuleWebhookOutcome = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  /** The address's host only: its path or query may hold the receiver's own token. */
  host: z.string(),
  delivered: z.boolean(),
  /** Which try this was (1 for the first). */
  attempt: z.number().int(),
  /** The HTTP status answered; null when none came (timeout, refused address, no connection). */
  status: z.number().int().nullable(),
  /** Why it failed, in a line; null when delivered. */
  error: z.string().nullable(),
})
export type TRuleWebhookOutcome = z.infer<typeof ZRuleWebhookOutcome>

/** What a webhook's receiver gets as the JSON body, signed (decision 065). */
export const ZRuleWebhookBody = z.object({
  event: z.literal('rule.matched'),
  rule: z.object({ id: z.string(), name: z.string() }),
  ticket: z.object({
    id: z.string(),
    number: z.number().int(),
    subject: z.string(),
    status: z.string(),
    priority: z.string().nullable(),
    category: z.string().nullable(),
  }),
  sentAt: z.string(),
})
export type TRuleWebhookBody = z.infer<typeof ZRuleWebhookBody>

/**
 * The headers a webhook carries: `X-Parsedesk-Timestamp` (unix seconds) and `X-Parsedesk-Signature`
 * `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the rule's secret>`, so a receiver can refuse a
 * replayed or altered call.
 */
export const RuleWebhookHeaders = {
  signature: 'x-parsedesk-signature',
  timestamp: 'x-parsedesk-timestamp',
} as const

/** A rule's webhook secret, answered once when made (`POST .../rules/:ruleId/webhook-secret`). */
export const ZRuleWebhookSecret = z.object({ secret: z.string() })
export type TRuleWebhookSecret = z.infer<typeof ZRuleWebhookSecret>

/** The dry run: a draft against the last days' tickets of the workspace. */
export const ZRuleDryRunRequest = z.object({ rule: ZRuleDraft }).strict()
export type TRuleDryRunRequest = z.input<typeof ZRuleDryRunRequest>

export const ZRuleDryRunResult = z.object({
  matched: z.number().int(),
  scanned: z.number().int(),
  days: z.number().int(),
  /** The newest matching tickets, at most `RuleLimits.dryRunListed`. */
  tickets: z.array(
    z.object({ id: z.string(), number: z.number().int(), subject: z.string(), createdAt: z.string() }),
  ),
})
export type TRuleDryRunResult = z.infer<typeof ZRuleDryRunResult>
