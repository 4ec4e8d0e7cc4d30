import { Link } from 'react-router'
import { StatusBadge } from '@/features/tickets/components/ticket-badges'
import { getErrorMessage } from '@/lib/errors'
import { useOtherTickets } from '../queries'
import { type TTicketPageDocument, ticketLabel } from '../ticket-page-model'
import { ticketPath } from '../ticket-path'

/**
 * Who asked, and what else they asked. Tickets name their requester by address (`email`); once contacts
 * exist the contact's name and organisation join it here.
 */
export function RequesterSection({ ticket }: { ticket: TTicketPageDocument }) {
  const others = useOtherTickets({ teamId: ticket.teamId, email: ticket.email })
  const list = (others.data ?? []).filter((other) => other.$id !== ticket.$id)
  return (
    <section aria-labelledby="ticket-requester-title" className="grid gap-2">
      <h2 id="ticket-requester-title" className="text-sm font-semibold">
        Requester
      </h2>
      <dl className="grid gap-1 text-sm">
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="min-w-0 break-all">{ticket.email}</dd>
        </div>
      </dl>
      <h3 className="text-xs text-muted-foreground">Their other tickets</h3>
      {others.error ? (
        <p role="alert" className="text-xs text-destructive">
          {getErrorMessage(others.error)}
        </p>
      ) : others.isPending ? null : list.length === 0 ? (
        <p className="text-xs text-muted-foreground">None</p>
      ) : (
        <ul aria-label="The requester’s other tickets" className="grid gap-1.5">
          {list.map((other) => (
            <li key={other.$id} className="flex min-w-0 items-center gap-2 text-sm">
              <Link
                to={ticketPath(other.number ?? 0)}
                className="min-w-0 truncate rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                {ticketLabel(other.number)} {other.subject}
              </Link>
              <StatusBadge status={other.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
