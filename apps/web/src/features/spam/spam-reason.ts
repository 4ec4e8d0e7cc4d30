import { CategoryKey, readTicketAnalysis, type TTicketAnalysisRecord } from '@parsedesk/contracts'

/** What the badge reads of a ticket. */
export type TSpamReasonTicket = {
  category?: string | null
  description?: string | null
  analysis?: TTicketAnalysisRecord | null
}

/**
 * Why a ticket is spam, as the badge says it: the detector's reason ("bulk mail: List-Unsubscribe header")
 * read from the analysis; "marked by an agent" when a member filed it as spam; null for a ticket that is
 * not spam.
 */
export function spamReasonOf(ticket: TSpamReasonTicket): string | null {
  if (ticket.category !== CategoryKey.spam) return null
  return readTicketAnalysis(ticket)?.spamReason ?? 'marked by an agent'
}
