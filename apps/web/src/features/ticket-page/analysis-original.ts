import { TicketEventType, ZTicketEventChange } from '@parsedesk/contracts'
import type { TTicketEventDocument, TTicketPageDocument } from './ticket-page-model'

export type TAnalysisOriginal = {
  /** What the analyser chose, for each field an agent has set to something else since. */
  category: string | null
  priority: string | null
  /** The events of those corrections (the last of each field), to name who made them. */
  corrections: TTicketEventDocument[]
}

/**
 * The analyser's verdict where the ticket no longer holds it: its last `analysed` event's `after`
 * (decision 013), compared with the ticket's values now. Null when nothing was corrected.
 */
export function findAnalysisOriginal(
  ticket: Pick<TTicketPageDocument, 'category' | 'priority'>,
  events: readonly TTicketEventDocument[],
): TAnalysisOriginal | null {
  let verdict: { category: string | null; priority: string | null } | null = null
  let verdictIndex = -1
  for (const [index, event] of events.entries()) {
    const parsed = ZTicketEventChange.safeParse({
      type: event.type,
      before: event.before,
      after: event.after,
    })
    if (parsed.success && parsed.data.type === TicketEventType.analysed) {
      verdict = parsed.data.after
      verdictIndex = index
    }
  }
  if (!verdict) return null
  const { category, priority } = verdict
  const categoryChanged = category !== null && category !== (ticket.category ?? null)
  const priorityChanged = priority !== null && priority !== (ticket.priority ?? null)
  if (!categoryChanged && !priorityChanged) return null
  const later = events.slice(verdictIndex + 1)
  const lastOf = (type: string) => later.findLast((event) => event.type === type)
  const corrections = [
    categoryChanged ? lastOf(TicketEventType.category) : undefined,
    priorityChanged ? lastOf(TicketEventType.priority) : undefined,
  ].filter((event): event is TTicketEventDocument => !!event)
  return {
    category: categoryChanged ? category : null,
    priority: priorityChanged ? priority : null,
    corrections,
  }
}
