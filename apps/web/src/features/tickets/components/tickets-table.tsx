import type { TViewSort } from '@parsedesk/contracts'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown, RefreshCw } from 'lucide-react'
import { memo, type RefObject, useCallback, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { SlaListBadges, SlaListProvider } from '@/features/sla/sla-list'
import { formatTicketDate } from '@/lib/format-date'
import { cn } from '@/lib/utils'
import { useIsPhone } from '../hooks/use-is-phone'
import type { TListLookups } from '../hooks/use-list-lookups'
import { ariaSortOf, isSortable, LIST_COLUMNS, type TListColumnKey } from '../list-columns'
import type { TTicketSummary } from '../ticket-model'
import { ticketLabel, ticketPath } from '../ticket-number'
import { PriorityBadge, ProcessingBadge, StatusBadge } from './ticket-badges'

/** Fixed heights: rows arriving never move what is around them, and the virtualiser knows every offset. */
const ROW_HEIGHT = 48
const CARD_HEIGHT = 104
/** Rows drawn beyond the visible ones, so a quick scroll or j/k never shows a blank. */
const OVERSCAN = 8

export type TTicketsTableProps = {
  tickets: TTicketSummary[] | undefined
  isPending: boolean
  error: Error | null
  /** The list answers a search: empty, it says "No tickets match". */
  isSearch: boolean
  isRetrying: boolean
  onRetry: () => void
  onOpenTicket: (ticketId: string) => void
  selected: ReadonlySet<string>
  onToggle: (ticketId: string) => void
  onToggleAll: () => void
  /** The row the keyboard is on (j/k), or -1. */
  focusedIndex: number
  columns: readonly TListColumnKey[]
  lookups: TListLookups
  sort: TViewSort
  onSort: (column: TListColumnKey) => void
  /** The box that scrolls the list: only the rows in sight of it are drawn. */
  scrollRef: RefObject<HTMLDivElement | null>
}

function StateMessage({
  error,
  isPending,
  isEmpty,
  isSearch,
  isRetrying,
  onRetry,
}: {
  error: Error | null
  isPending: boolean
  isEmpty: boolean
  /** A search found nothing: the workspace may well have tickets. */
  isSearch: boolean
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
  if (isEmpty) return isSearch ? <>No tickets match</> : <>No tickets have been created yet.</>
  return null
}

type TRowActions = { open: (ticketId: string) => void; toggle: (ticketId: string) => void }

function SelectBox({
  ticket,
  isSelected,
  actions,
}: {
  ticket: TTicketSummary
  isSelected: boolean
  actions: TRowActions
}) {
  return (
    <input
      type="checkbox"
      className="size-4"
      aria-label={`Select ticket ${ticketLabel(ticket.number)}`}
      checked={isSelected}
      onClick={(event) => event.stopPropagation()}
      onChange={() => actions.toggle(ticket.$id)}
    />
  )
}

function SubjectButton({ ticket, actions }: { ticket: TTicketSummary; actions: TRowActions }) {
  return (
    // The row is clickable for the mouse; this button is the same action for the keyboard.
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation()
        actions.open(ticket.$id)
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

function Cell({ column, ticket, lookups, actions }: { column: TListColumnKey } & TRowProps) {
  switch (column) {
    case 'id':
      return (
        <TableCell className="font-mono text-xs text-muted-foreground">
          <NumberLink ticket={ticket} />
        </TableCell>
      )
    case 'subject':
      return (
        <TableCell>
          <SubjectButton ticket={ticket} actions={actions} />
        </TableCell>
      )
    case 'requester': {
      const requester = lookups.requester(ticket)
      return (
        <TableCell className="truncate" title={requester.email}>
          {requester.name}
        </TableCell>
      )
    }
    case 'email':
      return <TableCell className="truncate">{ticket.email}</TableCell>
    case 'assignee':
      return <TableCell className="truncate">{lookups.assignee(ticket)}</TableCell>
    case 'group':
      return <TableCell className="truncate">{lookups.group(ticket)}</TableCell>
    case 'category':
      return <TableCell className="truncate">{lookups.category(ticket)}</TableCell>
    case 'status':
      return (
        <TableCell>
          <StatusBadge status={ticket.status} />
        </TableCell>
      )
    case 'priority':
      return (
        <TableCell>
          <PriorityBadge priority={ticket.priority} />
        </TableCell>
      )
    case 'sla':
      return (
        <TableCell>
          <SlaListBadges ticketId={ticket.$id} />
        </TableCell>
      )
    case 'processing':
      return (
        <TableCell>
          <ProcessingBadge processingStatus={ticket.processing_status} />
        </TableCell>
      )
    case 'activity':
      return (
        <TableCell className="text-muted-foreground">
          {ticket.lastActivityAt ? formatTicketDate(ticket.lastActivityAt) : ''}
        </TableCell>
      )
    case 'created':
      return <TableCell className="text-muted-foreground">{formatTicketDate(ticket.$createdAt)}</TableCell>
  }
}

type TRowProps = {
  ticket: TTicketSummary
  /** Its place among the loaded tickets, from 1, and how many are loaded: only the rows in sight are drawn,
   * so a screen reader learns the list's length from these, not from the rows it finds. */
  position: number
  loaded: number
  isSelected: boolean
  isFocused: boolean
  columns: readonly TListColumnKey[]
  lookups: TListLookups
  actions: TRowActions
}

/** One row, drawn again only when its ticket, its selection, its focus or the columns change. */
const TicketRow = memo(function TicketRow(props: TRowProps) {
  const { ticket, isSelected, isFocused, columns, actions, position } = props
  return (
    <TableRow
      aria-rowindex={position + 1}
      className={cn('h-12 cursor-pointer', isFocused && 'bg-muted outline-2 -outline-offset-2 outline-ring')}
      onClick={() => actions.open(ticket.$id)}
      data-ticket-id={ticket.$id}
      data-focused={isFocused || undefined}
      aria-selected={isSelected}
    >
      <TableCell>
        <SelectBox ticket={ticket} isSelected={isSelected} actions={actions} />
      </TableCell>
      {columns.map((column) => (
        <Cell key={column} column={column} {...props} />
      ))}
    </TableRow>
  )
})

const TicketCard = memo(function TicketCard(props: TRowProps) {
  const { ticket, isSelected, isFocused, actions, lookups, columns, position, loaded } = props
  const requester = columns.includes('requester') ? lookups.requester(ticket).name : ticket.email
  return (
    <li
      aria-posinset={position}
      aria-setsize={loaded}
      data-ticket-id={ticket.$id}
      data-focused={isFocused || undefined}
      className={cn(
        'grid h-24 grid-cols-[auto_1fr] content-center gap-x-3 gap-y-1 rounded-md border p-3',
        isFocused && 'bg-muted',
      )}
    >
      <div className="row-span-3 pt-0.5">
        <SelectBox ticket={ticket} isSelected={isSelected} actions={actions} />
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <span className="font-mono text-xs text-muted-foreground">
          <NumberLink ticket={ticket} />
        </span>
        <SubjectButton ticket={ticket} actions={actions} />
      </div>
      <div className="flex items-center gap-2">
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
        <ProcessingBadge processingStatus={ticket.processing_status} />
      </div>
      <div className="flex min-w-0 justify-between gap-2 text-xs text-muted-foreground">
        <span className="truncate" title={ticket.email}>
          {requester}
        </span>
        <span className="shrink-0">{formatTicketDate(ticket.lastActivityAt ?? ticket.$createdAt)}</span>
      </div>
    </li>
  )
})

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  if (direction === 'ascending') return <ArrowUp aria-hidden="true" className="size-3.5" />
  if (direction === 'descending') return <ArrowDown aria-hidden="true" className="size-3.5" />
  return <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-40" />
}

/** Each column's width in rem; the subject takes what is left, and never less than its minimum. */
const COLUMN_REM: Record<TListColumnKey, number> = {
  id: 4.5,
  subject: 0,
  requester: 9,
  email: 10,
  assignee: 7,
  group: 7,
  category: 8,
  status: 7.5,
  priority: 5.5,
  sla: 14,
  processing: 6.5,
  activity: 8.5,
  created: 8.5,
}
const SELECT_REM = 2.5
const SUBJECT_MIN_REM = 12

/** Wide enough for every chosen column: past the box's width the list scrolls sideways, its header too. */
function tableMinWidth(columns: readonly TListColumnKey[]): string {
  const fixed = columns.reduce((sum, column) => sum + COLUMN_REM[column], SELECT_REM)
  return `${fixed + SUBJECT_MIN_REM}rem`
}

function HeaderCell({
  column,
  sort,
  onSort,
}: {
  column: TListColumnKey
  sort: TViewSort
  onSort: (column: TListColumnKey) => void
}) {
  const label = LIST_COLUMNS.find((candidate) => candidate.key === column)?.label ?? column
  const direction = ariaSortOf(column, sort)
  return (
    <TableHead
      scope="col"
      aria-sort={direction}
      style={COLUMN_REM[column] ? { width: `${COLUMN_REM[column]}rem` } : undefined}
    >
      {isSortable(column) ? (
        <button
          type="button"
          onClick={() => onSort(column)}
          className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
        >
          {label}
          <SortIcon direction={direction} />
        </button>
      ) : (
        label
      )}
    </TableHead>
  )
}

/**
 * The rows in sight of the scrolling box, and the space above and below them that the others take. Its
 * row height is fixed per layout; a layout change (a phone turned) makes a new virtualiser with its own.
 */
function useVisibleRows(options: {
  rows: readonly TTicketSummary[]
  scrollRef: RefObject<HTMLDivElement | null>
  rowHeight: number
  focusedIndex: number
  isEmpty: boolean
}) {
  const { rows, scrollRef, rowHeight, focusedIndex } = options
  const virtualizer = useVirtualizer({
    count: options.isEmpty ? 0 : rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.$id ?? index,
  })
  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' })
  }, [focusedIndex, virtualizer])
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  return { items, before, after }
}

/**
 * The list: a table from the sm breakpoint, cards below it (status and priority stay in sight at 360 px).
 * Only the rows in sight of the scrolling box are drawn (TanStack Virtual), each a memoised row: a
 * keystroke in the search box draws none of them again.
 */
export function TicketsTable(props: TTicketsTableProps) {
  const { tickets, selected, focusedIndex, columns, lookups, scrollRef } = props
  const rows = tickets ?? []
  const isPhone = useIsPhone()
  const latest = useRef(props)
  latest.current = props
  // Stable for the memoised rows, whatever the parent passes on each render.
  const open = useCallback((ticketId: string) => latest.current.onOpenTicket(ticketId), [])
  const toggle = useCallback((ticketId: string) => latest.current.onToggle(ticketId), [])
  const actions = useRef<TRowActions>({ open, toggle }).current

  const { items, before, after } = useVisibleRows({
    rows,
    scrollRef,
    rowHeight: isPhone ? CARD_HEIGHT : ROW_HEIGHT,
    focusedIndex,
    isEmpty: !!props.error || props.isPending,
  })

  const state = (
    <StateMessage
      error={props.error}
      isPending={props.isPending}
      isEmpty={rows.length === 0}
      isSearch={props.isSearch}
      isRetrying={props.isRetrying}
      onRetry={props.onRetry}
    />
  )
  const showState = !!props.error || props.isPending || rows.length === 0
  const allSelected = rows.length > 0 && rows.every((ticket) => selected.has(ticket.$id))
  const rowProps = (index: number) => {
    const ticket = rows[index] as TTicketSummary
    return {
      ticket,
      position: index + 1,
      loaded: rows.length,
      isSelected: selected.has(ticket.$id),
      isFocused: index === focusedIndex,
      columns,
      lookups,
      actions,
    }
  }

  if (isPhone) {
    return showState ? (
      <div className="py-10 text-center whitespace-normal text-muted-foreground">{state}</div>
    ) : (
      <ul
        aria-label="Recent tickets"
        className="grid gap-2"
        style={{ paddingTop: before, paddingBottom: after }}
      >
        {items.map((item) => (
          <TicketCard key={item.key} {...rowProps(item.index)} />
        ))}
      </ul>
    )
  }

  const inSight = columns.includes('sla') ? items.map((item) => (rows[item.index] as TTicketSummary).$id) : []
  return (
    <SlaListProvider ticketIds={inSight}>
      <Table
        aria-label="Recent tickets"
        aria-rowcount={rows.length + 1}
        className="table-fixed"
        style={{ minWidth: tableMinWidth(columns) }}
      >
        <TableHeader className="sticky top-0 z-10 bg-background">
          <TableRow aria-rowindex={1} className="hover:bg-transparent">
            <TableHead scope="col" style={{ width: `${SELECT_REM}rem` }}>
              <input
                type="checkbox"
                className="size-4"
                aria-label="Select all listed tickets"
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={props.onToggleAll}
              />
            </TableHead>
            {columns.map((column) => (
              <HeaderCell key={column} column={column} sort={props.sort} onSort={props.onSort} />
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {before > 0 && <tr style={{ height: before }} />}
          {items.map((item) => (
            <TicketRow key={item.key} {...rowProps(item.index)} />
          ))}
          {after > 0 && <tr style={{ height: after }} />}
        </TableBody>
      </Table>
      {/* Under the table's header, so the columns stay in sight of the message. */}
      {showState && <div className="py-10 text-center whitespace-normal text-muted-foreground">{state}</div>}
    </SlaListProvider>
  )
}
