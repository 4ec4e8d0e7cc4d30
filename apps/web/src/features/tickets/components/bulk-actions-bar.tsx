import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketStatus,
  type TTicketPriority,
  type TTicketStatus,
} from '@parsedesk/contracts'
import { CheckCircle2, MessageSquareReply, Trash2, UserCheck } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { ConfirmAction } from '@/components/confirm-action'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { BulkTagForm } from './bulk-tag-form'

/** A member the selection can be assigned to. */
export type TAssignableMember = { id: string; name: string }

/** A canned reply the selection can get. */
export type TBulkMacro = { $id: string; name: string }

type TBulkActionsBarProps = {
  count: number
  isBusy: boolean
  members: readonly TAssignableMember[]
  macros: readonly TBulkMacro[]
  onAssignToMe: () => void
  /** Resolves true once applied (the confirmation closes). */
  onApplyMacro: (macroId: string) => Promise<boolean>
  onAssign: (member: TAssignableMember | null) => void
  onStatus: (status: TTicketStatus) => void
  onPriority: (priority: TTicketPriority) => void
  onAddTag: (tag: string) => void
  onDelete: () => void
  onClear: () => void
}

const UNASSIGNED = ''

/** A choice and the button that applies it to the selection. */
function ChoiceAction({
  label,
  value,
  onChange,
  options,
  action,
  isBusy,
  onApply,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: ReactNode
  action: string
  isBusy: boolean
  onApply: () => void
}) {
  return (
    <div className="flex items-end gap-1">
      <NativeSelect
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-8"
      >
        {options}
      </NativeSelect>
      <Button size="sm" variant="outline" disabled={isBusy} onClick={onApply}>
        {action}
      </Button>
    </div>
  )
}

/**
 * What can be done to every selected ticket at once; shown while a selection exists, floating over the
 * bottom of the window so the rows never move when it appears.
 */
export function BulkActionsBar(props: TBulkActionsBarProps) {
  const [status, setStatus] = useState<TTicketStatus>(TicketStatus.inProgress)
  const [priority, setPriority] = useState<TTicketPriority>('high')
  const [assigneeId, setAssigneeId] = useState(UNASSIGNED)
  const [macroId, setMacroId] = useState('')
  const macro = props.macros.find((candidate) => candidate.$id === macroId) ?? props.macros[0]
  return (
    <section
      aria-label="Bulk actions"
      className="fixed inset-x-2 bottom-3 z-40 mx-auto flex max-h-[45dvh] max-w-5xl flex-wrap items-end gap-2 overflow-y-auto rounded-md border bg-background p-2 text-sm shadow-lg"
    >
      <p className="self-center px-1 font-medium" aria-live="polite">
        {props.count} selected
      </p>
      <Button size="sm" variant="outline" disabled={props.isBusy} onClick={props.onAssignToMe}>
        <UserCheck aria-hidden="true" />
        Assign to me
      </Button>
      <ChoiceAction
        label="Assign to"
        value={assigneeId}
        onChange={setAssigneeId}
        options={
          <>
            <option value={UNASSIGNED}>Nobody</option>
            {props.members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </>
        }
        action="Assign"
        isBusy={props.isBusy}
        onApply={() => props.onAssign(props.members.find((member) => member.id === assigneeId) ?? null)}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={props.isBusy}
        onClick={() => props.onStatus(TicketStatus.closed)}
      >
        <CheckCircle2 aria-hidden="true" />
        Close
      </Button>
      <ChoiceAction
        label="New status"
        value={status}
        onChange={(value) => setStatus(value as TTicketStatus)}
        options={TICKET_STATUSES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        action="Set status"
        isBusy={props.isBusy}
        onApply={() => props.onStatus(status)}
      />
      <ChoiceAction
        label="New priority"
        value={priority}
        onChange={(value) => setPriority(value as TTicketPriority)}
        options={TICKET_PRIORITIES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        action="Set priority"
        isBusy={props.isBusy}
        onApply={() => props.onPriority(priority)}
      />
      {macro && (
        <div className="flex items-end gap-1">
          <NativeSelect
            aria-label="Macro to apply"
            value={macro.$id}
            onChange={(event) => setMacroId(event.target.value)}
            className="h-8"
          >
            {props.macros.map((option) => (
              <option key={option.$id} value={option.$id}>
                {option.name}
              </option>
            ))}
          </NativeSelect>
          <ConfirmAction
            trigger={
              <>
                <MessageSquareReply aria-hidden="true" />
                Apply macro
              </>
            }
            triggerDisabled={props.isBusy}
            title={`Apply “${macro.name}” to ${props.count === 1 ? '1 ticket' : `${props.count} tickets`}?`}
            description="Its reply is mailed to each ticket's requester, filled in for them, and its changes are made. A ticket where a placeholder has no value is skipped."
            confirmLabel="Apply and send"
            busyLabel="Applying..."
            onConfirm={() => props.onApplyMacro(macro.$id)}
          />
        </div>
      )}
      <BulkTagForm isBusy={props.isBusy} onAddTag={props.onAddTag} />
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
