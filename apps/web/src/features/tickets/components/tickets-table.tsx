import { RefreshCw } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatTicketDate } from '@/lib/format-date'
import type { TTicketSummary } from '../ticket-model'
import { PriorityBadge, ProcessingBadge, StatusBadge } from './ticket-badges'

const COLUMNS = ['ID', 'Subject', 'Email', 'Status', 'Priority', 'Processing', 'Created'] as const

type TTicketsTableProps = {
  tickets: TTicketSummary[] | undefined
  isPending: boolean
  error: Error | null
  isRetrying: boolean
  onRetry: () => void
  onOpenTicket: (ticketId: string) => void
}

function StateRow({ children }: { children: React.ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell
        colSpan={COLUMNS.length}
        className="py-10 text-center whitespace-normal text-muted-foreground"
      >
        {children}
      </TableCell>
    </TableRow>
  )
}

function TicketRow({ ticket, onOpen }: { ticket: TTicketSummary; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen} data-ticket-id={ticket.$id}>
      <TableCell className="font-mono text-xs text-muted-foreground" title={ticket.$id}>
        {ticket.$id.slice(0, 8)}
      </TableCell>
      <TableCell className="max-w-64">
        {/* The row is clickable for the mouse; this button is the same action for the keyboard. */}
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation()
            onOpen()
          }}
          className="block max-w-full truncate rounded-sm text-left font-medium hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
        >
          {ticket.subject}
        </button>
      </TableCell>
      <TableCell className="max-w-56 truncate">{ticket.email}</TableCell>
      <TableCell>
        <StatusBadge status={ticket.status} />
      </TableCell>
      <TableCell>
        <PriorityBadge priority={ticket.priority} />
      </TableCell>
      <TableCell>
        <ProcessingBadge processingStatus={ticket.processing_status} />
      </TableCell>
      <TableCell className="text-muted-foreground">{formatTicketDate(ticket.$createdAt)}</TableCell>
    </TableRow>
  )
}

export function TicketsTable({
  tickets,
  isPending,
  error,
  isRetrying,
  onRetry,
  onOpenTicket,
}: TTicketsTableProps) {
  const body = (() => {
    if (error) {
      return (
        <StateRow>
          <div role="alert" className="grid justify-items-center gap-2">
            <p className="font-medium text-destructive">Error loading tickets</p>
            {error.message && <p className="text-sm break-words">{error.message}</p>}
            <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
              <RefreshCw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />
              Retry
            </Button>
          </div>
        </StateRow>
      )
    }
    if (isPending) return <StateRow>Loading...</StateRow>
    if (!tickets?.length) return <StateRow>No tickets have been created yet.</StateRow>
    return tickets.map((ticket) => (
      <TicketRow key={ticket.$id} ticket={ticket} onOpen={() => onOpenTicket(ticket.$id)} />
    ))
  })()

  return (
    <Table aria-label="Recent tickets">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {COLUMNS.map((column) => (
            <TableHead key={column} scope="col">
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{body}</TableBody>
    </Table>
  )
}
