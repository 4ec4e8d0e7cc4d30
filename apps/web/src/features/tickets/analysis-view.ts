import {
  readTicketAnalysis,
  type TSentimentLabel,
  type TTicketAnalysisReading,
  type TTicketAnalysisRecord,
} from '@parsedesk/contracts'

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
      /** "Local model" or the LLM's name, beside the "AI Generated" badge; null when the analysis does not say. */
      madeBy: string | null
    }

/** Said instead of the analyser's reason once an agent has changed the field: the reason was for another value. */
export const SET_BY_AGENT = 'Set by an agent'

const ENGLISH_OR_UNKNOWN = new Set(['English', 'unknown'])

/**
 * The panel's view of a ticket's analysis: its `analysis` field, or the description's lines of a ticket
 * analysed before the field (decision 023). The category and priority are the ticket's own (an agent may
 * have changed them since), each with the analyser's reasons only while it is the value they explain.
 * `nameOf` names a category's key as the ticket's workspace does.
 */
export function toAnalysisView(
  ticket: {
    description: string
    analysis?: TTicketAnalysisRecord | null
    /** The category's key, as a ticket stores it. */
    category?: string | null
    priority?: string | null
  },
  nameOf: (category: string) => string,
): TAnalysisView {
  const analysis = readTicketAnalysis(ticket)
  if (!analysis) return { kind: 'text', text: ticket.description }
  const priority = ticket.priority ?? analysis.priority
  const category = shownCategory({ analysis, stored: ticket.category, nameOf })
  return {
    kind: 'parts',
    summary: analysis.summary,
    category: {
      name: category.name,
      reason: category.isAnalysed ? analysis.categoryReason : SET_BY_AGENT,
    },
    priority: {
      level: priority,
      reasons: priority === analysis.priority ? analysis.priorityReasons : [SET_BY_AGENT],
    },
    fields: analysis.fields.map(({ label, value }) => ({ label, value })),
    nextStep: analysis.nextStep,
    sentiment: analysis.sentiment === 'neutral' ? null : analysis.sentiment,
    language: ENGLISH_OR_UNKNOWN.has(analysis.language) ? null : analysis.language,
    madeBy: analysis.madeBy,
  }
}

/** The category the ticket shows, and whether it is the one the analysis chose (so its reason stands). */
function shownCategory(options: {
  analysis: TTicketAnalysisReading
  stored: string | null | undefined
  nameOf: (category: string) => string
}): { name: string; isAnalysed: boolean } {
  const { analysis, stored, nameOf } = options
  if (analysis.from === 'field') {
    const key = stored ?? analysis.category
    return { name: nameOf(key), isAnalysed: key === analysis.category }
  }
  // The lines of an older analysis name the category as the workspace called it then, not by its key.
  const name = stored ? nameOf(stored) : analysis.category
  return { name, isAnalysed: name === analysis.category }
}
