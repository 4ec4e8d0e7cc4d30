import { Split } from 'lucide-react'
import { useNavigate } from 'react-router'
import { ConfirmAction } from '@/components/confirm-action'
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
  const split = useSplitMessage()
  const navigate = useNavigate()

  const confirm = async () => {
    try {
      const created = await split.mutateAsync(message.$id)
      if (created.number !== undefined) void navigate(ticketPath(created.number))
      return true
    } catch {
      // Shown in the dialog from the mutation's error.
      return false
    }
  }

  return (
    <ConfirmAction
      trigger={
        <>
          <Split aria-hidden="true" />
          Split into a new ticket
        </>
      }
      target={`the mail from ${message.from}`}
      triggerVariant="ghost"
      title="Split this mail into a new ticket?"
      description={
        <>
          The mail from {message.from} leaves {ticketLabel(ticketNumber)} and opens a new ticket for the same
          requester, with its attachments; the customer's answers to it go there.
        </>
      }
      confirmLabel="Split"
      busyLabel="Splitting..."
      confirmVariant="default"
      onConfirm={confirm}
      onOpenChange={() => split.reset()}
    >
      {split.error && (
        <p role="alert" className="text-sm break-words text-destructive">
          {getErrorMessage(split.error)}
        </p>
      )}
    </ConfirmAction>
  )
}
