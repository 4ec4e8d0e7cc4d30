import {
  CategoryKey,
  type TDefaultCategoryKey,
  type TTicketCategory,
  type TTicketEntities,
  type TTicketPriority,
} from '@parsedesk/contracts'
import type { TPriorityReason } from '../priority/priority-rules'

const theOrder = (entities: TTicketEntities) =>
  entities.orderNumbers.length > 0 ? `order ${entities.orderNumbers.slice(0, 3).join(', ')}` : 'the order'
const invoiceRef = (entities: TTicketEntities) =>
  entities.invoiceNumbers.length > 0 ? ` (invoice ${entities.invoiceNumbers.slice(0, 3).join(', ')})` : ''

/** What an agent does on a spam or bulk mail: never the reply that would confirm the address to a spammer. */
export const SPAM_NEXT_STEP =
  'No reply: nobody is waiting for an answer. Close the ticket; if a customer wrote it after all, reopen it and answer it.'

// What an agent does first for each category of the default taxonomy, by key, so a workspace that
// renames a category keeps its step.
const STEPS: Record<TDefaultCategoryKey, (entities: TTicketEntities) => string> = {
  'technical-problem': () =>
    'Try to reproduce it, then reply with a fix, or ask for the exact error message, the device or browser and the version.',
  'bug-report': () =>
    'Try to reproduce it from what the customer describes, then reply with a workaround or when a fix is expected.',
  'account-access': () =>
    "Confirm the customer's identity, then make or explain the requested account change.",
  'billing-payment': (entities) =>
    `Check the customer's charges and invoices${invoiceRef(entities)}, and reply with the correction or an explanation.`,
  'orders-delivery': (entities) =>
    `Look up ${theOrder(entities)} and reply with its status or the requested change.`,
  'refund-cancellation': (entities) =>
    `Make or confirm the cancellation or refund${entities.orderNumbers.length > 0 ? ` for ${theOrder(entities)}` : ''}, and tell the customer when it takes effect and when to expect any money back.`,
  'feature-request': () =>
    'Thank the customer, record the request for the product team, and reply with whether something similar exists or is planned.',
  'privacy-legal': () =>
    'Confirm receipt now and pass it to whoever handles privacy and legal requests: data-protection requests must be answered within a month under the GDPR.',
  feedback: () => 'Thank the customer and pass the feedback on to the team concerned.',
  'spam-marketing': () => SPAM_NEXT_STEP,
  other: () =>
    'No category fits well: read it, then reply or pass it to the colleague who knows the subject.',
}
const STEP_BY_CATEGORY = new Map<string, (entities: TTicketEntities) => string>(Object.entries(STEPS))

export type SuggestNextStepOptions = {
  category: TTicketCategory
  priority: TTicketPriority
  reasons: readonly TPriorityReason[]
  entities: TTicketEntities
  /** Set when the ticket is filed under "other" because the model cannot read its language: its name. */
  triageLanguage?: string
}

/** One or two sentences on what to do first, from the category, the priority signals and what is missing. */
export function suggestNextStep(options: SuggestNextStepOptions): string {
  const { category, priority, reasons, entities } = options
  if (category.key === CategoryKey.spam) return SPAM_NEXT_STEP
  const fired = new Set(reasons.map((reason) => reason.rule))
  const steps: string[] = []
  if (fired.has('security')) steps.push('Treat this as a security incident: secure the account and escalate.')
  else if (fired.has('data-loss'))
    steps.push('Stop further changes to the affected data and escalate to restore it.')
  else if (fired.has('outage'))
    steps.push('Check whether the service is down for others and escalate to the engineer on call.')
  const step = STEP_BY_CATEGORY.get(category.key)
  steps.push(
    options.triageLanguage
      ? `Needs triage: it is written in ${options.triageLanguage}. Read it, or pass it to a colleague who reads ${options.triageLanguage}, then choose its category and reply.`
      : step
        ? step(entities)
        : `Reply to the customer, or pass the ticket to the colleague who handles ${category.name.toLowerCase()}.`,
  )
  if (category.key === 'orders-delivery' && entities.orderNumbers.length === 0)
    steps.push('Ask for the order number.')
  const text = steps.join(' ').replace(/\s+/g, ' ')
  return priority === 'high' ? `Answer first. ${text}` : text
}
