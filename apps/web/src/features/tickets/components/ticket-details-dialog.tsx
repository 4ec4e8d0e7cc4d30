import { ProcessingStatus } from '@parsedesk/contracts'
import { Braces, ExternalLink, RefreshCw, Trash2 } from 'lucide-react'
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react'
import { generatePath, Link } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { TicketMailSections } from '@/features/mailbox/components/ticket-mail-sections'
import { SpamActions } from '@/features/spam/components/spam-actions'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { useTicket } from '../queries'
import { readRawJson } from '../raw-json'
import type { TTicketDocument, TTicketSummary } from '../ticket-model'
import { AnalysisPanel } from './analysis-panel'
import { PriorityBadge, StatusBadge } from './ticket-badges'

// The sanitiser is only needed once someone opens the raw source.
const RawJsonPanel = lazy(() =>
  import('./raw-json-panel').then((module) => ({ default: module.RawJsonPanel })),
)

type TTicketDetailsDialogProps = {
  ticket: TTicketSummary | null
  isDeleting: boolean
  onDelete: (ticketId: string) => void
  onClose: () => void
  /** The dialog has no Radix trigger, so the caller says where focus goes back to. */
  onCloseAutoFocus: (event: Event) => void
}

function TicketBody({
  ticket,
  error,
  onRetry,
}: {
  ticket: TTicketDocument | undefined
  error: Error | null
  onRetry: () => void
}) {
  if (ticket) {
    return (
      <div className="max-h-72 overflow-auto rounded-md border bg-muted/40 p-3 text-sm break-words whitespace-pre-wrap">
        {ticket.body}
      </div>
    )
  }
  if (error) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-destructive">Could not load the ticket</p>
        <p className="text-muted-foreground">{getErrorMessage(error)}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    )
  }
  return <Spinner size="md" className="text-muted-foreground" />
}

function TicketDetails({
  ticket,
  isDeleting,
  onDelete,
}: Pick<TTicketDetailsDialogProps, 'isDeleting' | 'onDelete'> & { ticket: TTicketSummary }) {
  const rawJsonId = useId()
  const [isRawJsonShown, setIsRawJsonShown] = useState(false)
  // The list holds the ticket's summary; its body, analysis and raw source are read now.
  const whole = useTicket({ ticketId: ticket.$id, updatedAt: ticket.$updatedAt })
  const full = whole.data
  const rawJson = useMemo(() => readRawJson(full?.rawJson), [full?.rawJson])
  const analysed =
    full?.processing_status === ProcessingStatus.completed && full.description
      ? { ...full, description: full.description }
      : null

  return (
    <div className="grid min-w-0 gap-5">
      <div className="grid gap-2">
        <h3 className="text-base font-semibold break-words">{ticket.subject}</h3>
        <dl className="grid gap-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">From</dt>
            <dd className="break-all">{ticket.email}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Created</dt>
            <dd>{formatTicketDate(ticket.$createdAt)}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
        </div>
        {full && <SpamActions ticket={full} />}
        {full && 'number' in full && typeof full.number === 'number' && (
          <Link
            to={generatePath(Paths.ticket, { number: String(full.number) })}
            className="flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open ticket page
          </Link>
        )}
      </div>

      {analysed && <AnalysisPanel ticket={analysed} />}

      <section aria-labelledby={`${rawJsonId}-body`} className="grid gap-2">
        <h3 id={`${rawJsonId}-body`} className="text-sm font-semibold">
          Ticket Body
        </h3>
        <TicketBody ticket={full} error={whole.error} onRetry={() => void whole.refetch()} />
      </section>

      <TicketMailSections ticketId={ticket.$id} updatedAt={ticket.$updatedAt} />

      <div className="grid gap-3">
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          disabled={!rawJson}
          aria-expanded={isRawJsonShown}
          aria-controls={isRawJsonShown ? rawJsonId : undefined}
          onClick={() => setIsRawJsonShown((shown) => !shown)}
        >
          <Braces aria-hidden="true" />
          {isRawJsonShown ? 'Hide Raw JSON' : 'Show Raw JSON'}
        </Button>
        {isRawJsonShown && rawJson && (
          <Suspense fallback={<Spinner size="md" className="text-muted-foreground" />}>
            <RawJsonPanel id={rawJsonId} view={rawJson} />
          </Suspense>
        )}
      </div>

      <div className="flex justify-end border-t pt-4">
        <Button
          type="button"
          variant="destructive"
          disabled={isDeleting}
          onClick={() => onDelete(ticket.$id)}
        >
          {isDeleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
          {isDeleting ? 'Deleting...' : 'Delete Ticket'}
        </Button>
      </div>
    </div>
  )
}

export function TicketDetailsDialog({
  ticket,
  isDeleting,
  onDelete,
  onClose,
  onCloseAutoFocus,
}: TTicketDetailsDialogProps) {
  const content = useRef<HTMLDivElement>(null)
  // Radix would focus the first button, Delete Ticket: one stray Enter must not delete, so the dialog
  // itself takes focus and is read from its title.
  const focusDialog = (event: Event) => {
    event.preventDefault()
    content.current?.focus()
  }
  return (
    <Dialog open={!!ticket} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        ref={content}
        className="sm:max-w-2xl"
        onOpenAutoFocus={focusDialog}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>Ticket Details</DialogTitle>
          <DialogDescription>View the complete information for this support ticket</DialogDescription>
        </DialogHeader>
        {ticket && (
          <TicketDetails key={ticket.$id} ticket={ticket} isDeleting={isDeleting} onDelete={onDelete} />
        )}
      </DialogContent>
    </Dialog>
  )
}
