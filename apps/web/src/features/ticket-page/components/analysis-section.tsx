import { ProcessingStatus } from '@parsedesk/contracts'
import { History, Sparkles } from 'lucide-react'
import { useMemo } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { AnalysisPanel } from '@/features/tickets/components/analysis-panel'
import { findAnalysisOriginal } from '../analysis-original'
import { actorName, type TNames } from '../event-wording'
import { PRIORITY_LABELS, type TTicketEventDocument, type TTicketPageDocument } from '../ticket-page-model'

function priorityName(priority: string): string {
  return PRIORITY_LABELS[priority as keyof typeof PRIORITY_LABELS] ?? priority
}

/**
 * The Ticket Analysis panel with its reasons, as on the dashboard, and what the analyser chose where an
 * agent has corrected it since (the original is kept in the log, decision 013).
 */
export function AnalysisSection({
  ticket,
  events,
  names,
}: {
  ticket: TTicketPageDocument
  events: readonly TTicketEventDocument[]
  names: TNames
}) {
  const original = useMemo(() => findAnalysisOriginal(ticket, events), [ticket, events])
  const { description } = ticket
  if (ticket.processing_status !== ProcessingStatus.completed || !description) {
    const isFailed = ticket.processing_status === ProcessingStatus.failed
    return (
      <section
        aria-label="Ticket Analysis"
        className="flex items-center gap-2 rounded-lg border border-primary/20 bg-accent/50 p-4 text-sm text-muted-foreground"
      >
        {isFailed ? <Sparkles aria-hidden="true" className="size-4" /> : <Spinner />}
        {isFailed ? 'The analysis failed' : 'Analysing the ticket...'}
      </section>
    )
  }
  const correctedBy = [...new Set(original?.corrections.map((event) => actorName(event, names)) ?? [])]
  return (
    <div className="grid gap-2">
      <AnalysisPanel ticket={{ ...ticket, description }} />
      {original && (
        <p
          data-testid="analysis-original"
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border bg-muted/40 px-3 py-2 text-xs text-muted-foreground"
        >
          <History aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="min-w-0 break-words">
            The analysis chose{' '}
            {[
              original.category && `category ${names.category(original.category)}`,
              original.priority && `priority ${priorityName(original.priority)}`,
            ]
              .filter(Boolean)
              .join(' and ')}
            {correctedBy.length > 0 ? `; corrected by ${correctedBy.join(' and ')}` : ''}
          </span>
        </p>
      )}
    </div>
  )
}
