import {
  SLA_UNPRIORITISED_AS,
  SlaMetric,
  TicketEventType,
  type TSlaConditions,
  type TSlaMetric,
  type TSlaPolicyRules,
  type TTicketPriority,
} from '@parsedesk/contracts'
import { statusSpells, type TMetricEvent } from '../metrics/metric-events'
import { ticketMetrics } from '../metrics/ticket-metrics'
import { slaClock, type TSlaClock, type TTimeline } from './sla-clock'

/** The fields a policy's conditions read, as the ticket held them after some event. */
export type TSlaTicketFields = {
  priority: TTicketPriority | null
  groupId: string | null
  category: string | null
  tags: readonly string[]
  mailboxId: string | null
}

export type TSlaPolicy = TSlaPolicyRules & { id: string }

const anyOf = <T>(allowed: readonly T[], value: T | null) =>
  allowed.length === 0 || (value !== null && allowed.includes(value))

export function policyMatches(conditions: TSlaConditions, ticket: TSlaTicketFields): boolean {
  return (
    anyOf(conditions.priorities, ticket.priority) &&
    anyOf(conditions.groupIds, ticket.groupId) &&
    anyOf(conditions.categories, ticket.category) &&
    (conditions.tags.length === 0 || conditions.tags.some((tag) => ticket.tags.includes(tag))) &&
    anyOf(conditions.mailboxIds, ticket.mailboxId)
  )
}

/** The ordered list's first policy matching the ticket, or none. */
export const firstMatch = (policies: readonly TSlaPolicy[], ticket: TSlaTicketFields): TSlaPolicy | null =>
  policies.find((policy) => policyMatches(policy.conditions, ticket)) ?? null

/** The ticket's fields after each event, replayed from the log (the mailbox never changes on one). */
function fieldsAfter(fields: TSlaTicketFields, event: TMetricEvent): TSlaTicketFields {
  switch (event.type) {
    case TicketEventType.created:
      return {
        ...fields,
        priority: event.after.priority,
        category: event.after.category,
        tags: event.after.tags,
      }
    // The analyser's choice fills what the ticket lacks; a member's own choice stays.
    case TicketEventType.analysed:
      return {
        ...fields,
        priority: fields.priority ?? event.after.priority,
        category: fields.category ?? event.after.category,
      }
    case TicketEventType.priority:
      return { ...fields, priority: event.after }
    case TicketEventType.category:
      return { ...fields, category: event.after }
    case TicketEventType.tags:
      return { ...fields, tags: event.after }
    case TicketEventType.group:
      return { ...fields, groupId: event.after }
    default:
      return fields
  }
}

export type TTicketSla = {
  policyId: string | null
  /** When the policy and priority now in force were applied: the first match or the latest re-apply. */
  appliedAt: number | null
  clocks: Partial<Record<TSlaMetric, TSlaClock>>
}

/**
 * A ticket's SLA from its events: the policy re-matched after every event that changes what conditions
 * read; a change of policy or priority re-applies the targets and keeps the time used (decision 054).
 */
export function ticketSla(
  events: readonly TMetricEvent[],
  mailboxId: string | null,
  policies: readonly TSlaPolicy[],
  now: number,
  time: TTimeline,
): TTicketSla {
  let fields: TSlaTicketFields = { priority: null, groupId: null, category: null, tags: [], mailboxId }
  let policy = null as TSlaPolicy | null
  let priority: TTicketPriority = SLA_UNPRIORITISED_AS
  let appliedAt: number | null = null
  for (const event of events) {
    fields = fieldsAfter(fields, event)
    const matched = firstMatch(policies, fields)
    const effective = fields.priority ?? SLA_UNPRIORITISED_AS
    if (matched?.id !== policy?.id || (matched && effective !== priority))
      appliedAt = matched ? event.at : null
    policy = matched
    priority = effective
  }
  // A ticket written before the event log (migration 018) has no created event: when it opened is unknown,
  // so no target can run. Without this, any change of such a ticket in a workspace with policies failed.
  const opened = events.some((event) => event.type === TicketEventType.created)
  if (!policy || appliedAt === null || !opened) return { policyId: null, appliedAt: null, clocks: {} }
  const metrics = ticketMetrics(events, now, time.business)
  const spells = statusSpells(events)
  const targets = policy.targets[priority]
  const runs = {
    [SlaMetric.firstReply]: metrics.firstReply,
    [SlaMetric.nextReply]: metrics.nextReplies.at(-1) ?? null,
    [SlaMetric.resolution]: metrics.fullResolution,
  }
  const clocks: Partial<Record<TSlaMetric, TSlaClock>> = {}
  for (const metric of Object.values(SlaMetric)) {
    const target = targets[metric]
    const run = runs[metric]
    if (!target || !run) continue
    clocks[metric] = slaClock(
      { start: run.start, stop: run.stop, target, appliedAt, spells, paused: policy.pausedStatuses, now },
      time,
    )
  }
  return { policyId: policy.id, appliedAt, clocks }
}
