import { RuleLimits, type TRuleField, type TTicketRow } from '@parsedesk/contracts'
import type { TAutomationMail } from '../tickets/ticket-automation'

/** The ticket's fields rules read (the dry run reads only these, never a ticket's raw source). */
export type TRuleTicket = Pick<
  TTicketRow,
  'status' | 'priority' | 'category' | 'groupId' | 'assigneeId' | 'tags' | 'email' | 'created_at'
> & { customFields?: Record<string, string | number | null> | null }

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
  }
}
