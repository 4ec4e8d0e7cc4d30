import { useEffect, useEffectEvent } from 'react'
import { type TTicketAction, ticketActionOf } from './ticket-shortcuts'

function isDialogOpen(): boolean {
  return !!document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')
}

/** The ticket page's keys (`ticket-shortcuts.ts`), each calling its handler, read as the page is at the press. */
export function useTicketShortcuts(handlers: Record<TTicketAction, () => void>) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const action = ticketActionOf({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      target: event.target as HTMLElement | null,
      isDialogOpen: isDialogOpen(),
    })
    if (!action) return
    event.preventDefault()
    handlers[action]()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])
}
