import type { TSentimentLabel, TTicketEntities, TTicketPriority } from '@parsedesk/contracts'
import type { TPriorityReason } from '../priority/priority-rules'

export type ComposeAnalysisOptions = {
  summary: string
  category: string
  confidence: number
  /** Set when no category fitted well enough and `category` is the fallback. */
  closestCategory?: { name: string; confidence: number }
  /** Set when a rule, not the model, chose the category: "spam (bulk mail: List-Unsubscribe header)". */
  categoryReason?: string
  priority: TTicketPriority
  /** Finishes "Priority: high, ..." — from explainPriority, or an LLM's own reasons. */
  priorityExplanation: string
  sentiment: TSentimentLabel
  /** The language's name in English, e.g. "German". */
  language: string
  entities: TTicketEntities
  nextStep: string
}

/** The plain-English analysis stored in the ticket's description: a few short lines an agent reads at a glance. */
export function composeAnalysis(options: ComposeAnalysisOptions): string {
  const lines = [
    `Summary: ${options.summary}`,
    options.categoryReason
      ? `Category: ${options.category}: ${options.categoryReason}.`
      : options.closestCategory
        ? `Category: ${options.category} (no category fits well; closest is ${options.closestCategory.name} at ${percent(options.closestCategory.confidence)}).`
        : `Category: ${options.category} (${percent(options.confidence)} confident).`,
    `Priority: ${options.priority}, ${options.priorityExplanation}.`,
    `Sentiment: ${options.sentiment}. Language: ${options.language}.`,
    `Found: ${describeEntities({ entities: options.entities })}.`,
    `Next step: ${options.nextStep}`,
  ]
  return lines.join('\n')
}

/** The reasons as short phrases, each quoting the ticket's words that set it off. */
export function formatReasons(options: { reasons: readonly TPriorityReason[] }): string[] {
  return options.reasons.map(
    (reason) => `${reason.reason} (${reason.evidence.map((quote) => `"${quote}"`).join(', ')})`,
  )
}

/** The reasons that push the way the priority went; the others would only confuse a reader. */
export function selectDecidingReasons(options: {
  priority: TTicketPriority
  reasons: readonly TPriorityReason[]
}): TPriorityReason[] {
  return options.reasons.filter((reason) =>
    reason.rule.startsWith('stated-')
      ? true
      : options.priority === 'low'
        ? reason.points < 0
        : reason.points > 0,
  )
}

/** "because the ticket asks for urgent help ("urgent") and ...", or why it is medium when nothing fired. */
export function explainPriority(options: { reasons: readonly string[] }): string {
  if (options.reasons.length === 0) return 'as nothing in the ticket points to urgency or to low stakes'
  return `because the ticket ${joinWords([...options.reasons])}`
}

function describeEntities(options: { entities: TTicketEntities }): string {
  const { entities } = options
  const parts: string[] = []
  const add = (name: string, values: string[]) => {
    if (values.length > 0) parts.push(`${name} ${values.join(', ')}`)
  }
  add('order numbers', entities.orderNumbers)
  add('invoice numbers', entities.invoiceNumbers)
  add(
    'amounts',
    entities.amounts.map((amount) => `${amount.value} ${amount.currency}`),
  )
  add('email addresses', entities.emails)
  add('phone numbers', entities.phones)
  add('links', entities.urls)
  add('products and versions', entities.products)
  add('error codes', entities.errorCodes)
  return parts.length === 0
    ? 'no order numbers, amounts, contacts, links, products or error codes'
    : parts.join('; ')
}

function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** A probability as a reader says it: 0.283 is "28%". */
export function percent(value: number): string {
  return `${Math.round(value * 100)}%`
}
