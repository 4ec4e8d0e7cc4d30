import { z } from 'zod'
import { TICKET_PRIORITIES } from './tickets'

/** What the analyser returns for one ticket; validated whatever produced it (local model or an LLM). */
export const ZTicketAnalysis = z.object({
  category: z.string().min(1).max(100),
  priority: z.enum(TICKET_PRIORITIES),
  analysis: z.string().min(1).max(20_000),
  confidence: z.number().min(0).max(1),
})
export type TTicketAnalysis = z.infer<typeof ZTicketAnalysis>

export const ZAnalysisInput = z.object({ subject: z.string(), body: z.string() })
export type TAnalysisInput = z.infer<typeof ZAnalysisInput>
