import { ArrowRight, Sparkles } from 'lucide-react'
import { useId } from 'react'
import { Badge } from '@/components/ui/badge'
import { Table, TableBody, TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useCategoryName } from '@/features/categories/queries'
import { type TAnalysisView, toAnalysisView } from '../analysis-view'
import type { TTicketDocument } from '../ticket-model'
import { PriorityBadge } from './ticket-badges'

type TParts = Extract<TAnalysisView, { kind: 'parts' }>

/** Spec: the 'Ticket Analysis' panel labelled 'AI Generated', shown once the analysis is completed. */
export function AnalysisPanel({ ticket }: { ticket: TTicketDocument & { description: string } }) {
  // A ticket stores its category's key: the panel names it as the workspace does (decision 020).
  const categoryName = useCategoryName('teamId' in ticket ? String(ticket.teamId) : undefined)
  const view = toAnalysisView(ticket, categoryName)
  return (
    <section
      aria-labelledby="ticket-analysis-title"
      className="grid gap-3 rounded-lg border border-primary/20 bg-accent/50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ticket-analysis-title" className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          Ticket Analysis
        </h3>
        <span className="flex items-center gap-2">
          {view.kind === 'parts' && view.madeBy && (
            <span className="text-xs text-muted-foreground">by {view.madeBy}</span>
          )}
          <Badge tone="brand">AI Generated</Badge>
        </span>
      </div>
      {view.kind === 'parts' ? (
        <AnalysisParts view={view} />
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap">{view.text}</p>
      )}
    </section>
  )
}

function AnalysisParts({ view }: { view: TParts }) {
  const fieldsId = useId()
  const tone = [
    view.sentiment && `Tone: ${view.sentiment}`,
    view.language && `Written in ${view.language}`,
  ].filter(Boolean)
  return (
    <>
      <p className="text-sm font-medium break-words">{view.summary}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid content-start gap-1">
          <dt className="text-xs text-muted-foreground">Category</dt>
          <dd className="grid gap-1">
            <Badge tone="blue">{view.category.name}</Badge>
            <span className="text-xs break-words text-muted-foreground">{view.category.reason}</span>
          </dd>
        </div>
        <div className="grid content-start gap-1">
          <dt className="text-xs text-muted-foreground">Priority</dt>
          <dd className="grid gap-1">
            <PriorityBadge priority={view.priority.level} />
            {view.priority.reasons.length > 0 ? (
              <ul className="grid list-disc gap-0.5 pl-4 text-xs break-words text-muted-foreground">
                {view.priority.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : (
              <span className="text-xs text-muted-foreground">
                Nothing points to urgency or to low stakes
              </span>
            )}
          </dd>
        </div>
      </dl>
      {tone.length > 0 && <p className="text-xs text-muted-foreground">{tone.join(' · ')}</p>}
      {view.fields.length > 0 && (
        <div className="grid gap-1">
          <h4 id={fieldsId} className="text-xs text-muted-foreground">
            Found in the ticket
          </h4>
          <Table aria-labelledby={fieldsId} className="rounded-md bg-background/60">
            <TableBody>
              {view.fields.map((field) => (
                <TableRow key={`${field.label}:${field.value}`}>
                  <TableHead scope="row" className="h-8 w-36 text-xs font-normal text-muted-foreground">
                    {field.label}
                  </TableHead>
                  <TableCell className="py-1.5 break-all whitespace-normal">{field.value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <div className="grid gap-1">
        <h4 className="flex items-center gap-1 text-xs text-muted-foreground">
          <ArrowRight aria-hidden="true" className="size-3" />
          Next step
        </h4>
        <p className="text-sm break-words">{view.nextStep}</p>
      </div>
    </>
  )
}
