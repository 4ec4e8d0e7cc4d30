import { CategoryKey, readAnalysisText } from '@parsedesk/contracts'

/**
 * Why a ticket is spam, as the badge says it: the detector's reason ("bulk mail: List-Unsubscribe header")
 * read from the analysis; "marked by an agent" when a member filed it as spam; null for a ticket that is
 * not spam.
 */
export function spamReasonOf(ticket: {
  category?: string | null
  description?: string | null
}): string | null {
  if (ticket.category !== CategoryKey.spam) return null
  const reason = ticket.description ? readAnalysisText(ticket.description)?.categoryReason : undefined
  const detected = reason?.match(/^spam \((.*)\)$/)?.[1]
  return detected ?? 'marked by an agent'
}
