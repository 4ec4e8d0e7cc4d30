import { TICKET_STATUSES, TicketStatus, type TTicketStatus } from '@parsedesk/contracts'
import { CheckCircle2, Tag, Trash2, UserCheck } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'

type TBulkActionsBarProps = {
  count: number
  isBusy: boolean
  onAssignToMe: () => void
  onStatus: (status: TTicketStatus) => void
  onAddTag: (tag: string) => void
  onDelete: () => void
  onClear: () => void
}

/** What can be done to every selected ticket at once; shown while a selection exists. */
export function BulkActionsBar(props: TBulkActionsBarProps) {
  const [status, setStatus] = useState<TTicketStatus>(TicketStatus.inProgress)
  const [tag, setTag] = useState('')
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-wrap items-end gap-2 rounded-md border bg-muted/50 p-2 text-sm"
    >
      <p className="self-center px-1 font-medium" aria-live="polite">
        {props.count} selected
      </p>
      <Button size="sm" variant="outline" disabled={props.isBusy} onClick={props.onAssignToMe}>
        <UserCheck aria-hidden="true" />
        Assign to me
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={props.isBusy}
        onClick={() => props.onStatus(TicketStatus.closed)}
      >
        <CheckCircle2 aria-hidden="true" />
        Close
      </Button>
      <div className="flex items-end gap-1">
        <NativeSelect
          aria-label="New status"
          value={status}
          onChange={(event) => setStatus(event.target.value as TTicketStatus)}
          className="h-8"
        >
          {TICKET_STATUSES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
        <Button size="sm" variant="outline" disabled={props.isBusy} onClick={() => props.onStatus(status)}>
          Set status
        </Button>
      </div>
      <form
        className="flex items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          if (!tag.trim()) return
          props.onAddTag(tag.trim().toLowerCase())
          setTag('')
        }}
      >
        <Input
          aria-label="Tag to add"
          placeholder="tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          className="h-8 w-28"
        />
        <Button size="sm" variant="outline" type="submit" disabled={props.isBusy}>
          <Tag aria-hidden="true" />
          Add tag
        </Button>
      </form>
      <Button size="sm" variant="outline" disabled={props.isBusy} onClick={props.onDelete}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={props.onClear}>
        Clear selection
      </Button>
    </section>
  )
}
