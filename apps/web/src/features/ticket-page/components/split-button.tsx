import { Split } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { useSplitMessage } from '../queries'
import { type TConversationMessage, ticketLabel } from '../ticket-page-model'
import { ticketPath } from '../ticket-path'

/**
 * Split into a new ticket, on a customer's mail: asks first, then opens the new ticket, whose first mail
 * this one becomes (it leaves this conversation). The server's refusal is shown in its words.
 */
export function SplitButton({
  message,
  ticketNumber,
}: {
  message: TConversationMessage
  ticketNumber: number | undefined
}) {
  const [isOpen, setIsOpen] = useState(false)
  const split = useSplitMessage()
  const navigate = useNavigate()

  const confirm = async () => {
    try {
      const created = await split.mutateAsync(message.$id)
      setIsOpen(false)
      if (created.number !== undefined) void navigate(ticketPath(created.number))
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  }

  return (
    <AlertDialog
      open={isOpen}
      onOpenChange={(open) => {
        if (split.isPending) return
        setIsOpen(open)
        split.reset()
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm">
          <Split aria-hidden="true" />
          Split into a new ticket
          <span className="sr-only"> the mail from {message.from}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Split this mail into a new ticket?</AlertDialogTitle>
          <AlertDialogDescription>
            The mail from {message.from} leaves {ticketLabel(ticketNumber)} and opens a new ticket for the
            same requester, with its attachments; the customer's answers to it go there.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {split.error && (
          <p role="alert" className="text-sm break-words text-destructive">
            {getErrorMessage(split.error)}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={split.isPending}>Cancel</AlertDialogCancel>
          <Button type="button" disabled={split.isPending} onClick={() => void confirm()}>
            {split.isPending && <Spinner />}
            {split.isPending ? 'Splitting...' : 'Split'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
