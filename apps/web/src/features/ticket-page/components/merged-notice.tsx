import { GitMerge } from 'lucide-react'
import { Link } from 'react-router'
import { useMergedInto } from '../queries'
import { type TTicketPageDocument, ticketLabel } from '../ticket-page-model'
import { ticketPath } from '../ticket-path'

/** A duplicate merged into another ticket: its conversation carries on there, one link away. */
export function MergedNotice({ ticket }: { ticket: TTicketPageDocument }) {
  const target = useMergedInto(ticket.mergedIntoId)
  if (!ticket.mergedIntoId) return null
  return (
    <p
      role="note"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <GitMerge aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span>This ticket was merged into</span>
      {target.data?.number !== undefined ? (
        <Link
          to={ticketPath(target.data.number)}
          className="min-w-0 rounded-sm font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
        >
          {ticketLabel(target.data.number)} {target.data.subject}
        </Link>
      ) : (
        <span>another ticket</span>
      )}
    </p>
  )
}
