import type { TCustomFieldAttributes, TCustomFieldValue, TReportTicketRow } from '@parsedesk/contracts'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useCustomFields } from '@/features/templates/queries'
import { fetchTicketsCsv, useReportSlice } from '../queries'
import { download, formatDuration } from '../report-view'

type TColumnField = Pick<TCustomFieldAttributes, 'key' | 'label'>

/** A custom value as stored (a choice by its option's value), a dash when the ticket has none. */
function customCell(value: TCustomFieldValue | undefined): string {
  return value === undefined || value === null || value === '' ? '–' : String(value)
}

/**
 * The drill-down's rows, then one column per custom field of the workspace, in the order the settings and
 * the CSV list them (by label), so the page shows what the CSV exports.
 */
export function SliceTicketsTable({
  tickets,
  fields,
}: {
  tickets: readonly TReportTicketRow[]
  fields: readonly TColumnField[]
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>#</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>First reply</TableHead>
          <TableHead>Resolution</TableHead>
          {fields.map((field) => (
            <TableHead key={field.key}>{field.label}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {tickets.map((ticket) => (
          <TableRow key={ticket.id}>
            <TableCell>
              <Link
                className="text-primary underline-offset-4 hover:underline"
                to={`/tickets/${ticket.number}`}
              >
                {ticket.number}
              </Link>
            </TableCell>
            <TableCell className="max-w-80 truncate">{ticket.subject}</TableCell>
            <TableCell>{ticket.status}</TableCell>
            <TableCell>{formatDuration(ticket.firstReplyMs)}</TableCell>
            <TableCell>{formatDuration(ticket.resolutionMs)}</TableCell>
            {fields.map((field) => (
              <TableCell key={field.key} className="max-w-60 truncate">
                {customCell(ticket.customFields[field.key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** The tickets behind the number opened, each linking to its page, and all of them as CSV. */
export function SliceTickets({
  query,
  slice,
  title,
  onClose,
}: {
  query: Record<string, string>
  slice: string
  title: string
  onClose: () => void
}) {
  const drill = useReportSlice(query, slice)
  const tickets = drill.data?.tickets ?? []
  const fields = useCustomFields(query.teamId).data ?? []
  return (
    <Card className="gap-3 py-4" aria-label="Tickets behind the number">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
        <CardTitle className="text-base">
          {title}
          {drill.data && <span className="text-muted-foreground"> · {drill.data.total} tickets</span>}
        </CardTitle>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={async () =>
              download(`tickets-${slice.replaceAll(':', '-')}.csv`, await fetchTicketsCsv(query, slice))
            }
          >
            Tickets CSV
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </CardHeader>
      <CardContent className="px-4">
        {drill.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : (
          <SliceTicketsTable tickets={tickets} fields={fields} />
        )}
        {drill.data && drill.data.total > tickets.length && (
          <p className="mt-2 text-sm text-muted-foreground">
            The first {tickets.length} are listed; the CSV holds all {drill.data.total}.
          </p>
        )}
      </CardContent>
    </Card>
  )
}
