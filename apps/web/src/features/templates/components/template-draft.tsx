import { type ReactNode, useId } from 'react'
import { Badge } from '@/components/ui/badge'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { draftGrid, type TGridField } from '../draft-grid'
import type { TSampleEmail } from '../queries'
import { SelectableEmail, type TSelectedField } from './selectable-email'

export type TDraftSample = Pick<TSampleEmail, '$id' | 'number' | 'subject' | 'email' | 'body'>

type TTemplateDraftProps = {
  /** The workspace's recent first emails: one is the sample, all of them are the page's grid. */
  samples: readonly TDraftSample[]
  /** The sample's id; the first recent email when it names none of them. */
  sampleId: string | undefined
  onSampleChange(sampleId: string): void
  /** The fields the page looks for itself, as the grid's columns. */
  gridFields: readonly TGridField[]
  onAddField(field: TSelectedField): void
  /** The editors of the fields named so far, between the sample and the grid. */
  children?: ReactNode
}

/** The sample the editor shows: the one picked, else the newest. */
export function pickSample<T extends { $id: string }>(samples: readonly T[], sampleId: string | undefined) {
  return samples.find((email) => email.$id === sampleId) ?? samples[0]
}

/**
 * The editor's working area: pick a recent email as the sample, select values in it to name fields, and see
 * each edit looked for in every recent email as a pass/fail grid with the values found.
 */
export function TemplateDraft({
  samples,
  sampleId,
  onSampleChange,
  gridFields,
  onAddField,
  children,
}: TTemplateDraftProps) {
  const sampleSelectId = useId()
  const sample = pickSample(samples, sampleId)
  if (!sample) {
    return (
      <p className="text-sm text-muted-foreground">No email has come in yet: a template starts from one.</p>
    )
  }
  const grid = draftGrid(gridFields, samples)

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <Label htmlFor={sampleSelectId}>Sample email</Label>
        <NativeSelect
          id={sampleSelectId}
          value={sample.$id}
          onChange={(event) => onSampleChange(event.target.value)}
        >
          {samples.map((email) => (
            <option key={email.$id} value={email.$id}>
              #{email.number} {email.subject} ({email.email})
            </option>
          ))}
        </NativeSelect>
      </div>
      <SelectableEmail key={sample.$id} text={sample.body} onAddField={onAddField} />
      {children}
      {gridFields.length > 0 && (
        <section aria-label="Preview on recent emails" className="grid gap-2">
          <p className="text-sm font-medium">
            All fields found in {grid.passing} of {grid.rows.length} recent emails
          </p>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Result</TableHead>
                {gridFields.map((field) => (
                  <TableHead key={field.key}>{field.key}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {grid.rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="max-w-48 truncate">
                    #{row.number} {row.subject}
                  </TableCell>
                  <TableCell>
                    <Badge tone={row.passes ? 'green' : 'red'}>{row.passes ? 'Pass' : 'Fail'}</Badge>
                  </TableCell>
                  {gridFields.map((field) => (
                    <TableCell key={field.key} className="max-w-48 truncate">
                      {row.values[field.key] ?? <span className="text-muted-foreground">not found</span>}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
    </div>
  )
}
