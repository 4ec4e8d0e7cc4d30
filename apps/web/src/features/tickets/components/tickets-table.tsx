import { RefreshCw } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatTicketDate } from '@/lib/format-date'
import { cn } from '@/lib/utils'
import type { TTicketSummary } from '../ticket-model'
import { ticketLabel, ticketPath } from '../ticket-number'
import { PriorityBadge, ProcessingBadge, StatusBadge } from './ticket-badges'

const COLUMNS = ['ID', 'Subject', 'Email', 'Status', 'Priority', 'Processing', 'Created'] as const

export type TTicketsTableProps = {
  tickets: TTicketSummary[] | undefined
  isPending: boolean
  error: Error | null
  isRetrying: boolean
  onRetry: () => void
  onOpenTicket: (ticketId: string) => void
  selected: ReadonlySet<string>
  onToggle: (ticketId: string) => void
  onToggleAll: () => void
  /** The row the keyboard is on (j/k), or -1. */
  focusedIndex: number
}

function StateMessage({
  error,
  isPending,
  isEmpty,
  isRetrying,
  onRetry,
}: {
  error: Error | null
  isPending: boolean
  isEmpty: boolean
  isRetrying: boolean
  onRetry: () => void
}) {
  if (error) {
    return (
      <div role="alert" className="grid justify-items-center gap-2">
        <p className="font-medium text-destructive">Error loading tickets</p>
        {error.message && <p className="text-sm break-words">{error.message}</p>}
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RefreshCw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />
          Retry
        </Button>
      </div>
    )
  }
  if (isPending) return <>Loading...</>
  if (isEmpty) return <>No tickets have been created yet.</>
  return null
}

function SelectBox({
  ticket,
  selected,
  onToggle,
}: {
  ticket: TTicketSummary
  selected: ReadonlySet<string>
  onToggle: (ticketId: string) => void
}) {
  return (
    <input
      type="checkbox"
      className="size-4"
      aria-label={`Select ticket ${ticketLabel(ticket.number)}`}
      checked={selected.has(ticket.$id)}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onToggle(ticket.$id)}
    />
  )
}

function SubjectButton({ ticket, onOpen }: { ticket: TTicketSummary; onOpen: () => void }) {
  return (
    // The row is clickable for the mouse; this button is the same action for the keyboard.
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
  )
}

function NumberLink({ ticket }: { ticket: TTicketSummary }) {
  if (ticket.number === undefined || ticket.number === null) return <>{ticketLabel(ticket.number)}</>
  return (
    <Link
      to={ticketPath(ticket.number)}
      onClick={(event) => event.stopPropagation()}
      className="rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
    >
      {ticketLabel(ticket.number)}
    </Link>
  )
}

/**
 * The list: a table from the sm breakpoint, cards below it (status and priority stay in sight at 360 px).
 * Rows and cards have fixed heights, so rows arriving never move what is around them.
 */
export function TicketsTable(props: TTicketsTableProps) {
  const { tickets, selected, focusedIndex } = props
  const rows = tickets ?? []
  const state = (
    <StateMessage
      error={props.error}
      isPending={props.isPending}
      isEmpty={rows.length === 0}
      isRetrying={props.isRetrying}
      onRetry={props.onRetry}
    />
  )
  const showState = !!props.error || props.isPending || rows.length === 0
  const allSelected = rows.length > 0 && rows.every((ticket) => selected.has(ticket.$id))

  return (
    <>
      <Table aria-label="Recent tickets" className="hidden table-fixed sm:table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col" className="w-10">
              <input
                type="checkbox"
                className="size-4"
                aria-label="Select all listed tickets"
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={props.onToggleAll}
              />
            </TableHead>
            {COLUMNS.map((column) => (
              <TableHead
                key={column}
                scope="col"
                className={cn(
                  column === 'ID' && 'w-20',
                  column === 'Subject' && 'w-[28%]',
                  column === 'Created' && 'w-40',
                )}
              >
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {showState
            ? null
            : rows.map((ticket, index) => (
                <TableRow
                  key={ticket.$id}
                  className={cn(
                    'h-12 cursor-pointer',
                    index === focusedIndex && 'bg-muted outline-2 -outline-offset-2 outline-ring',
                  )}
                  onClick={() => props.onOpenTicket(ticket.$id)}
                  data-ticket-id={ticket.$id}
                  data-focused={index === focusedIndex || undefined}
                  aria-selected={selected.has(ticket.$id)}
                >
                  <TableCell>
                    <SelectBox ticket={ticket} selected={selected} onToggle={props.onToggle} />
                  </TableCell>
                  <TableCell className="font-mono text-xs text-muted-foreground">
                    <NumberLink ticket={ticket} />
                  </TableCell>
                  <TableCell>
                    <SubjectButton ticket={ticket} onOpen={() => props.onOpenTicket(ticket.$id)} />
                  </TableCell>
                  <TableCell className="truncate">{ticket.email}</TableCell>
                  <TableCell>
                    <StatusBadge status={ticket.status} />
                  </TableCell>
                  <TableCell>
                    <PriorityBadge priority={ticket.priority} />
                  </TableCell>
                  <TableCell>
                    <ProcessingBadge processingStatus={ticket.processing_status} />
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    {formatTicketDate(ticket.$createdAt)}
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
      {/* One message for both layouts, under the table's header on a wide screen. */}
      {showState && <div className="py-10 text-center whitespace-normal text-muted-foreground">{state}</div>}
      <div className="sm:hidden">
        {!showState && (
          <ul aria-label="Recent tickets" className="grid gap-2">
            {rows.map((ticket, index) => (
              <li
                key={ticket.$id}
                data-ticket-id={ticket.$id}
                data-focused={index === focusedIndex || undefined}
                className={cn(
                  'grid h-24 grid-cols-[auto_1fr] content-center gap-x-3 gap-y-1 rounded-md border p-3',
                  index === focusedIndex && 'bg-muted',
                )}
              >
                <div className="row-span-3 pt-0.5">
                  <SelectBox ticket={ticket} selected={selected} onToggle={props.onToggle} />
                </div>
                <div className="flex min-w-0 items-center gap-2">
                  <span className="font-mono text-xs text-muted-foreground">
                    <NumberLink ticket={ticket} />
                  </span>
                  <SubjectButton ticket={ticket} onOpen={() => props.onOpenTicket(ticket.$id)} />
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge status={ticket.status} />
                  <PriorityBadge priority={ticket.priority} />
                  <ProcessingBadge processingStatus={ticket.processing_status} />
                </div>
                <div className="flex min-w-0 justify-between gap-2 text-xs text-muted-foreground">
                  <span className="truncate">{ticket.email}</span>
                  <span className="shrink-0">{formatTicketDate(ticket.$createdAt)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
