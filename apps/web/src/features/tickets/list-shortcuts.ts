export type TListAction = 'next' | 'previous' | 'select' | 'open' | 'assignToMe' | 'close' | 'search' | 'help'

/** The list's shortcuts, as the help dialog lists them and the key handler reads them. */
export const LIST_SHORTCUTS: readonly { action: TListAction; keys: readonly string[]; label: string }[] = [
  { action: 'next', keys: ['j'], label: 'Next ticket' },
  { action: 'previous', keys: ['k'], label: 'Previous ticket' },
  { action: 'select', keys: ['x'], label: 'Select or unselect the ticket' },
  { action: 'open', keys: ['o', 'Enter'], label: 'Open the ticket’s page' },
  { action: 'assignToMe', keys: ['a'], label: 'Assign the selection (or the ticket) to me' },
  { action: 'close', keys: ['c'], label: 'Close the selection (or the ticket)' },
  { action: 'search', keys: ['/'], label: 'Search' },
  { action: 'help', keys: ['?'], label: 'Show these shortcuts' },
]

const ACTIONS = new Map(
  LIST_SHORTCUTS.flatMap(({ action, keys }) => keys.map((key) => [key, action] as const)),
)

/**
 * The action a key press asks for, or undefined: never while typing in a field, nor with a modifier
 * (Ctrl+C copies), nor while a dialog is open.
 */
export function listActionOf(event: {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: { tagName?: string; isContentEditable?: boolean } | null
  isDialogOpen: boolean
}): TListAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isDialogOpen) return undefined
  const tag = event.target?.tagName
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || event.target?.isContentEditable)
    return undefined
  // Enter on a button or link already does what it says there.
  if (event.key === 'Enter' && (tag === 'BUTTON' || tag === 'A')) return undefined
  return ACTIONS.get(event.key)
}
