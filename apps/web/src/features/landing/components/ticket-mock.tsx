import { ArrowDown, Mail, Ticket } from 'lucide-react'
import { Badge } from '@/components/ui/badge'

const ticketFields = [
  { label: 'Customer', value: 'Sarah Johnson' },
  { label: 'Email', value: 'sarah.johnson@acme-corp.example' },
  { label: 'Issue', value: 'Cannot access account after password reset' },
  { label: 'Assignee', value: 'Support Team' },
] as const

/** A picture of the product, not a control: nothing in it is focusable or clickable. */
export function TicketMock() {
  return (
    <figure
      aria-label="An incoming email becoming a high-priority ticket"
      className="relative mx-auto w-full max-w-md"
    >
      <div className="rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-700">
            <Mail aria-hidden="true" className="size-4" />
          </span>
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">Incoming email · support@acme-corp.example</p>
            <p className="truncate text-sm font-medium">Urgent: locked out after password reset</p>
          </div>
        </div>
      </div>
      <div className="flex justify-center py-2 text-muted-foreground">
        <ArrowDown aria-hidden="true" className="size-5" />
      </div>
      <div className="rounded-xl border bg-card p-5 shadow-lg ring-1 ring-primary/10">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 font-semibold">
            <Ticket aria-hidden="true" className="size-4 text-primary" />
            Ticket #4821
          </p>
          <Badge tone="red">High Priority</Badge>
        </div>
        <dl className="mt-4 grid gap-2 text-sm">
          {ticketFields.map((field) => (
            <div key={field.label} className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2">
              <dt className="text-muted-foreground">{field.label}</dt>
              <dd className="min-w-0 font-medium wrap-anywhere">{field.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 border-t pt-3 text-right">
          <span className="text-sm font-medium text-primary">View Ticket →</span>
        </div>
      </div>
    </figure>
  )
}
