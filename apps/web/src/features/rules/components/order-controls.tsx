import { ArrowDown, ArrowUp } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { moveRule } from '../rule-editor-state'

type TOrdered = { $id: string; name: string; position: number; enabled: boolean }

/** A change these controls make: an item's place in the order, or its switch. */
export type TOrderChange = { id: string; data: { position: number } | { enabled: boolean } }

/**
 * An item's place in an ordered list and its switch (rules, templates: the first match runs), written at
 * once, as the list is the order they run in. `noun` names the item for screen readers ("rule").
 */
export function OrderControls<T extends TOrdered>({
  item,
  items,
  noun,
  isPending,
  onChange,
}: {
  item: T
  items: readonly T[]
  noun: string
  isPending: boolean
  onChange: (changes: TOrderChange[]) => void
}) {
  const index = items.findIndex((other) => other.$id === item.$id)
  const moves = (direction: -1 | 1) =>
    moveRule(items, item.$id, direction).map(({ id, position }) => ({ id, data: { position } }))
  const named = (
    <span className="sr-only">
      {' '}
      {noun} {item.name}
    </span>
  )
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={index === 0 || isPending}
        onClick={() => onChange(moves(-1))}
      >
        <ArrowUp aria-hidden="true" />
        Move up{named}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={index === items.length - 1 || isPending}
        onClick={() => onChange(moves(1))}
      >
        <ArrowDown aria-hidden="true" />
        Move down{named}
      </Button>
      <label className="flex items-center gap-1.5 text-sm">
        <input
          type="checkbox"
          checked={item.enabled}
          disabled={isPending}
          onChange={(event) => onChange([{ id: item.$id, data: { enabled: event.target.checked } }])}
        />
        Enabled{named}
      </label>
    </div>
  )
}
