import { useState } from 'react'

/** The tickets ticked for a bulk action, by id; what a change of view or a delete leaves of it. */
export function useTicketSelection(tickets: readonly { $id: string }[] | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  return {
    selected,
    toggle: (ticketId: string) =>
      setSelected((current) => {
        const next = new Set(current)
        if (!next.delete(ticketId)) next.add(ticketId)
        return next
      }),
    /** Every listed ticket, or none when every one was ticked already. */
    toggleAll: () =>
      setSelected((current) =>
        tickets?.every((ticket) => current.has(ticket.$id))
          ? new Set()
          : new Set(tickets?.map((ticket) => ticket.$id)),
      ),
    clear: () => setSelected(new Set()),
    /** Unticks tickets that are gone. */
    drop: (ticketIds: readonly string[]) =>
      setSelected((current) => new Set([...current].filter((id) => !ticketIds.includes(id)))),
  }
}
