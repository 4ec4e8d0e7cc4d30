import { Badge } from '@/components/ui/badge'
import { TicketPresence } from '@/features/presence/ticket-presence'
import { PriorityBadge, StatusBadge } from '@/features/tickets/components/ticket-badges'
import { formatTicketDate } from '@/lib/format-date'
import { type TTicketPageDocument, ticketLabel } from '../ticket-page-model'
import { MergeButton } from './merge-button'
import { MergedNotice } from './merged-notice'

/** The ticket's number and subject, its state at a glance, and who asked when. */
export function TicketHeader({
  ticket,
  categoryName,
}: {
  ticket: TTicketPageDocument
  /** The category's name, from the key the ticket stores. */
  categoryName: (stored: string) => string
}) {
  return (
    <header className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">
          <span className="mr-2 text-muted-foreground">{ticketLabel(ticket.number)}</span>
          {ticket.subject}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <TicketPresence ticketId={ticket.$id} />
          {/* A merged duplicate is closed for good: it cannot be merged again (decision 018). */}
          {!ticket.mergedIntoId && <MergeButton ticket={ticket} />}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2" data-testid="ticket-badges">
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
        {ticket.category && <Badge tone="blue">{categoryName(ticket.category)}</Badge>}
      </div>
      <MergedNotice ticket={ticket} />
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Requester</dt>
          <dd className="min-w-0 break-all">{ticket.email}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Created</dt>
          <dd>
            <time dateTime={ticket.$createdAt}>{formatTicketDate(ticket.$createdAt)}</time>
          </dd>
        </div>
      </dl>
    </header>
  )
}
