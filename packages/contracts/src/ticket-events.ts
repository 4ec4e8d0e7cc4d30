import { z } from 'zod'
import { OUTBOUND_MAIL_STATES } from './outbox'
import { ZRoutingDecision } from './routing'
import { ZRuleEvaluation, ZRuleMisses, ZRuleWebhookOutcome } from './rules'
import { SATISFACTION_RATINGS } from './satisfaction'
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketLimits,
  TicketStatus,
  ZTicketCc,
  ZTicketTags,
} from './tickets'

/**
 * What happened to a ticket, one event per change (decision 013). The agent workflow's next kinds (reply
 * out, note, merge, group) are added here, to `ZTicketEventChange` and to the table's check constraint.
 */
export const TicketEventType = {
  created: 'created',
  messageIn: 'message-in',
  status: 'status',
  /** A status change out of `closed`: by the customer's mail or by an agent. */
  reopened: 'reopened',
  priority: 'priority',
  category: 'category',
  assignee: 'assignee',
  tags: 'tags',
  /** The analyser's verdict, kept whether or not an agent's choice wins on the ticket. */
  analysed: 'analysed',
  /** A member's reply, sent through the outbox to the requester. */
  replyOut: 'reply-out',
  /** A member's internal note: on the timeline, never mailed. */
  note: 'note',
  /** A reply's mail changed delivery state in the outbox (sent, failed...). */
  delivery: 'delivery',
  group: 'group',
  cc: 'cc',
  requester: 'requester',
  /** Written on both tickets: the duplicate (source) and the ticket it was merged into (target). */
  merge: 'merge',
  /** A message moved out of a ticket into a new one: written on both. */
  split: 'split',
  /** A member marked the ticket spam (and maybe blocked its sender), or said it is no spam after all. */
  spam: 'spam',
  /**
   * A customer's mail opened this ticket instead of joining the one it names, or its From may be forged
   * (the receiving server's DMARC check failed): said on the new ticket, with whom it copied left out.
   */
  untrustedMail: 'untrusted-mail',
  // Listed in the order the migrations add them to the table's check (046, 047 before 050): the schema
  // agreement test compares the two lists as they are.
  /** An automation rule was evaluated on the ticket: what it read, matched or why not, what it changed. */
  ruleEvaluated: 'rule-evaluated',
  /** Rules kept changing the ticket and the pass cap stopped them (decision 051). */
  rulePassCap: 'rule-pass-cap',
  /** Routing weighed a group's members for the ticket: who it chose and why (decision 052). */
  routed: 'routed',
  /** The requester rated the help from their survey's link (decision 057). */
  satisfaction: 'satisfaction',
  /** Closed long enough: the customer's next mail opens a follow-up ticket instead (decision 057). */
  locked: 'locked',
  /** A locked ticket's customer wrote again: written on both, the locked `source` and the new `target`. */
  followUp: 'follow-up',
  /** A pending ticket's requester was reminded that it waits on them (decision 057). */
  pendingReminder: 'pending-reminder',
  /** A rule's webhook was delivered, or failed for good after its retries (decision 065). */
  ruleWebhook: 'rule-webhook',
  /** The rules that did not fire in a pass, each with its first failing condition (migration 058). */
  ruleMisses: 'rule-misses',
} as const
export type TTicketEventType = (typeof TicketEventType)[keyof typeof TicketEventType]
export const TICKET_EVENT_TYPES = Object.values(TicketEventType) as [TTicketEventType, ...TTicketEventType[]]

/**
 * The events that explain what automation did (what each rule read, whom routing weighed, a webhook's
 * outcome) and change nothing: no metric, SLA clock or report reads them, and they are a new ticket's
 * heaviest rows, so the readers that compute from the log leave them out.
 */
export const EXPLANATION_EVENT_TYPES: readonly TTicketEventType[] = [
  TicketEventType.ruleEvaluated,
  TicketEventType.ruleMisses,
  TicketEventType.rulePassCap,
  TicketEventType.routed,
  TicketEventType.ruleWebhook,
]

/** Who made a change: a signed-in member (by user id), the customer (by mail) or the server itself. */
export const TicketEventActor = { user: 'user', customer: 'customer', system: 'system' } as const
export type TTicketEventActorType = (typeof TicketEventActor)[keyof typeof TicketEventActor]
export const TICKET_EVENT_ACTORS = Object.values(TicketEventActor) as [
  TTicketEventActorType,
  ...TTicketEventActorType[],
]

/** An event as stored: the ticket, its workspace (whose members read it), who, what, before and after. */
export const ZTicketEventAttributes = z.object({
  ticketId: z.string(),
  teamId: z.string(),
  type: z.enum(TICKET_EVENT_TYPES),
  actorType: z.enum(TICKET_EVENT_ACTORS),
  /** The member's user id when `actorType` is `user`; null for the customer and the server. */
  actorId: z.string().nullable(),
  before: z.json().nullable(),
  after: z.json().nullable(),
})
export type TTicketEventAttributes = z.infer<typeof ZTicketEventAttributes>

export const ZTicketEventActor = z.discriminatedUnion('actorType', [
  z.object({ actorType: z.literal(TicketEventActor.user), actorId: z.string() }),
  z.object({ actorType: z.literal(TicketEventActor.customer), actorId: z.null() }),
  z.object({ actorType: z.literal(TicketEventActor.system), actorId: z.null() }),
])
export type TTicketEventActor = z.infer<typeof ZTicketEventActor>

const ZStatus = z.enum(TICKET_STATUSES)
const ZPriority = z.enum(TICKET_PRIORITIES).nullable()
const ZCategory = z.string().max(TicketLimits.category).nullable()
const ZAssignee = z.string().max(36).nullable()
const ZGroup = z.string().max(36).nullable()
const ZRequester = z.string().max(36).nullable()
const ZTicketPair = z.object({ source: z.string(), target: z.string() })

/** Why a customer's mail was kept off the ticket it names (decision 024). */
export const UntrustedMailReason = {
  /**
   * Named by its subject tag, or by a customer's Message-ID (which may be guessable) rather than one of our
   * replies', from an address that is neither the requester nor on its copies.
   */
  stranger: 'stranger',
  /** The receiving server wrote `dmarc=fail`: the From may be forged, so the mail joins nothing. */
  dmarcFail: 'dmarc-fail',
} as const
export type TUntrustedMailReason = (typeof UntrustedMailReason)[keyof typeof UntrustedMailReason]
export const UNTRUSTED_MAIL_REASONS = Object.values(UntrustedMailReason) as [
  TUntrustedMailReason,
  ...TUntrustedMailReason[],
]

/** A ticket's workflow fields (`TTicketWorkflowFields`) as a new ticket starts with them. */
const ZWorkflowFields = z.object({
  status: ZStatus,
  priority: ZPriority,
  category: ZCategory,
  assigneeId: ZAssignee,
  tags: ZTicketTags,
})

const ZAnalysedFields = z.object({ category: ZCategory, priority: ZPriority })

const change = <T extends TTicketEventType, B extends z.ZodType, A extends z.ZodType>(
  type: T,
  before: B,
  after: A,
) => z.object({ type: z.literal(type), before, after })

/** What each kind of event holds before and after; a reader parses an event's `{type, before, after}`. */
export const ZTicketEventChange = z.discriminatedUnion('type', [
  change(TicketEventType.created, z.null(), ZWorkflowFields),
  /** The conversation message (a `messages` document id) the customer's mail added. */
  change(TicketEventType.messageIn, z.null(), z.object({ message: z.string() })),
  change(TicketEventType.status, ZStatus, ZStatus),
  change(TicketEventType.reopened, z.literal(TicketStatus.closed), ZStatus),
  change(TicketEventType.priority, ZPriority, ZPriority),
  change(TicketEventType.category, ZCategory, ZCategory),
  change(TicketEventType.assignee, ZAssignee, ZAssignee),
  change(TicketEventType.tags, ZTicketTags, ZTicketTags),
  /** `before`: what the ticket held; `after`: what the analyser chose (the original of any correction). */
  change(TicketEventType.analysed, ZAnalysedFields, ZAnalysedFields),
  /** The conversation message the reply became (a `messages` document) and its mail in the outbox. */
  change(TicketEventType.replyOut, z.null(), z.object({ message: z.string(), mail: z.string() })),
  /** The conversation message (a `messages` document) the note is. */
  change(TicketEventType.note, z.null(), z.object({ message: z.string() })),
  /** The reply's mail (`mail`, an outbox document) reached `after.state` from `before`'s. */
  change(
    TicketEventType.delivery,
    z.enum(OUTBOUND_MAIL_STATES),
    z.object({ message: z.string(), mail: z.string(), state: z.enum(OUTBOUND_MAIL_STATES) }),
  ),
  change(TicketEventType.group, ZGroup, ZGroup),
  change(TicketEventType.cc, ZTicketCc, ZTicketCc),
  change(TicketEventType.requester, ZRequester, ZRequester),
  /** The duplicate `source` was merged into `target`; `messages` is how many of its messages moved. */
  change(TicketEventType.merge, z.null(), ZTicketPair.extend({ messages: z.number().int() })),
  /** `message` moved from `source` into the new ticket `target`. */
  change(TicketEventType.split, z.null(), ZTicketPair.extend({ message: z.string() })),
  /**
   * `after.spam`: marked spam (true) or not spam (false); `blocked`, the address or domain blocked with
   * it. The category and status it changed are logged as their own events beside it.
   */
  change(
    TicketEventType.spam,
    z.null(),
    z.object({ spam: z.boolean(), blocked: z.string().max(TicketLimits.email).nullable() }),
  ),
  /**
   * `mentions`: the ticket the mail named (by subject tag or Message-ID) and did not join, null when it
   * named none; `copiesLeftOut`: whom it copied that did not join this ticket's copies.
   */
  change(
    TicketEventType.untrustedMail,
    z.null(),
    z.object({
      reason: z.enum(UNTRUSTED_MAIL_REASONS),
      mentions: z.object({ id: z.string(), number: z.number().int() }).nullable(),
      copiesLeftOut: ZTicketCc,
    }),
  ),
  /** `agentId`: the member credited, who closed the ticket; `survey`: the survey answered. */
  change(
    TicketEventType.satisfaction,
    z.null(),
    z.object({
      survey: z.string(),
      rating: z.enum(SATISFACTION_RATINGS),
      comment: z.string(),
      agentId: z.string().nullable(),
    }),
  ),
  /** `closedAt`: the closing the lock follows. */
  change(TicketEventType.locked, z.null(), z.object({ closedAt: z.string() })),
  change(
    TicketEventType.followUp,
    z.null(),
    ZTicketPair.extend({ sourceNumber: z.number().int(), targetNumber: z.number().int() }),
  ),
  /** `mail`: the reminder in the outbox. */
  change(TicketEventType.pendingReminder, z.null(), z.object({ mail: z.string() })),
  change(TicketEventType.ruleEvaluated, z.null(), ZRuleEvaluation),
  /** `passes`: how many passes ran; `ruleIds`: the rules still changing the ticket in the last one. */
  change(
    TicketEventType.rulePassCap,
    z.null(),
    z.object({ passes: z.number().int(), ruleIds: z.array(z.string()) }),
  ),
  change(TicketEventType.routed, z.null(), ZRoutingDecision),
  change(TicketEventType.ruleWebhook, z.null(), ZRuleWebhookOutcome),
  change(TicketEventType.ruleMisses, z.null(), ZRuleMisses),
])
export type TTicketEventChange = z.infer<typeof ZTicketEventChange>
