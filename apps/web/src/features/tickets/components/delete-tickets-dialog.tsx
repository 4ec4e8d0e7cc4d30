import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

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
    <AlertDialog open={props.isOpen} onOpenChange={(open) => !open && !props.isDeleting && props.onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {what}?</AlertDialogTitle>
          <AlertDialogDescription>
            Their messages, attachments and history are deleted with them. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={props.isDeleting}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={props.isDeleting} onClick={props.onConfirm}>
            {props.isDeleting && <Spinner />}
            {props.isDeleting ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
