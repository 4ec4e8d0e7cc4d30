import {
  listAnalysisFields,
  type TSentimentLabel,
  type TTicketEntities,
  type TTicketPriority,
  writeAnalysisText,
} from '@parsedesk/contracts'
import type { TPriorityReason } from '../priority/priority-rules'

export type ComposeAnalysisOptions = {
  summary: string
  category: string
  /** Why this category, as describeCategoryReason or a rule says it: "91% confident", "spam (...)". */
  categoryReason: string
  priority: TTicketPriority
  /** Why the priority is what it is, each quoting the ticket: from formatReasons, or an LLM's own reasons. */
  priorityReasons: readonly string[]
  sentiment: TSentimentLabel
  /** The language's name in English, e.g. "German". */
  language: string
  entities: TTicketEntities
  nextStep: string
}

/**
 * The plain-English analysis stored in the ticket's description: a few short lines an agent reads at a
 * glance, in the shape the dashboard's panel reads back (writeAnalysisText in the contracts).
 */
export function composeAnalysis(options: ComposeAnalysisOptions): string {
  return writeAnalysisText({
    summary: options.summary,
    category: options.category,
    categoryReason: options.categoryReason,
    priority: options.priority,
    priorityReasons: [...options.priorityReasons],
    sentiment: options.sentiment,
    language: options.language,
    fields: listAnalysisFields(options.entities),
    nextStep: options.nextStep,
  })
}

/** Why the category, as the description and the stored analysis say it: a rule's reason, or the model's confidence. */
export function describeCategoryReason(options: {
  confidence: number
  /** Set when no category fitted well enough and the category is the fallback. */
  closestCategory?: { name: string; confidence: number }
  /** Set when a rule, not the model, chose the category: "spam (bulk mail: List-Unsubscribe header)". */
  categoryReason?: string
}): string {
  if (options.categoryReason !== undefined) return options.categoryReason
  return options.closestCategory
    ? `no category fits well; closest is ${options.closestCategory.name} at ${percent(options.closestCategory.confidence)}`
    : `${percent(options.confidence)} confident`
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

/** A probability as a reader says it: 0.283 is "28%". */
export function percent(value: number): string {
  return `${Math.round(value * 100)}%`
}
