import { CategoryKey, readTicketAnalysis, type TTicketAnalysisRecord } from '@parsedesk/contracts'

/** What the badge reads of a ticket. */
export type TSpamReasonTicket = {
  category?: string | null
  description?: string | null
  analysis?: TTicketAnalysisRecord | null
}

/**
 * Why a ticket is spam, as the badge says it: the analysis's reason ("bulk mail: List-Unsubscribe header",
 * "filed by the LLM, 90% confident"); "marked by an agent" when a member filed it as spam; null for a
 * ticket that is not spam.
 */
export function spamReasonOf(ticket: TSpamReasonTicket): string | null {
  if (ticket.category !== CategoryKey.spam) return null
  const analysis = readTicketAnalysis(ticket)
  if (analysis?.spamReason) return analysis.spamReason
  // Analysed before the model's and the LLM's own spam gave a reason: the field still says it chose spam.
  if (analysis?.from === 'field' && analysis.category === CategoryKey.spam) return 'filed by the analysis'
  return 'marked by an agent'
}
