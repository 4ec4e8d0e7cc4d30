import { readShortcuts, type TShortcut } from '@/lib/keyboard-shortcuts'

export type TTicketAction = 'reply' | 'note' | 'assignToMe' | 'status' | 'next' | 'previous' | 'help'

/** The ticket page's shortcuts, as the help dialog lists them and the key handler reads them. */
export const TICKET_SHORTCUTS: readonly TShortcut<TTicketAction>[] = [
  { action: 'reply', keys: ['r'], label: 'Reply to the customer' },
  { action: 'note', keys: ['n'], label: 'Write an internal note' },
  { action: 'assignToMe', keys: ['a'], label: 'Assign the ticket to me' },
  { action: 'status', keys: ['s'], label: 'Change the status (arrow keys choose, it saves itself)' },
  { action: 'next', keys: ['j'], label: 'Next ticket (the older one, as the list runs)' },
  { action: 'previous', keys: ['k'], label: 'Previous ticket (the newer one)' },
  { action: 'help', keys: ['?'], label: 'Show these shortcuts' },
]

/** The action a key press asks for on the ticket page. */
export const ticketActionOf = readShortcuts(TICKET_SHORTCUTS)
