import type { TExtractedField, TTemplatePreviewResponse } from '@parsedesk/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { getErrorMessage } from '@/lib/errors'

/** A field's outcome in a cell: its value, or why it has none. */
function FieldCell({ field }: { field: TExtractedField | undefined }) {
  if (!field) return <span className="text-muted-foreground">—</span>
  if (field.error) return <span className="text-destructive">{field.error}</span>
  if (field.value === null) return <span className="text-muted-foreground">not found</span>
  return <>{String(field.value)}</>
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`

/**
 * The server's run of the draft (decision 053): every locator kind, types and choices as the ingest will
 * read them, over the mailbox's recent mail; the rows the template does not match are left out of the grid.
 */
export function ServerPreview({
  preview,
  fields,
}: {
  preview: UseQueryResult<TTemplatePreviewResponse>
  fields: readonly string[]
}) {
  if (preview.error)
    return (
      <p role="alert" className="text-sm text-destructive">
        The server could not preview the template: {getErrorMessage(preview.error)}
      </p>
    )
  if (!preview.data)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Running the template on the server...
      </p>
    )
  const { recent, recentMatchRate, sample } = preview.data
  const matched = recent.filter((row) => row.matched)
  const passed = matched.filter((row) => row.passed).length
  return (
    <section aria-label="Server preview" className="grid gap-2">
      <p className="text-sm font-medium">
        Server preview: the template reads {matched.length} of {recent.length} recent emails
        {recentMatchRate !== null && ` (${percent(recentMatchRate)})`}; {passed} of them give every required
        field.
        {sample && !sample.matched && ' The sample is not one of the mails it reads: check the match.'}
      </p>
      {matched.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Result</TableHead>
              {fields.map((name) => (
                <TableHead key={name}>{name}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {matched.map((row) => (
              <TableRow key={row.messageId}>
                <TableCell className="max-w-48 truncate">{row.subject}</TableCell>
                <TableCell>
                  <Badge tone={row.passed ? 'green' : 'red'}>{row.passed ? 'Pass' : 'Fail'}</Badge>
                </TableCell>
                {fields.map((name) => (
                  <TableCell key={name} className="max-w-48 truncate">
                    <FieldCell field={row.fields.find((field) => field.name === name)} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}
