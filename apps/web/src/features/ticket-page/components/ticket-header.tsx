import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { useContact } from '@/features/contacts/queries'
import { TicketPresence } from '@/features/presence/ticket-presence'
import { useTicketSla } from '@/features/sla/queries'
import { SlaBadges } from '@/features/sla/sla-badges'
import { PriorityBadge, StatusBadge } from '@/features/tickets/components/ticket-badges'
import { formatTicketDate } from '@/lib/format-date'
import { type TTicketPageDocument, ticketLabel } from '../ticket-page-model'
import { MergedNotice } from './merged-notice'

/**
 * The ticket's number and subject with its actions, its state at a glance, who is on it, and who asked
 * when. Every row has its height from the first paint: who is viewing or replying arrives later in a slot of
 * one line, so nothing under the header moves when it does.
 */
export function TicketHeader({
  ticket,
  categoryName,
  navigation,
  actions,
}: {
  ticket: TTicketPageDocument
  /** The category's name, from the key the ticket stores. */
  categoryName: (stored: string) => string
  /** Back to the list, the tickets either side, the shortcuts. */
  navigation: ReactNode
  actions: ReactNode
}) {
  const contact = useContact(ticket.requesterId)
  const sla = useTicketSla([ticket.$id])
  const name = contact.data?.name.trim()
  return (
    <header className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {navigation}
        {actions}
      </div>
      <h1 className="min-w-0 text-xl font-bold tracking-tight break-words sm:text-2xl">
        <span className="mr-2 text-muted-foreground">{ticketLabel(ticket.number)}</span>
        {ticket.subject}
      </h1>
      <div className="grid gap-2 lg:flex lg:items-center lg:gap-4">
        <div
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm lg:shrink-0"
          data-testid="ticket-badges"
        >
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {ticket.category && <Badge tone="blue">{categoryName(ticket.category)}</Badge>}
          <SlaBadges sla={sla.data?.[0]} />
          <time dateTime={ticket.$createdAt} className="text-muted-foreground">
            {formatTicketDate(ticket.$createdAt)}
          </time>
        </div>
        <div className="flex h-7 min-w-0 items-center gap-4 text-sm lg:flex-1">
          <p
            className="flex min-w-0 flex-1 items-center gap-1.5 whitespace-nowrap"
            data-testid="ticket-requester"
          >
            <span className="text-muted-foreground">From</span>
            {name && <span className="font-medium">{name}</span>}
            <span className="min-w-0 truncate text-muted-foreground">
              {name ? `<${ticket.email}>` : ticket.email}
            </span>
          </p>
          <div className="min-w-0 max-w-[60%] shrink-0 overflow-hidden">
            <TicketPresence ticketId={ticket.$id} />
          </div>
        </div>
      </div>
      <MergedNotice ticket={ticket} />
    </header>
  )
}
