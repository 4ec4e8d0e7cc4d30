import { useRef, useState } from 'react'

/**
 * The ticket whose details dialog is open, read from the live list (so polling and realtime updates reach
 * the open dialog too), and where focus goes when it closes.
 */
export function useTicketDetails<TTicket extends { $id: string }>(tickets: readonly TTicket[] | undefined) {
  const [openTicketId, setOpenTicketId] = useState<string | null>(null)
  const lastOpenedId = useRef<string | null>(null)
  return {
    openTicket: tickets?.find((ticket) => ticket.$id === openTicketId) ?? null,
    open: (ticketId: string) => {
      lastOpenedId.current = ticketId
      setOpenTicketId(ticketId)
    },
    close: () => setOpenTicketId(null),
    /**
     * Focus goes back to the ticket's row, whether it was opened by mouse or keyboard; a deleted ticket has
     * no row left, and focus then stays with the page.
     */
    returnFocus: (event: Event) => {
      const row = document.querySelector<HTMLElement>(
        `tr[data-ticket-id="${CSS.escape(lastOpenedId.current ?? '')}"] button`,
      )
      if (!row) return
      event.preventDefault()
      row.focus()
    },
  }
}
