import type { TSentimentLabel, TTicketAnalysisRecord, TTicketEntities } from './analysis'
import type { TTicketPriority } from './ticket-priorities'

// The analysis is stored twice in one write: as the ticket's description, plain lines a person, a mail
// client or the seed's screens read as they are, and as the `analysis` field, the same parts as data
// (decision 023). This module writes the lines, and reads a ticket's analysis for the panel: from the
// field, or from the lines of a ticket analysed before the field. It stays free of zod: the dashboard
// imports it on its first paint.

/** The label each kind of extracted field has in the analysis and on the panel, in the order they are listed. */
export const ANALYSIS_ENTITY_LABELS = {
  orderNumbers: 'Order number',
  invoiceNumbers: 'Invoice number',
  amounts: 'Amount',
  products: 'Product',
  errorCodes: 'Error code',
  dates: 'Date',
  people: 'Person',
  companies: 'Company',
  emails: 'Email address',
  phones: 'Phone number',
  urls: 'Link',
} as const satisfies Record<keyof TTicketEntities, string>

export type TAnalysisEntityKind = keyof typeof ANALYSIS_ENTITY_LABELS

/** One extracted field, as the panel's table lists it. */
export type TAnalysisField = { kind: TAnalysisEntityKind; label: string; value: string }

/** The parts of an analysis as the description holds them. */
export type TAnalysisText = {
  summary: string
  category: string
  /** Why this category: "91% confident", "no category fits well; closest is Feedback at 28%", "spam (...)". */
  categoryReason: string
  priority: TTicketPriority
  /** Each reason quotes the customer's words that set it off; empty when nothing pointed either way. */
  priorityReasons: string[]
  sentiment: TSentimentLabel
  /** The language's name in English, e.g. "German". */
  language: string
  fields: TAnalysisField[]
  nextStep: string
}

const NO_PRIORITY_REASON = 'as nothing in the ticket points to urgency or to low stakes'
const NOTHING_FOUND =
  'nothing to copy out (no order or invoice numbers, amounts, products, error codes, dates, people, companies, contacts or links)'
const PRIORITIES: readonly TTicketPriority[] = ['high', 'medium', 'low']
const SENTIMENT_NAMES: readonly TSentimentLabel[] = ['angry', 'negative', 'neutral', 'positive']
const KIND_OF_LABEL = new Map<string, TAnalysisEntityKind>(
  Object.entries(ANALYSIS_ENTITY_LABELS).map(([kind, label]) => [label, kind as TAnalysisEntityKind]),
)

/** The extracted fields as one list, typed, in the order of ANALYSIS_ENTITY_LABELS. */
export function listAnalysisFields(entities: TTicketEntities): TAnalysisField[] {
  return (Object.keys(ANALYSIS_ENTITY_LABELS) as TAnalysisEntityKind[]).flatMap((kind) => {
    const values =
      kind === 'amounts'
        ? entities.amounts.map((amount) => `${amount.value} ${amount.currency}`)
        : entities[kind]
    return values.map((value) => ({ kind, label: ANALYSIS_ENTITY_LABELS[kind], value }))
  })
}

// Every value is one line, so a line never holds more than one part.
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The analysis as the lines stored in the ticket's description. */
export function writeAnalysisText(analysis: TAnalysisText): string {
  const reasons = analysis.priorityReasons.map(oneLine).filter(Boolean)
  const fields = analysis.fields.filter((field) => oneLine(field.value))
  return [
    `Summary: ${oneLine(analysis.summary)}`,
    `Category: ${oneLine(analysis.category)} (${oneLine(analysis.categoryReason)}).`,
    reasons.length === 0
      ? `Priority: ${analysis.priority}, ${NO_PRIORITY_REASON}.`
      : `Priority: ${analysis.priority}, because the ticket:`,
    ...reasons.map((reason) => `- ${reason}`),
    `Sentiment: ${analysis.sentiment}. Language: ${oneLine(analysis.language)}.`,
    fields.length === 0 ? `Found: ${NOTHING_FOUND}.` : 'Found:',
    ...fields.map((field) => `- ${field.label}: ${oneLine(field.value)}`),
    `Next step: ${oneLine(analysis.nextStep)}`,
  ].join('\n')
}

/**
 * The parts of a description written by writeAnalysisText, or null for any other text (an analysis of an
 * older release, or one written by hand), which a reader then shows as it is.
 */
export function readAnalysisText(text: string): TAnalysisText | null {
  const lines = text.split('\n')
  let at = 0
  const take = (prefix: string): string | null => {
    const line = lines[at]
    if (line === undefined || !line.startsWith(prefix)) return null
    at++
    return line.slice(prefix.length)
  }
  const takeItems = (): string[] => {
    const items: string[] = []
    for (let line = lines[at]; line?.startsWith('- '); line = lines[++at]) items.push(line.slice(2))
    return items
  }

  const summary = take('Summary: ')
  const categoryLine = take('Category: ')
  const category = categoryLine === null ? null : splitCategory(categoryLine)
  const priorityLine = take('Priority: ')
  const priorityMatch = priorityLine?.match(/^(\w+), (?:because the ticket:|(.*)\.)$/)
  const priority = PRIORITIES.find((name) => name === priorityMatch?.[1])
  if (summary === null || !category || !priorityMatch || !priority) return null
  const priorityReasons = priorityMatch[2] === undefined ? takeItems() : []
  if (priorityMatch[2] === undefined ? priorityReasons.length === 0 : priorityMatch[2] !== NO_PRIORITY_REASON)
    return null

  const toneMatch = take('Sentiment: ')?.match(/^(\w+)\. Language: (.+)\.$/)
  const sentiment = SENTIMENT_NAMES.find((name) => name === toneMatch?.[1])
  const found = take('Found:')
  if (!toneMatch || !sentiment || found === null) return null
  const fields: TAnalysisField[] = []
  if (found === '') {
    for (const item of takeItems()) {
      const split = item.indexOf(': ')
      const kind = KIND_OF_LABEL.get(item.slice(0, split))
      if (split < 0 || !kind) return null
      fields.push({ kind, label: ANALYSIS_ENTITY_LABELS[kind], value: item.slice(split + 2) })
    }
  } else if (found !== ` ${NOTHING_FOUND}.`) return null

  const nextStep = take('Next step: ')
  if (nextStep === null || at !== lines.length) return null
  return {
    summary,
    ...category,
    priority,
    priorityReasons,
    sentiment,
    language: toneMatch[2] as string,
    fields,
    nextStep,
  }
}

/** A ticket's analysis as its readers show it (the Ticket Analysis panel, the spam badge). */
export type TTicketAnalysisReading = TAnalysisText & {
  /** Read from the `analysis` field, or from the description's lines of a ticket analysed before it. */
  from: 'field' | 'text'
  /**
   * The category the analysis chose: its key from the field (a ticket's `category` holds keys); from the
   * lines, its name as the workspace called it when the ticket was analysed.
   */
  category: string
  /** What gave spam away when the spam rules filed the ticket; null on any other ticket. */
  spamReason: string | null
  /** What wrote it: "Local model", the LLM's model, "LLM" for one written before models were kept; null when the lines do not say. */
  madeBy: string | null
}

/** What the "AI Generated" badge says wrote an analysis. */
export const AnalysisMaker = { local: 'Local model', llm: 'LLM' } as const

function madeByOf(record: TTicketAnalysisRecord): string {
  if (record.source === 'local') return AnalysisMaker.local
  return record.model || AnalysisMaker.llm
}

/**
 * The analysis of a ticket as read whole (or as realtime sends it): its `analysis` field, else the
 * description's lines when they are the analyser's; null for a ticket with neither (not analysed yet, or a
 * description of another shape, which a reader shows as it is).
 */
export function readTicketAnalysis(ticket: {
  analysis?: TTicketAnalysisRecord | null
  description?: string | null
}): TTicketAnalysisReading | null {
  const record = ticket.analysis
  if (record) {
    return {
      from: 'field',
      summary: record.summary,
      category: record.category,
      categoryReason: record.categoryReason,
      spamReason: record.spamReason,
      priority: record.priority,
      priorityReasons: record.priorityReasons,
      sentiment: record.sentiment,
      language: record.language,
      fields: listAnalysisFields(record.entities),
      nextStep: record.nextStep,
      madeBy: madeByOf(record),
    }
  }
  const text = ticket.description ? readAnalysisText(ticket.description) : null
  if (!text) return null
  // The lines say a spam rule's verdict only inside the category's reason: "spam (bulk mail: ...)".
  return {
    ...text,
    from: 'text',
    spamReason: text.categoryReason.match(/^spam \((.*)\)$/)?.[1] ?? null,
    madeBy: null,
  }
}

// "Billing (EU) (spam (bulk mail)))." -> the name and the reason: the reason is the last bracketed group,
// found by balancing brackets from the end, so brackets in the name or inside the reason do not confuse it.
function splitCategory(line: string): { category: string; categoryReason: string } | null {
  if (!line.endsWith(').')) return null
  let depth = 0
  for (let index = line.length - 2; index >= 0; index--) {
    if (line[index] === ')') depth++
    else if (line[index] === '(' && --depth === 0) {
      if (index < 2 || line[index - 1] !== ' ') return null
      return { category: line.slice(0, index - 1), categoryReason: line.slice(index + 1, -2) }
    }
  }
  return null
}
