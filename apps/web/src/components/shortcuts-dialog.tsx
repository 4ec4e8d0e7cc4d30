import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { TShortcut } from '@/lib/keyboard-shortcuts'

/** A page's keyboard shortcuts, opened with `?`: each key beside what it does. */
export function ShortcutsDialog({
  isOpen,
  onOpenChange,
  description,
  shortcuts,
}: {
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  /** Where the keys work, e.g. "On the ticket list, away from the text fields." */
  description: string
  shortcuts: readonly TShortcut<string>[]
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {shortcuts.map((shortcut) => (
            <div key={shortcut.action} className="contents">
              <dt>
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="mr-1 rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{shortcut.label}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  )
}
