import { type RefObject, useEffect, useEffectEvent, useState } from 'react'
import { listActionOf, type TListAction } from '../list-shortcuts'

function isDialogOpen(): boolean {
  return !!document.querySelector('[role="dialog"], [role="alertdialog"]')
}

type TListShortcutsOptions<TRow> = {
  rows: readonly TRow[] | undefined
  /** The ticked rows; when none, the shortcuts act on the row the keyboard is on. */
  selected: ReadonlySet<string>
  idOf: (row: TRow) => string
  onToggle: (id: string) => void
  onOpen: (row: TRow) => void
  onAssignToMe: (ids: string[]) => void
  onClose: (ids: string[]) => void
  onHelp: () => void
  searchRef: RefObject<HTMLInputElement | null>
}

/**
 * The list's keys (`list-shortcuts.ts`) and the row the keyboard is on: j and k move, x ticks, o opens,
 * a and c act on the selection or else on that row, / searches, ? shows the keys.
 */
export function useListShortcuts<TRow>(options: TListShortcutsOptions<TRow>) {
  const [focusedIndex, setFocusedIndex] = useState(-1)
  const { rows = [], selected, idOf } = options

  /** The selection, or else the row the keyboard is on. */
  const targets = (): string[] => {
    if (selected.size > 0) return [...selected]
    const focused = rows[focusedIndex]
    return focused === undefined ? [] : [idOf(focused)]
  }

  const act = (action: TListAction) => {
    const focused = rows[focusedIndex]
    switch (action) {
      case 'next':
        setFocusedIndex(Math.min(focusedIndex + 1, rows.length - 1))
        break
      case 'previous':
        setFocusedIndex(Math.max(focusedIndex - 1, 0))
        break
      case 'select':
        if (focused !== undefined) options.onToggle(idOf(focused))
        break
      case 'open':
        if (focused !== undefined) options.onOpen(focused)
        break
      case 'assignToMe':
        options.onAssignToMe(targets())
        break
      case 'close':
        options.onClose(targets())
        break
      case 'search':
        options.searchRef.current?.focus()
        break
      case 'help':
        options.onHelp()
        break
    }
  }

  // Reads the list as it is at the key press, while the listener itself stays put.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const action = listActionOf({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      target: event.target as HTMLElement | null,
      isDialogOpen: isDialogOpen(),
    })
    if (!action) return
    event.preventDefault()
    act(action)
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])

  // The row is scrolled to when the keyboard moves.
  useEffect(() => {
    if (focusedIndex >= 0)
      document.querySelector('[data-focused="true"]')?.scrollIntoView({ block: 'nearest' })
  }, [focusedIndex])

  return { focusedIndex, targets, resetFocus: () => setFocusedIndex(-1) }
}
