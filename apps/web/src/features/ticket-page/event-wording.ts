import {
  TicketEventActor,
  TicketEventType,
  type TTicketEventChange,
  type TTicketPriority,
  type TTicketStatus,
  UntrustedMailReason,
  ZTicketEventChange,
} from '@parsedesk/contracts'
import { explainRouting } from '@/features/routing/routing-wording'
import { explainPassCap, explainRuleEvaluation, explainRuleMisses } from '@/features/rules/rule-explanation'
import { PRIORITY_LABELS, STATUS_LABELS, type TTicketEventDocument } from './ticket-page-model'

/** Who the page can name: members by user id, groups by id; anyone else is described, never shown as an id. */
export type TNames = {
  member(userId: string): string | undefined
  group(groupId: string): string | undefined
  /** A category's name from the key a ticket stores (an older ticket's stored name as it is). */
  category(stored: string): string
}

/** A member no longer in the workspace (or not loaded yet) is still someone who acted. */
export const FORMER_MEMBER = 'A former member'
export const REMOVED_GROUP = 'A removed group'
export const THE_CUSTOMER = 'The customer'
export const THE_SERVER = 'Parsedesk'

export function actorName(
  event: Pick<TTicketEventDocument, 'actorType' | 'actorId'>,
  names: Pick<TNames, 'member'>,
): string {
  if (event.actorType === TicketEventActor.customer) return THE_CUSTOMER
  if (event.actorType === TicketEventActor.system || !event.actorId) return THE_SERVER
  return names.member(event.actorId) ?? FORMER_MEMBER
}

function statusLabel(status: TTicketStatus): string {
  return STATUS_LABELS[status]
}

function priorityLabel(priority: TTicketPriority | null): string {
  return priority ? PRIORITY_LABELS[priority] : 'none'
}

function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** "added tags vip and refund, removed tag spam": what changed between two lists, in words. */
export function describeListChange(
  before: readonly string[],
  after: readonly string[],
  noun: { one: string; many: string },
): string {
  const added = after.filter((item) => !before.includes(item))
  const removed = before.filter((item) => !after.includes(item))
  const part = (verb: string, items: string[]) =>
    `${verb} ${items.length === 1 ? noun.one : noun.many} ${listed(items)}`
  const parts = [added.length > 0 && part('added', added), removed.length > 0 && part('removed', removed)]
  const words = parts.filter(Boolean).join(', ')
  return words || `left the ${noun.many} as they were`
}

/** "added ed@partner.example to CC, removed ann@example.com from CC": who else gets the replies now. */
export function describeCcChange(before: readonly string[], after: readonly string[]): string {
  const added = after.filter((address) => !before.includes(address))
  const removed = before.filter((address) => !after.includes(address))
  const parts = [
    added.length > 0 && `added ${listed(added)} to CC`,
    removed.length > 0 && `removed ${listed(removed)} from CC`,
  ]
  return parts.filter(Boolean).join(', ') || 'left the CC as it was'
}

type TUntrustedMail = Extract<TTicketEventChange, { type: typeof TicketEventType.untrustedMail }>['after']

/**
 * Why this ticket's mail did not join the ticket it names (decision 024): typing a ticket's number gets
 * nobody into its conversation, and a From the receiving server found forged joins nothing.
 */
export function describeUntrustedMail({ reason, mentions, copiesLeftOut }: TUntrustedMail): string {
  const named = mentions ? `#${mentions.number}` : null
  if (reason === UntrustedMailReason.stranger) {
    const ticket = named ?? 'another ticket'
    return `This mail mentions ${ticket} but was not added to it: its sender is neither ${ticket}’s requester nor on its CC`
  }
  const kept = [
    named && `it was not added to ${named}`,
    copiesLeftOut.length > 0 &&
      `${listed(copiesLeftOut)} ${copiesLeftOut.length === 1 ? 'was' : 'were'} not added to CC`,
  ].filter(Boolean)
  const consequence = kept.length > 0 ? `: ${kept.join(', and ')}` : ''
  return `The receiving server says this mail failed DMARC, so its sender may be forged${consequence}`
}

/** The addresses a customer's mail added to the ticket's CC (`cc` events by the customer), for removing. */
export function copiesAddedByMail(
  event: Pick<TTicketEventDocument, 'type' | 'actorType' | 'before' | 'after'>,
): string[] {
  if (event.actorType !== TicketEventActor.customer) return []
  const parsed = ZTicketEventChange.safeParse({ type: event.type, before: event.before, after: event.after })
  if (!parsed.success || parsed.data.type !== TicketEventType.cc) return []
  const { before, after } = parsed.data
  return after.filter((address) => !before.includes(address))
}

/**
 * The sentence the timeline shows for one event ("Grace set status Pending", "Ada assigned Grace",
 * "Analysis: Billing and payment, high", "Reopened by the customer"). Events the timeline shows as a
 * message of the conversation (mail in, reply, note) are worded too, for when their message is gone.
 */
export function describeEvent(
  event: Pick<TTicketEventDocument, 'ticketId' | 'type' | 'actorType' | 'actorId' | 'before' | 'after'>,
  names: TNames,
): string {
  const who = actorName(event, names)
  const parsed = ZTicketEventChange.safeParse({ type: event.type, before: event.before, after: event.after })
  if (!parsed.success) return `${who} changed the ticket`
  return describeChange(parsed.data, {
    who,
    names,
    ticketId: event.ticketId,
    byCustomer: event.actorType === TicketEventActor.customer,
  })
}

type TContext = { who: string; names: TNames; ticketId: string; byCustomer: boolean }

function describeChange(change: TTicketEventChange, { who, names, ticketId, byCustomer }: TContext): string {
  switch (change.type) {
    case TicketEventType.created:
      return byCustomer ? 'The customer’s mail opened the ticket' : `${who} created the ticket`
    case TicketEventType.messageIn:
      return 'The customer wrote again'
    case TicketEventType.status:
      return `${who} set status ${statusLabel(change.after)}`
    case TicketEventType.reopened:
      return byCustomer
        ? 'Reopened by the customer'
        : `${who} reopened the ticket (${statusLabel(change.after)})`
    case TicketEventType.priority:
      return change.after
        ? `${who} set priority ${priorityLabel(change.after)}`
        : `${who} cleared the priority`
    case TicketEventType.category:
      return change.after
        ? `${who} set category ${names.category(change.after)}`
        : `${who} cleared the category`
    case TicketEventType.assignee: {
      if (!change.after) {
        const previous = change.before ? (names.member(change.before) ?? FORMER_MEMBER) : 'the ticket'
        return `${who} unassigned ${previous}`
      }
      return `${who} assigned ${names.member(change.after) ?? FORMER_MEMBER}`
    }
    case TicketEventType.tags:
      return `${who} ${describeListChange(change.before, change.after, { one: 'tag', many: 'tags' })}`
    case TicketEventType.analysed: {
      const category = change.after.category && names.category(change.after.category)
      const verdict = [category, change.after.priority].filter(Boolean).join(', ')
      return `Analysis: ${verdict || 'no category or priority'}`
    }
    case TicketEventType.replyOut:
      return `${who} replied`
    case TicketEventType.note:
      return `${who} wrote an internal note`
    case TicketEventType.delivery:
      return `Reply ${change.after.state}`
    case TicketEventType.group:
      return change.after
        ? `${who} set group ${names.group(change.after) ?? REMOVED_GROUP.toLowerCase()}`
        : `${who} cleared the group`
    case TicketEventType.cc:
      return byCustomer
        ? `The customer’s mail ${describeCcChange(change.before, change.after)}`
        : `${who} ${describeCcChange(change.before, change.after)}`
    case TicketEventType.requester:
      return `${who} changed the requester`
    case TicketEventType.merge: {
      if (change.after.source === ticketId) return `${who} merged this ticket into another one`
      const moved = `${change.after.messages} ${change.after.messages === 1 ? 'message' : 'messages'}`
      return `${who} merged a duplicate into this ticket (${moved} moved)`
    }
    case TicketEventType.split:
      return change.after.source === ticketId
        ? `${who} split a message off into a new ticket`
        : `${who} split this ticket off another one`
    case TicketEventType.spam: {
      if (!change.after.spam) return `${who} said the ticket is not spam`
      const blocked = change.after.blocked ? ` and blocked ${change.after.blocked}` : ''
      return `${who} marked the ticket spam${blocked}`
    }
    case TicketEventType.untrustedMail:
      return describeUntrustedMail(change.after)
    case TicketEventType.satisfaction: {
      const rating = change.after.rating === 'good' ? 'Good' : 'Bad'
      const comment = change.after.comment.trim() ? `: “${change.after.comment.trim()}”` : ''
      const agent = change.after.agentId ? names.member(change.after.agentId) : undefined
      return `The customer rated the help ${rating}${comment}${agent ? ` (credited to ${agent})` : ''}`
    }
    case TicketEventType.locked:
      return 'Locked: the customer’s next mail opens a follow-up ticket'
    case TicketEventType.followUp:
      return change.after.source === ticketId
        ? `The customer wrote again: follow-up #${change.after.targetNumber} was opened`
        : `Follow-up of #${change.after.sourceNumber}, which was locked`
    case TicketEventType.pendingReminder:
      return 'The customer was reminded that the ticket waits on them'
    case TicketEventType.ruleEvaluated:
      return explainRuleEvaluation(change.after).summary
    case TicketEventType.ruleMisses:
      return explainRuleMisses(change.after).summary
    case TicketEventType.rulePassCap:
      return explainPassCap([])
    case TicketEventType.routed:
      return explainRouting(change.after, names.member)
    case TicketEventType.ruleWebhook:
      return change.after.delivered
        ? `Rule “${change.after.ruleName}” called its webhook at ${change.after.host}`
        : `Rule “${change.after.ruleName}” could not call its webhook at ${change.after.host} (${change.after.error ?? 'failed'}, ${change.after.attempt} tries)`
    // A kind added to the log after this build: still someone's change, in general words.
    default:
      return `${who} changed the ticket`
  }
}
