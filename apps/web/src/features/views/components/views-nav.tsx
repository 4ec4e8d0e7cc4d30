import type { TViewFilters } from '@parsedesk/contracts'
import { PanelLeft } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { formatCount } from '@/lib/format-count'
import { cn } from '@/lib/utils'

export type TListView = { id: string; name: string; filters: TViewFilters; shared?: boolean; isOwn?: boolean }

type TViewsNavProps = {
  views: readonly TListView[]
  activeId: string
  counts: Readonly<Record<string, number | undefined>>
  onSelect: (viewId: string) => void
}

function countLabel(count: number | undefined): string {
  return count === undefined ? '' : formatCount(count)
}

/**
 * The views, one a line with its count, as a mail client lists its folders. The count's box keeps its
 * width while it loads, so the names do not move when the numbers arrive.
 */
export function ViewsNav({ views, activeId, counts, onSelect }: TViewsNavProps) {
  return (
    <nav aria-label="Ticket views" className="grid content-start gap-0.5">
      {views.map((view) => {
        const isActive = view.id === activeId
        return (
          <button
            key={view.id}
            type="button"
            aria-current={isActive ? 'page' : undefined}
            onClick={() => onSelect(view.id)}
            className={cn(
              'flex h-8 min-w-0 items-center justify-between gap-2 rounded-md px-2.5 text-left text-sm focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
              isActive ? 'bg-primary font-medium text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            <span className="truncate">
              {view.name}
              {view.shared && <span className="sr-only"> (shared)</span>}
            </span>
            <span
              className={cn(
                'min-w-6 text-right text-xs tabular-nums',
                isActive ? 'text-primary-foreground/80' : 'text-muted-foreground',
              )}
            >
              {countLabel(counts[view.id])}
            </span>
          </button>
        )
      })}
    </nav>
  )
}

/** On a phone the views are a drawer from the left, opened by a button naming the view shown. */
export function ViewsDrawer(props: TViewsNavProps) {
  const [isOpen, setIsOpen] = useState(false)
  const active = props.views.find((view) => view.id === props.activeId)
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="w-full min-w-0 justify-start"
        onClick={() => setIsOpen(true)}
      >
        <PanelLeft aria-hidden="true" />
        <span className="sr-only">Views: </span>
        <span className="truncate">{active?.name ?? 'Views'}</span>
        <span className="ml-auto text-xs text-muted-foreground tabular-nums">
          {countLabel(props.counts[props.activeId])}
        </span>
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent className="top-0 left-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-l-0">
          <DialogHeader>
            <DialogTitle>Views</DialogTitle>
            <DialogDescription className="sr-only">Choose the tickets the list shows</DialogDescription>
          </DialogHeader>
          <ViewsNav
            {...props}
            onSelect={(viewId) => {
              props.onSelect(viewId)
              setIsOpen(false)
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  )
}
