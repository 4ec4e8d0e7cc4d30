import {
  RULE_SLA_METRICS,
  RuleLimits,
  type TRuleField,
  type TSlaClockState,
  type TSlaMetric,
  type TTicketRow,
} from '@parsedesk/contracts'
import type { TAutomationMail } from '../tickets/ticket-automation'

/** The ticket's fields rules read (the dry run reads only these, never a ticket's raw source). */
export type TRuleTicket = Pick<
  TTicketRow,
  'status' | 'priority' | 'category' | 'groupId' | 'assigneeId' | 'tags' | 'email' | 'created_at'
> & { customFields?: Record<string, string | number | null> | null }

/** One SLA clock of a ticket as `sla_clocks` holds it (decision 063): what SLA conditions read. */
export type TRuleSlaClock = { state: TSlaClockState; dueAt: Date | null; breachedAt: Date | null }
export type TRuleSlaClocks = Partial<Record<TSlaMetric, TRuleSlaClock>>

/** What rules read about one ticket at one moment: the ticket, how it was, the mail and the clock. */
export type TRuleFacts = {
  ticket: TRuleTicket
  /** The ticket before the change that started this pass; null when nothing changed it (a new ticket). */
  before: TRuleTicket | null
  mail: TAutomationMail | null
  /** True when the mail answers the ticket rather than opening it. */
  reply: boolean
  requesterName: string | null
  lastCustomerAt: Date | null
  lastAgentAt: Date | null
  /** The ticket's SLA clocks; empty when it has none, or when no rule of the run reads them. */
  sla: TRuleSlaClocks
  now: Date
}

/** What a field holds: a text, a list of texts, a number, or nothing. */
export type TFieldValue = string | number | string[] | null

const hoursSince = (now: Date, at: Date | null): number | null =>
  at === null ? null : (now.getTime() - at.getTime()) / 3_600_000

/** Texts are cut before matching: a rule reads at most `RuleLimits.input` characters of any field. */
const cut = (text: string): string => text.slice(0, RuleLimits.input)

/** A custom field's value on a ticket (the templates helper adds `customFields`); null when it has none. */
function customField(ticket: TRuleTicket, key: string | null): TFieldValue {
  if (!key) return null
  const value = ticket.customFields?.[key]
  return typeof value === 'string' ? cut(value) : typeof value === 'number' ? value : null
}

/** The clock an SLA field reads; none when the ticket has no such target. */
export const slaClockOf = (facts: TRuleFacts, field: TRuleField): TRuleSlaClock | null => {
  const metric = RULE_SLA_METRICS[field]
  return (metric && facts.sla[metric]) || null
}

/**
 * A clock is breached when its breach is recorded, or when it runs past its due time and the minute's
 * alerts job has not recorded it yet; a fulfilled target no longer is (the escalation is about now).
 */
export function slaBreached(clock: TRuleSlaClock | null, now: Date): boolean {
  if (!clock || clock.state === 'fulfilled') return false
  if (clock.breachedAt !== null) return true
  return clock.state === 'active' && clock.dueAt !== null && clock.dueAt.getTime() <= now.getTime()
}

/** Minutes until the clock is due (negative once past it), whole; null when it is not counting down. */
function minutesLeft(clock: TRuleSlaClock | null, now: Date): number | null {
  if (!clock || clock.state === 'fulfilled' || clock.dueAt === null) return null
  return Math.round((clock.dueAt.getTime() - now.getTime()) / 60_000)
}

/** The value of `field` on `ticket` (for ticket fields) with `facts` giving the rest. */
export function readField(
  facts: TRuleFacts,
  field: TRuleField,
  key: string | null,
  ticket: TRuleTicket = facts.ticket,
): TFieldValue {
  const { mail, now } = facts
  switch (field) {
    case 'message.subject':
      return mail ? cut(mail.subject) : null
    case 'message.body':
      return mail ? cut(mail.body) : null
    case 'message.sender':
      return mail?.from ?? null
    case 'message.recipients':
      return mail?.recipients ?? []
    case 'message.header':
      return (key && mail?.headers[key.toLowerCase()]) || null
    case 'message.attachment':
      return mail?.attachmentNames ?? []
    case 'message.channel':
      return mail?.channel ?? null
    case 'message.new-or-reply':
      return mail ? (facts.reply ? 'reply' : 'new') : null
    case 'ticket.status':
      return ticket.status
    case 'ticket.priority':
      return ticket.priority
    case 'ticket.category':
      return ticket.category
    case 'ticket.group':
      return ticket.groupId
    case 'ticket.assignee':
      return ticket.assigneeId
    case 'ticket.tags':
      return ticket.tags
    case 'ticket.custom-field':
      return customField(ticket, key)
    case 'requester.email':
      return ticket.email
    case 'requester.name':
      return facts.requesterName
    case 'time.hours-since-created':
      return hoursSince(now, ticket.created_at)
    case 'time.hours-since-customer-message':
      return hoursSince(now, facts.lastCustomerAt)
    case 'time.hours-since-agent-message':
      return hoursSince(now, facts.lastAgentAt)
    case 'sla.first-reply':
    case 'sla.next-reply':
    case 'sla.resolution':
      return minutesLeft(slaClockOf(facts, field), now)
  }
}
