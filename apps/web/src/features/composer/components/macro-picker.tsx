import { useQuery } from '@tanstack/react-query'
import { ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Input } from '@/components/ui/input'
import { matchingMacros } from '@/features/macros/macro-search'
import { macroQueries, type TMacroDocument } from '@/features/macros/queries'

/**
 * "Insert canned reply": the workspace's macros, found by typing any words of their name or text; choosing
 * one inserts it. A team with fifty canned replies finds "refund" without scrolling a list of names.
 */
export function MacroPicker({
  teamId,
  disabled,
  onPick,
}: {
  teamId: string
  disabled: boolean
  onPick: (macro: TMacroDocument) => void
}) {
  // Macros change seldom: the composer opened again within a minute offers the ones it read.
  const macros = useQuery({ ...macroQueries.list(teamId), staleTime: 60_000 })
  const [search, setSearch] = useState('')
  const list = macros.data ?? []
  const found = matchingMacros(list, search)
  return (
    <DropdownMenu onOpenChange={(open) => open || setSearch('')}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-8" disabled={disabled || list.length === 0}>
          {list.length === 0 ? 'No canned replies' : 'Insert canned reply'}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <Input
          aria-label="Search canned replies"
          placeholder="Search canned replies"
          value={search}
          autoFocus
          className="mb-1 h-8"
          onChange={(event) => setSearch(event.target.value)}
          // The menu's type-ahead would take the letters typed here, and Escape and arrows still move it.
          onKeyDown={(event) => {
            if (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete')
              event.stopPropagation()
          }}
        />
        <div className="max-h-64 overflow-y-auto">
          {found.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">No canned replies match</p>
          ) : (
            found.map((macro) => (
              <DropdownMenuItem key={macro.$id} onSelect={() => onPick(macro)}>
                {macro.name}
              </DropdownMenuItem>
            ))
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
