import { readAnalysisText, type TSentimentLabel } from '@parsedesk/contracts'

/** What the Ticket Analysis panel shows, read from the ticket's stored analysis. */
export type TAnalysisView =
  /** An analysis not in the lines the analyser writes today (an older one): shown as it is. */
  | { kind: 'text'; text: string }
  | {
      kind: 'parts'
      summary: string
      category: { name: string; reason: string }
      priority: { level: string; reasons: string[] }
      fields: { label: string; value: string }[]
      nextStep: string
      /** Only when it says something: a neutral tone is the usual case and not worth a line. */
      sentiment: Exclude<TSentimentLabel, 'neutral'> | null
      /** Only when not English, the language agents are assumed to read. */
      language: string | null
    }

/** Said instead of the analyser's reason once an agent has changed the field: the reason was for another value. */
export const SET_BY_AGENT = 'Set by an agent'

const ENGLISH_OR_UNKNOWN = new Set(['English', 'unknown'])

/**
 * The panel's view of a ticket's analysis. The category and priority are the ticket's own (an agent may
 * have changed them since), each with the analyser's reasons only while it is the value they explain.
 */
export function toAnalysisView(ticket: {
  description: string
  category?: string | null
  priority?: string | null
}): TAnalysisView {
  const analysis = readAnalysisText(ticket.description)
  if (!analysis) return { kind: 'text', text: ticket.description }
  const category = ticket.category ?? analysis.category
  const priority = ticket.priority ?? analysis.priority
  return {
    kind: 'parts',
    summary: analysis.summary,
    category: {
      name: category,
      reason: category === analysis.category ? analysis.categoryReason : SET_BY_AGENT,
    },
    priority: {
      level: priority,
      reasons: priority === analysis.priority ? analysis.priorityReasons : [SET_BY_AGENT],
    },
    fields: analysis.fields.map(({ label, value }) => ({ label, value })),
    nextStep: analysis.nextStep,
    sentiment: analysis.sentiment === 'neutral' ? null : analysis.sentiment,
    language: ENGLISH_OR_UNKNOWN.has(analysis.language) ? null : analysis.language,
  }
}
