import { CategoryKey, SpamBlock } from '@parsedesk/contracts'
import { Ban, Ellipsis, Keyboard, ShieldAlert, ShieldCheck, Trash2, UserRoundCheck } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Paths } from '@/app/paths'
import { ConfirmDialog } from '@/components/confirm-action'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { useSpamCommands } from '@/features/spam/use-spam-commands'
import { useDeleteTickets } from '@/features/tickets/queries'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TTicketPageDocument, ticketLabel } from '../ticket-page-model'
import { MergeButton } from './merge-button'

/** Spam, not spam, blocking the sender and deleting: what the dashboard's dialog offers, in one menu. */
function MoreActions({ ticket }: { ticket: TTicketPageDocument }) {
  const navigate = useNavigate()
  const { user } = useSession()
  const spam = useSpamCommands(ticket)
  const remove = useDeleteTickets({ userId: user?.$id })
  const [isDeleteAsked, setIsDeleteAsked] = useState(false)
  const isSpam = ticket.category === CategoryKey.spam

  const deleteTicket = async () => {
    try {
      await remove.mutateAsync([ticket.$id])
    } catch (error) {
      notifyError({ title: Toasts.ticketDeleteFailed, description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: Toasts.ticketDeleted })
    setIsDeleteAsked(false)
    void navigate(Paths.tickets)
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size="sm" disabled={spam.isPending}>
            {spam.isPending ? <Spinner /> : <Ellipsis aria-hidden="true" />}
            More actions
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {isSpam ? (
            <DropdownMenuItem onSelect={() => void spam.undo()}>
              <ShieldCheck aria-hidden="true" />
              Not spam
            </DropdownMenuItem>
          ) : (
            <>
              <DropdownMenuItem onSelect={() => void spam.mark(SpamBlock.none)}>
                <ShieldAlert aria-hidden="true" />
                Mark spam
              </DropdownMenuItem>
              {spam.domain && (
                <>
                  <DropdownMenuItem onSelect={() => void spam.mark(SpamBlock.address)}>
                    <Ban aria-hidden="true" />
                    Mark spam and block {ticket.email.toLowerCase()}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => void spam.mark(SpamBlock.domain)}>
                    <Ban aria-hidden="true" />
                    Mark spam and block everyone at {spam.domain}
                  </DropdownMenuItem>
                </>
              )}
            </>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setIsDeleteAsked(true)}>
            <Trash2 aria-hidden="true" />
            Delete ticket…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={isDeleteAsked}
        onOpenChange={setIsDeleteAsked}
        isBusy={remove.isPending}
        title={`Delete ${ticketLabel(ticket.number)}?`}
        description="The ticket, its conversation and its files are deleted for everyone in the workspace. This cannot be undone."
        confirmLabel="Delete Ticket"
        busyLabel="Deleting..."
        confirmIcon={<Trash2 aria-hidden="true" />}
        onConfirm={() => void deleteTicket()}
      />
    </>
  )
}

/** The ticket's own actions above its title: assign to me, merge, the rest in a menu, and the shortcuts. */
export function TicketActions({
  ticket,
  onAssignToMe,
  isAssigning,
  onHelp,
}: {
  ticket: TTicketPageDocument
  onAssignToMe: () => void
  isAssigning: boolean
  onHelp: () => void
}) {
  const { user } = useSession()
  const isMine = !!user && ticket.assigneeId === user.$id
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isMine || isAssigning}
        aria-keyshortcuts="a"
        onClick={onAssignToMe}
      >
        {isAssigning ? <Spinner /> : <UserRoundCheck aria-hidden="true" />}
        {isMine ? 'Assigned to me' : 'Assign to me'}
      </Button>
      {/* A merged duplicate is closed for good: it cannot be merged again (decision 018). */}
      {!ticket.mergedIntoId && <MergeButton ticket={ticket} />}
      <MoreActions ticket={ticket} />
      {/* Keys need a keyboard: phones leave the button out. */}
      <span className="hidden sm:inline">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
          aria-keyshortcuts="?"
          onClick={onHelp}
        >
          <Keyboard aria-hidden="true" />
          Shortcuts
        </Button>
      </span>
    </div>
  )
}
