import type { TTicketEntities, TTicketPriority } from '@parsedesk/contracts'
import type { TPriorityReason } from '../priority/priority-rules'

type TStepContext = { entities: TTicketEntities; category: string }

const orderRef = (entities: TTicketEntities) =>
  entities.orderNumbers.length > 0 ? ` ${entities.orderNumbers.slice(0, 3).join(', ')}` : ''
const invoiceRef = (entities: TTicketEntities) =>
  entities.invoiceNumbers.length > 0 ? ` ${entities.invoiceNumbers.slice(0, 3).join(', ')}` : ''

// What an agent does first for each category of the default taxonomy (keys are plain-word names, lower case).
const STEP_BY_CATEGORY: Record<string, (context: TStepContext) => string> = {
  account: () => "Confirm the customer's identity, then make or explain the requested account change.",
  order: ({ entities }) =>
    `Look up order${orderRef(entities)} and confirm its status or the requested change.`,
  refund: ({ entities }) =>
    `Check the refund for order${orderRef(entities)} and tell the customer when to expect the money.`,
  delivery: ({ entities }) =>
    `Check the shipment of order${orderRef(entities)} and give the customer the expected delivery date.`,
  invoice: ({ entities }) => `Find invoice${invoiceRef(entities)} and send it, or explain the charge on it.`,
  payment: () => "Check the payment attempt and the customer's payment method, and offer another way to pay.",
  'shipping address': ({ entities }) =>
    `Update the shipping address on order${orderRef(entities)} if it has not shipped yet, and confirm it.`,
  contact: () => 'Reply personally, or hand the ticket to a human agent as the customer asks.',
  'cancellation fee': () => 'Explain which cancellation fee applies and how it is worked out.',
  feedback: () => 'Thank the customer and pass the feedback on to the team concerned.',
  newsletter: () => 'Change the newsletter subscription as asked and confirm it to the customer.',
}

// Categories whose first step needs an order or invoice number the customer may not have given.
const NEEDS_ORDER = new Set(['order', 'refund', 'delivery', 'shipping address', 'cancellation fee'])
const NEEDS_INVOICE = new Set(['invoice'])

export type SuggestNextStepOptions = {
  category: string
  priority: TTicketPriority
  reasons: readonly TPriorityReason[]
  entities: TTicketEntities
}

/** One or two sentences on what to do first, from the category, the priority signals and what is missing. */
export function suggestNextStep(options: SuggestNextStepOptions): string {
  const { priority, reasons, entities } = options
  const key = options.category.toLowerCase()
  const fired = new Set(reasons.map((reason) => reason.rule))
  const steps: string[] = []
  if (fired.has('security')) steps.push('Treat this as a security incident: secure the account and escalate.')
  else if (fired.has('data-loss'))
    steps.push('Stop further changes to the affected data and escalate to restore it.')
  else if (fired.has('outage'))
    steps.push('Check whether the service is down for others and escalate to the engineer on call.')
  const categoryStep = STEP_BY_CATEGORY[key]
  steps.push(
    categoryStep
      ? categoryStep({ entities, category: key })
      : `Route the ticket to the ${options.category} queue and reply to the customer.`,
  )
  if (NEEDS_ORDER.has(key) && entities.orderNumbers.length === 0) steps.push('Ask for the order number.')
  if (NEEDS_INVOICE.has(key) && entities.invoiceNumbers.length === 0)
    steps.push('Ask for the invoice number.')
  const text = steps.join(' ').replace(/\s+/g, ' ')
  return priority === 'high' ? `Answer first. ${text}` : text
}
