/** A page's shortcut: what it does, the keys that do it, and how the help dialog says it. */
export type TShortcut<TAction extends string> = { action: TAction; keys: readonly string[]; label: string }

export type TKeyPress = {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: { tagName?: string; isContentEditable?: boolean } | null
  isDialogOpen: boolean
}

/**
 * Reads key presses as a page's shortcuts: a press asks for nothing while typing in a field or an editor,
 * with a modifier (Ctrl+C copies, Ctrl+R reloads), or while a dialog or menu is open. With
 * `enterOnControls: false`, Enter on a button or link does what it says there instead.
 */
export function readShortcuts<TAction extends string>(
  shortcuts: readonly TShortcut<TAction>[],
  options: { enterOnControls: boolean } = { enterOnControls: true },
): (press: TKeyPress) => TAction | undefined {
  const actions = new Map(shortcuts.flatMap(({ action, keys }) => keys.map((key) => [key, action] as const)))
  return (press) => {
    if (press.ctrlKey || press.metaKey || press.altKey || press.isDialogOpen) return undefined
    const tag = press.target?.tagName
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || press.target?.isContentEditable)
      return undefined
    if (!options.enterOnControls && press.key === 'Enter' && (tag === 'BUTTON' || tag === 'A'))
      return undefined
    return actions.get(press.key)
  }
}
