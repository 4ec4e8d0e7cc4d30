import { z } from 'zod'
import { TICKET_PRIORITIES } from './ticket-priorities'

export const SENTIMENTS = ['angry', 'negative', 'neutral', 'positive'] as const
export type TSentimentLabel = (typeof SENTIMENTS)[number]

const ZEntityList = z.array(z.string().max(300)).max(20)

/** What was found in the ticket text, so rules and the dashboard need not parse the analysis prose. */
export const ZTicketEntities = z.object({
  orderNumbers: ZEntityList,
  invoiceNumbers: ZEntityList,
  amounts: z.array(z.object({ value: z.string().max(40), currency: z.string().max(20) })).max(20),
  emails: ZEntityList,
  phones: ZEntityList,
  urls: z.array(z.string().max(2000)).max(20),
  /** A product's name with its version when one is given: "Outlook 2016", "iOS 17.4", "version 4.2.1". */
  products: ZEntityList,
  errorCodes: ZEntityList,
  /** Dates as written: "March 3", "2024-05-01", "03.05.2024". */
  dates: ZEntityList,
  /** People the customer names in their own text (not their signature): "Anna Schmidt". */
  people: ZEntityList,
  /** Companies the customer names in their own text: "Acme GmbH". */
  companies: ZEntityList,
})
export type TTicketEntities = z.infer<typeof ZTicketEntities>

/** Which analyser wrote an analysis: the local model and rules, or an LLM. */
export const ANALYSIS_SOURCES = ['local', 'llm'] as const

// The limits of an analysis's parts, shared by what an analyser returns and what a ticket stores.
const ZSummary = z.string().max(500)
const ZCategoryReason = z.string().max(300)
const ZPriorityReasons = z.array(z.string().max(300)).max(20)
const ZLanguage = z.string().max(40)
const ZNextStep = z.string().max(500)

/** The structured parts of an analysis, beside the prose that goes into the ticket's description. */
export const ZAnalysisDetails = z.object({
  summary: ZSummary,
  /** The category's key (e.g. `refund-cancellation`); `category` holds its name in plain words. */
  categoryLabel: z.string().max(100),
  priorityReasons: ZPriorityReasons,
  sentiment: z.enum(SENTIMENTS),
  language: ZLanguage,
  entities: ZTicketEntities,
  nextStep: ZNextStep,
  /** Why this category, as the description says it: "91% confident", "needs triage (...)", "spam (...)". */
  categoryReason: ZCategoryReason,
  /**
   * Why the analysis filed the ticket as spam: what the spam rules found ("bulk mail: List-Unsubscribe
   * header"), or that the category model or the LLM chose it ("filed by the LLM, 90% confident").
   */
  spamReason: z.string().max(300).optional(),
  source: z.enum(ANALYSIS_SOURCES),
  /** The LLM's model ("gpt-4o-mini"), so an agent knows what wrote the analysis; none from the local model. */
  model: z.string().max(100).optional(),
})
export type TAnalysisDetails = z.infer<typeof ZAnalysisDetails>

/**
 * The most a stored analysis weighs as JSON text. Its parts' limits keep it below this even when every
 * character is one JSON escapes in six bytes (about 620 KB); the analysis's write leaves out a record
 * heavier than this, and the column's check (its migration) refuses one written otherwise.
 */
export const ANALYSIS_MAX_BYTES = 1_048_576

/**
 * A ticket's analysis as it stores it in `analysis` (decision 023): what the description says in lines, as
 * data an agent, a rule or the panel reads without parsing text. Written by the analysis only, in the
 * same write as the description, category and priority; null on a ticket not analysed since it existed.
 */
export const ZTicketAnalysisRecord = z.object({
  source: z.enum(ANALYSIS_SOURCES),
  /** The LLM's model when an LLM wrote it (absent on analyses written before it was kept). */
  model: z.string().max(100).optional(),
  summary: ZSummary,
  /**
   * The key of the category the analysis chose in the ticket's workspace (`refund-cancellation`), as the
   * ticket's `category` holds it until someone changes that; names come from the workspace's list.
   */
  category: z.string().max(100),
  categoryReason: ZCategoryReason,
  spamReason: z.string().max(300).nullable(),
  /** The priority the analysis chose, with each reason quoting the customer's words that set it off. */
  priority: z.enum(TICKET_PRIORITIES),
  priorityReasons: ZPriorityReasons,
  /** How sure the analysis is of the category, from 0 to 1. */
  confidence: z.number().min(0).max(1),
  sentiment: z.enum(SENTIMENTS),
  /** The language the customer wrote in, by its English name: "German". */
  language: ZLanguage,
  entities: ZTicketEntities,
  nextStep: ZNextStep,
})
export type TTicketAnalysisRecord = z.infer<typeof ZTicketAnalysisRecord>

/** What the analyser returns for one ticket; validated whatever produced it (local model or an LLM). */
export const ZTicketAnalysis = z.object({
  category: z.string().min(1).max(100),
  priority: z.enum(TICKET_PRIORITIES),
  analysis: z.string().min(1).max(20_000),
  confidence: z.number().min(0).max(1),
  details: ZAnalysisDetails.optional(),
})
export type TTicketAnalysis = z.infer<typeof ZTicketAnalysis>

/** A mail header in the shape the ticket's rawJson keeps it (Postmark's). */
export const ZAnalysisHeader = z.object({ Name: z.string(), Value: z.string() })
export type TAnalysisHeader = z.infer<typeof ZAnalysisHeader>

/** A ticket to analyse; headers when it came by mail, so bulk mail and spam are known by their markers. */
export const ZAnalysisInput = z.object({
  subject: z.string(),
  body: z.string(),
  headers: z.array(ZAnalysisHeader).optional(),
  /** A member said the ticket is no spam: the spam rules are skipped, and the model files it. */
  notSpam: z.boolean().optional(),
})
export type TAnalysisInput = z.infer<typeof ZAnalysisInput>
