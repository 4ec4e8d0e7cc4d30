import type { TViewFilters } from '@parsedesk/contracts'
import { useId } from 'react'
import { NativeSelect } from '@/components/ui/native-select'
import { formatCount } from '@/lib/format-count'
import { cn } from '@/lib/utils'

export type TListView = { id: string; name: string; filters: TViewFilters; shared?: boolean; isOwn?: boolean }

type TViewsBarProps = {
  views: readonly TListView[]
  activeId: string
  counts: Readonly<Record<string, number | undefined>>
  onSelect: (viewId: string) => void
}

function countLabel(count: number | undefined): string {
  return count === undefined ? '' : formatCount(count)
}

/**
 * The views as tabs (a select on a phone), each with its count where one was read. The count's box keeps
 * its width while it loads, so the tabs do not move when the numbers arrive.
 */
export function ViewsBar({ views, activeId, counts, onSelect }: TViewsBarProps) {
  const selectId = useId()
  return (
    <>
      <div className="grid gap-1 sm:hidden">
        <label htmlFor={selectId} className="text-sm font-medium">
          View
        </label>
        <NativeSelect id={selectId} value={activeId} onChange={(event) => onSelect(event.target.value)}>
          {views.map((view) => (
            <option key={view.id} value={view.id}>
              {view.name}
              {counts[view.id] === undefined ? '' : ` (${countLabel(counts[view.id])})`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <nav aria-label="Ticket views" className="hidden flex-wrap gap-1 sm:flex">
        {views.map((view) => {
          const isActive = view.id === activeId
          return (
            <button
              key={view.id}
              type="button"
              aria-current={isActive ? 'page' : undefined}
              onClick={() => onSelect(view.id)}
              className={cn(
                'inline-flex h-8 items-center gap-2 rounded-md border px-3 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
                isActive
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-background hover:bg-muted',
              )}
            >
              {view.name}
              {view.shared && <span className="sr-only"> (shared)</span>}
              <span
                className={cn(
                  'min-w-6 rounded-sm px-1 text-center text-xs tabular-nums',
                  isActive ? 'bg-primary-foreground/20' : 'bg-muted text-muted-foreground',
                )}
              >
                {countLabel(counts[view.id])}
              </span>
            </button>
          )
        })}
      </nav>
    </>
  )
}
