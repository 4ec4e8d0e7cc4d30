import {
  CategoryKey,
  DEFAULT_TICKET_CATEGORIES,
  type TAnalysisHeader,
  type TAnalysisInput,
  type TTicketAnalysis,
  type TTicketCategory,
  ZAnalysisInput,
  ZTicketAnalysis,
} from '@parsedesk/contracts'
import type { TAnalyser } from './analyser'
import { categoryOfKey, createCategoryChooser, type TCategoryChoice } from './categories/choose-category'
import {
  composeAnalysis,
  describeCategoryReason,
  formatReasons,
  percent,
  selectDecidingReasons,
} from './describe/compose-analysis'
import { suggestNextStep } from './describe/suggest-next-step'
import { assessSentiment } from './extract/assess-sentiment'
import { detectLanguage, isOtherLanguage, type TLanguage } from './extract/detect-language'
import { extractTicketEntities } from './extract/extract-entities'
import { summarise } from './extract/summarise'
import { glossInEnglish } from './lexicon/gloss-in-english'
import type { TTextClassifier } from './model/classifier'
import { assessPriority, type TPriorityAssessment } from './priority/priority-rules'
import { detectSpam } from './spam/detect-spam'
import { cleanEmailText } from './text/clean-email'

// Chosen on the Tobi-Bueck emails (evaluation-only data, never trained on): with the shipped model, at 0.5
// 24% of them find no category, at 0.35 8%, and the written test emails are placed better, not worse
// (accuracy 0.75 at 0.5, 0.80 at 0.35; docs/analysis.md).
export const DEFAULT_MIN_CATEGORY_CONFIDENCE = 0.35
// Only the start of a very long body is read: the request is there, and time per ticket stays bounded.
const MAX_ANALYSED_CHARS = 20_000
// The ticket's category column holds at most this many characters; labels of a custom CSV may be longer.
const CATEGORY_MAX_LENGTH = 100

export type CreateLocalAnalyserOptions = {
  classifier: TTextClassifier
  /**
   * The categories tickets are filed under, by key (a workspace's renamed, added or removed ones, once
   * workspaces keep their own); the default taxonomy unless given.
   */
  categories?: readonly TTicketCategory[]
  /** Below this probability the category is "other", naming the closest; 0 always keeps the best guess. */
  minCategoryConfidence?: number
}

/** The offline analyser: spam rules first, then the trained classifier for the category, readable rules for the rest. */
export function createLocalAnalyser(options: CreateLocalAnalyserOptions): TAnalyser & {
  analyseNow(input: TAnalysisInput): TTicketAnalysis
} {
  const categories = options.categories ?? DEFAULT_TICKET_CATEGORIES
  const minConfidence = options.minCategoryConfidence ?? DEFAULT_MIN_CATEGORY_CONFIDENCE
  const context: TAnalysisContext = {
    classifier: options.classifier,
    chooseCategory: createCategoryChooser({ categories, minConfidence }),
    spam: categoryOfKey({ categories, key: CategoryKey.spam }),
  }
  const analyseNow = (input: TAnalysisInput) => analyseLocally({ context, input })
  return { analyseNow, analyse: async (input) => analyseNow(input) }
}

type TAnalysisContext = {
  classifier: TTextClassifier
  chooseCategory: ReturnType<typeof createCategoryChooser>
  spam: TTicketCategory
}

/**
 * A ticket as the analysis hands it to its parts: the raw body, the cleaned body, subject and body joined,
 * the mail's headers and the language it is written in.
 */
export type TPreparedTicket = {
  subject: string
  rawBody: string
  body: string
  text: string
  headers: readonly TAnalysisHeader[]
  language: TLanguage
}

/** Exported so bench:analysis times each part on exactly the text the analyser gives it. */
export function prepareTicket(input: TAnalysisInput): TPreparedTicket {
  const subject = input.subject.slice(0, MAX_ANALYSED_CHARS)
  const rawBody = input.body.slice(0, MAX_ANALYSED_CHARS)
  const body = cleanEmailText({ text: rawBody })
  const text = `${subject}\n${body}`
  return { subject, rawBody, body, text, headers: input.headers ?? [], language: detectLanguage({ text }) }
}

function analyseLocally(options: { context: TAnalysisContext; input: TAnalysisInput }): TTicketAnalysis {
  const { context } = options
  const input = ZAnalysisInput.parse(options.input)
  const { subject, rawBody, body, text, headers, language } = prepareTicket(input)
  // A member said it is no spam: the rules' verdict is overruled and the model files it.
  const spam = input.notSpam ? null : detectSpam({ subject, body: rawBody, headers })
  const untrainedLanguage = isOtherLanguage(language)
  // The model learnt English mail: another language's ticket is read through its words in English
  // (lexicon/), or the model sees no word it knows and calls it a technical problem on a few names.
  const prediction = spam
    ? null
    : context.classifier.classify({
        text: untrainedLanguage ? glossInEnglish({ text, language: language.code }) : text,
      })
  const choice: TCategoryChoice = prediction
    ? context.chooseCategory(prediction)
    : { category: context.spam, confidence: 1 }
  const category = choice.category
  const needsTriage = untrainedLanguage && category.key === CategoryKey.other
  // Spam the model filed says so too, or the badge would blame an agent for it.
  const spamReason = spam
    ? spam.reason
    : category.key === CategoryKey.spam
      ? `filed by the category model, ${percent(choice.confidence)} confident`
      : undefined
  const categoryReason = spamReason
    ? `spam (${spamReason})`
    : needsTriage
      ? describeTriage({ language, closest: choice.closest })
      : undefined
  // Nobody waits on spam, whatever it claims is urgent.
  const { priority, reasons }: TPriorityAssessment = spam
    ? { priority: 'low', score: 0, reasons: [] }
    : assessPriority({ subject, body, language: language.code })
  const priorityReasons = spam
    ? [`is spam or bulk mail (${spam.reason})`]
    : formatReasons({ reasons: selectDecidingReasons({ priority, reasons }) })
  const entities = extractTicketEntities({ subject, body: rawBody })
  const sentiment = assessSentiment({ text }).label
  const summary = summarise({ subject, body })
  const nextStep = suggestNextStep({
    category,
    priority,
    reasons,
    entities,
    ...(needsTriage ? { triageLanguage: language.name } : {}),
  })
  const name = category.name.slice(0, CATEGORY_MAX_LENGTH)
  const shownReason = describeCategoryReason({
    confidence: choice.confidence,
    ...(choice.closest
      ? { closestCategory: { name: choice.closest.category.name, confidence: choice.closest.confidence } }
      : {}),
    ...(categoryReason ? { categoryReason } : {}),
  })
  const analysis = composeAnalysis({
    summary,
    category: name,
    categoryReason: shownReason,
    priority,
    priorityReasons,
    sentiment,
    language: language.name,
    entities,
    nextStep,
  })
  return ZTicketAnalysis.parse({
    category: name,
    priority,
    analysis,
    confidence: choice.confidence,
    details: {
      summary,
      categoryLabel: category.key.slice(0, CATEGORY_MAX_LENGTH),
      priorityReasons,
      sentiment,
      language: language.name,
      entities,
      nextStep,
      categoryReason: shownReason,
      ...(spamReason ? { spamReason } : {}),
      source: 'local',
    },
  })
}

/** Why a ticket in another language is filed under "other": said plainly, with the model's closest guess. */
function describeTriage(options: { language: TLanguage; closest: TCategoryChoice['closest'] }): string {
  const guess = options.closest
    ? `: closest is ${options.closest.category.name} at ${percent(options.closest.confidence)}`
    : ''
  return `needs triage (written in ${options.language.name}; read through its words in English, no category fits well${guess})`
}
