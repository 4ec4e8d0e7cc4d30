import { categoryNameOf, DEFAULT_TICKET_CATEGORIES, type TViewFilters } from '@parsedesk/contracts'
import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { useMemo } from 'react'
import { useWorkspaceCategories } from '@/features/categories/queries'
import { useGroups } from '@/features/groups/queries'
import { useMailboxDirectory } from '@/features/mailbox/queries'
import { useCustomFields } from '@/features/templates/queries'
import { memberQueries } from '@/features/workspaces/queries'
import { filterChips, type TFilterNames } from '../filter-chips'

/** The workspace's names for the ids filters hold; "a removed ..." for one no longer there. */
function useFilterNames(teamId: string | undefined): TFilterNames {
  const categories = useWorkspaceCategories(teamId).data?.categories ?? DEFAULT_TICKET_CATEGORIES
  const groups = useGroups(teamId).data
  const members = useQuery(memberQueries.list(teamId)).data
  const mailboxes = useMailboxDirectory(teamId).data?.mailboxes
  const customFields = useCustomFields(teamId).data
  return useMemo(
    () => ({
      category: (key) => categoryNameOf(categories, key),
      group: (id) => groups?.find((group) => group.$id === id)?.name ?? 'A removed group',
      member: (id) => {
        const member = members?.find((candidate) => candidate.userId === id)
        return member ? member.userName || member.userEmail : 'Another member'
      },
      mailbox: (id) => mailboxes?.find((mailbox) => mailbox.id === id)?.label ?? 'Another mailbox',
      customField: (key) => customFields?.find((field) => field.key === key)?.label ?? key,
    }),
    [categories, groups, members, mailboxes, customFields],
  )
}

/** The active filters as chips, each removing its filter; the list answers at once. */
export function FilterChipList({
  teamId,
  filters,
  onChange,
}: {
  teamId: string | undefined
  filters: TViewFilters
  onChange: (filters: TViewFilters) => void
}) {
  const names = useFilterNames(teamId)
  const chips = filterChips(filters, names)
  if (chips.length === 0) return null
  return (
    <ul aria-label="Active filters" className="flex min-w-0 flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip.id}>
          <button
            type="button"
            onClick={() => onChange(chip.without)}
            className="inline-flex h-7 items-center gap-1 rounded-full border bg-muted/50 px-2.5 text-xs hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          >
            <span className="sr-only">Remove filter </span>
            {chip.label}
            <X aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  )
}
