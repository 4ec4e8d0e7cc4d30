import {
  type TAnalysisInput,
  type TTicketAnalysis,
  ZAnalysisInput,
  ZTicketAnalysis,
} from '@parsedesk/contracts'
import type { TAnalyser } from './analyser'
import {
  composeAnalysis,
  explainPriority,
  formatReasons,
  selectDecidingReasons,
} from './describe/compose-analysis'
import { suggestNextStep } from './describe/suggest-next-step'
import { assessSentiment } from './extract/assess-sentiment'
import { detectLanguage } from './extract/detect-language'
import { extractTicketEntities } from './extract/extract-entities'
import { summarise } from './extract/summarise'
import type { TTextClassifier } from './model/classifier'
import { assessPriority } from './priority/priority-rules'
import { cleanEmailText } from './text/clean-email'

/** Shown when the model is unsure, instead of its best weak guess. */
export const FALLBACK_CATEGORY = 'General'
// On held-out Bitext tickets 2 in 1,063 fall below this; on the (off-taxonomy) Tobi-Bueck emails most do.
export const DEFAULT_MIN_CATEGORY_CONFIDENCE = 0.5
// Only the start of a very long body is read: the request is there, and time per ticket stays bounded.
const MAX_ANALYSED_CHARS = 20_000
// The ticket's category column holds at most this many characters; labels of a custom CSV may be longer.
const CATEGORY_MAX_LENGTH = 100

export type CreateLocalAnalyserOptions = {
  classifier: TTextClassifier
  /** Below this probability the category is `General`; 0 always keeps the model's best guess. */
  minCategoryConfidence?: number
}

/** The offline analyser: the trained classifier for the category, readable rules for everything else. */
export function createLocalAnalyser(options: CreateLocalAnalyserOptions): TAnalyser & {
  analyseNow(input: TAnalysisInput): TTicketAnalysis
} {
  const analyseNow = (input: TAnalysisInput) => analyseLocally({ ...options, input })
  return { analyseNow, analyse: async (input) => analyseNow(input) }
}

/** A ticket as the analysis hands it to its parts: the raw body, the cleaned body, and subject and body joined. */
export type TPreparedTicket = { subject: string; rawBody: string; body: string; text: string }

/** Exported so bench:analysis times each part on exactly the text the analyser gives it. */
export function prepareTicket(input: TAnalysisInput): TPreparedTicket {
  const subject = input.subject.slice(0, MAX_ANALYSED_CHARS)
  const rawBody = input.body.slice(0, MAX_ANALYSED_CHARS)
  const body = cleanEmailText({ text: rawBody })
  return { subject, rawBody, body, text: `${subject}\n${body}` }
}

function analyseLocally(options: CreateLocalAnalyserOptions & { input: TAnalysisInput }): TTicketAnalysis {
  const { subject, rawBody, body, text } = prepareTicket(ZAnalysisInput.parse(options.input))
  const prediction = options.classifier.classify({ text })
  const minConfidence = options.minCategoryConfidence ?? DEFAULT_MIN_CATEGORY_CONFIDENCE
  const isUnsure = prediction.confidence < minConfidence
  const category = isUnsure ? FALLBACK_CATEGORY : prediction.displayLabel.slice(0, CATEGORY_MAX_LENGTH)
  const { priority, reasons } = assessPriority({ subject, body })
  const priorityReasons = formatReasons({ reasons: selectDecidingReasons({ priority, reasons }) })
  const entities = extractTicketEntities({ subject, body: rawBody })
  const sentiment = assessSentiment({ text }).label
  const language = detectLanguage({ text }).name
  const summary = summarise({ subject, body })
  const nextStep = suggestNextStep({ category, priority, reasons, entities })
  const analysis = composeAnalysis({
    summary,
    category,
    confidence: prediction.confidence,
    ...(isUnsure
      ? { closestCategory: { name: prediction.displayLabel, confidence: prediction.confidence } }
      : {}),
    priority,
    priorityExplanation: explainPriority({ reasons: priorityReasons }),
    sentiment,
    language,
    entities,
    nextStep,
  })
  return ZTicketAnalysis.parse({
    category,
    priority,
    analysis,
    confidence: prediction.confidence,
    details: {
      summary,
      categoryLabel: isUnsure ? FALLBACK_CATEGORY : prediction.label.slice(0, CATEGORY_MAX_LENGTH),
      priorityReasons,
      sentiment,
      language,
      entities,
      nextStep,
      source: 'local',
    },
  })
}
