import { z } from 'zod'
import { TICKET_PRIORITIES } from './tickets'

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

/** The structured parts of an analysis, beside the prose that goes into the ticket's description. */
export const ZAnalysisDetails = z.object({
  summary: z.string().max(500),
  /** The category's key (e.g. `refund-cancellation`); `category` holds its name in plain words. */
  categoryLabel: z.string().max(100),
  priorityReasons: z.array(z.string().max(300)).max(20),
  sentiment: z.enum(SENTIMENTS),
  language: z.string().max(40),
  entities: ZTicketEntities,
  nextStep: z.string().max(500),
  /** Why the category was chosen when a rule chose it, not the model: "spam (bulk mail: List-Unsubscribe header)". */
  categoryReason: z.string().max(300).optional(),
  /** Which analyser produced this: the local model or an LLM. */
  source: z.enum(['local', 'llm']).optional(),
})
export type TAnalysisDetails = z.infer<typeof ZAnalysisDetails>

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
