import { useRef, useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useDeleteTicket, useTickets } from '../queries'
import { TicketDetailsDialog } from './ticket-details-dialog'
import { TicketsTable } from './tickets-table'

export function RecentTicketsCard({ userId }: { userId: string | undefined }) {
  const tickets = useTickets({ userId })
  const deleteTicket = useDeleteTicket()
  const [openTicketId, setOpenTicketId] = useState<string | null>(null)
  const lastOpenedId = useRef<string | null>(null)
  // Read from the live list, so polling and realtime updates reach an open dialog too.
  const openTicket = tickets.data?.find((ticket) => ticket.$id === openTicketId) ?? null

  const removeTicket = async (ticketId: string) => {
    try {
      await deleteTicket.mutateAsync(ticketId)
    } catch (error) {
      notifyError({ title: Toasts.ticketDeleteFailed, description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: Toasts.ticketDeleted })
    setOpenTicketId(null)
  }

  const openDetails = (ticketId: string) => {
    lastOpenedId.current = ticketId
    setOpenTicketId(ticketId)
  }

  // Focus goes back to the ticket's row, whether it was opened by mouse or keyboard; a deleted
  // ticket has no row left, and focus then stays with the page.
  const returnFocus = (event: Event) => {
    const row = document.querySelector<HTMLElement>(
      `tr[data-ticket-id="${CSS.escape(lastOpenedId.current ?? '')}"] button`,
    )
    if (!row) return
    event.preventDefault()
    row.focus()
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Recent Tickets</CardTitle>
        <CardDescription>View and manage your support tickets</CardDescription>
      </CardHeader>
      <CardContent>
        <TicketsTable
          tickets={tickets.data}
          isPending={tickets.isPending}
          error={tickets.error}
          isRetrying={tickets.isFetching}
          onRetry={() => void tickets.refetch()}
          onOpenTicket={openDetails}
        />
      </CardContent>
      <TicketDetailsDialog
        ticket={openTicket}
        isDeleting={deleteTicket.isPending}
        onDelete={removeTicket}
        onClose={() => setOpenTicketId(null)}
        onCloseAutoFocus={returnFocus}
      />
    </Card>
  )
}
