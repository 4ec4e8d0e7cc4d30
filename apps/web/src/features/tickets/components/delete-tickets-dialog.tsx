import { ConfirmDialog } from '@/components/confirm-action'

type TDeleteTicketsDialogProps = {
  isOpen: boolean
  ticketCount: number
  /** `#1042` when one ticket is deleted. */
  ticketLabel: string | undefined
  isDeleting: boolean
  onCancel: () => void
  onConfirm: () => void
}

/** Asks before tickets are deleted (one or a selection): their mail and history go with them. Cancel has the focus. */
export function DeleteTicketsDialog(props: TDeleteTicketsDialogProps) {
  const what =
    props.ticketCount === 1 ? `ticket ${props.ticketLabel ?? ''}`.trim() : `${props.ticketCount} tickets`
  return (
    <ConfirmDialog
      open={props.isOpen}
      onOpenChange={(open) => !open && props.onCancel()}
      isBusy={props.isDeleting}
      title={`Delete ${what}?`}
      description="Their messages, attachments and history are deleted with them. This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={props.onConfirm}
    />
  )
}
