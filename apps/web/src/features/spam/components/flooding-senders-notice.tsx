import { IntakeLimitMessages, SpamBlock, type TFloodingSender } from '@parsedesk/contracts'
import { Ban, TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ticketLabel, ticketPath } from '@/features/tickets/ticket-number'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useFloodingSenders, useMarkSpam } from '../queries'

function FloodingSender({ flood }: { flood: TFloodingSender }) {
  const markSpam = useMarkSpam()
  const block = async (ticketId: string) => {
    try {
      await markSpam.mutateAsync({ ticketId, block: SpamBlock.address })
    } catch (error) {
      notifyError({ title: 'Could not block the sender', description: getErrorMessage(error) })
      return
    }
    notifySuccess({
      title: 'Sender blocked',
      description: `${flood.sender} is blocked; its ticket is closed as spam.`,
    })
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3">
      <p className="flex min-w-0 items-start gap-2 text-sm break-words">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span>
          {IntakeLimitMessages.flooding(flood.sender, flood.deferred)}{' '}
          {flood.ticketNumber === null ? (
            IntakeLimitMessages.noTicket
          ) : (
            <Link className="underline underline-offset-4" to={ticketPath(flood.ticketNumber)}>
              Newest ticket {ticketLabel(flood.ticketNumber)}
            </Link>
          )}
        </span>
      </p>
      {flood.ticketId && (
        <Button
          type="button"
          variant="destructive"
          size="sm"
          disabled={markSpam.isPending}
          onClick={() => void block(flood.ticketId as string)}
        >
          {markSpam.isPending ? <Spinner /> : <Ban aria-hidden="true" />}
          Mark spam and block sender
          <span className="sr-only"> {flood.sender}</span>
        </Button>
      )}
    </li>
  )
}

/**
 * The dashboard's word on senders whose mail came too fast and was deferred (decision 029), each with the
 * one-click block that "Mark spam and block sender" is on a ticket. Nothing shows while there are none.
 */
export function FloodingSendersNotice({ userId }: { userId: string | undefined }) {
  const flooding = useFloodingSenders(useCurrentWorkspaceId(userId))
  const senders = flooding.data?.senders ?? []
  if (senders.length === 0) return null
  return (
    <section aria-label="Flooding senders" data-testid="flooding-senders">
      <ul className="grid gap-2">
        {senders.map((flood) => (
          <FloodingSender key={`${flood.mailboxId} ${flood.sender}`} flood={flood} />
        ))}
      </ul>
    </section>
  )
}
