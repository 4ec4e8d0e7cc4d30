import { readShortcuts, type TShortcut } from '@/lib/keyboard-shortcuts'

export type TListAction = 'next' | 'previous' | 'select' | 'open' | 'assignToMe' | 'close' | 'search' | 'help'

/** The list's shortcuts, as the help dialog lists them and the key handler reads them. */
export const LIST_SHORTCUTS: readonly TShortcut<TListAction>[] = [
  { action: 'next', keys: ['j'], label: 'Next ticket' },
  { action: 'previous', keys: ['k'], label: 'Previous ticket' },
  { action: 'select', keys: ['x'], label: 'Select or unselect the ticket' },
  { action: 'open', keys: ['o', 'Enter'], label: 'Open the ticket’s page' },
  { action: 'assignToMe', keys: ['a'], label: 'Assign the selection (or the ticket) to me' },
  { action: 'close', keys: ['c'], label: 'Close the selection (or the ticket)' },
  { action: 'search', keys: ['/'], label: 'Search' },
  { action: 'help', keys: ['?'], label: 'Show these shortcuts' },
]

/** The action a key press asks for on the list; Enter on a button or link does what it says there. */
export const listActionOf = readShortcuts(LIST_SHORTCUTS, { enterOnControls: false })
