import { BUILT_IN_VIEWS, TicketStatus } from '@parsedesk/contracts'
import { Columns3, Keyboard, ListFilter, Save, Trash2 } from 'lucide-react'
import { type RefObject, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ShortcutsDialog } from '@/components/shortcuts-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useMacros } from '@/features/macros/queries'
import { SaveViewDialog } from '@/features/views/components/save-view-dialog'
import { SearchBox, ViewFilters } from '@/features/views/components/view-filters'
import { type TListView, ViewsDrawer, ViewsNav } from '@/features/views/components/views-nav'
import { useDeleteView, useSavedViews } from '@/features/views/queries'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { useMembers } from '@/features/workspaces/queries'
import { getErrorMessage } from '@/lib/errors'
import { formatCount } from '@/lib/format-count'
import { notifyError, notifySuccess } from '@/lib/notify'
import { cn } from '@/lib/utils'
import { useBulkActions } from '../hooks/use-bulk-actions'
import { useIsPhone } from '../hooks/use-is-phone'
import { useListColumns } from '../hooks/use-list-columns'
import { useListLookups } from '../hooks/use-list-lookups'
import { useListShortcuts } from '../hooks/use-list-shortcuts'
import { useSearchText } from '../hooks/use-search-text'
import { useTicketDetails } from '../hooks/use-ticket-details'
import { useTicketListParams } from '../hooks/use-ticket-list-params'
import { useTicketSelection } from '../hooks/use-ticket-selection'
import { sortAfterClick, type TListColumnKey } from '../list-columns'
import { DEFAULT_VIEW_ID } from '../list-params'
import { LIST_SHORTCUTS } from '../list-shortcuts'
import { useSearchCount, useTicketList, useViewCounts } from '../queries'
import type { TTicketSummary } from '../ticket-model'
import { ticketLabel, ticketPath } from '../ticket-number'
import { BulkActionsBar } from './bulk-actions-bar'
import { ColumnsChooser } from './columns-chooser'
import { DeleteTicketsDialog } from './delete-tickets-dialog'
import { FilterChipList } from './filter-chip-list'
import { TicketDetailsDialog } from './ticket-details-dialog'
import { TicketsTable } from './tickets-table'

const NO_TICKETS: TTicketSummary[] = []

/** The search box with its own text: a keystroke draws it alone, and the list once typing settles. */
function ListSearch(props: {
  search: string
  onSettled: (text: string) => void
  searchRef: RefObject<HTMLInputElement | null>
}) {
  const { text, setText } = useSearchText(props.search, props.onSettled)
  return <SearchBox search={text} onSearch={setText} searchRef={props.searchRef} />
}

/** The built-in views, then the member's saved ones and those shared with the workspace. */
function useListViews(userId: string | undefined): TListView[] {
  const savedViews = useSavedViews({ userId })
  return useMemo(
    () => [
      ...BUILT_IN_VIEWS,
      ...(savedViews.data ?? []).map((view) => ({
        id: view.$id,
        name: view.name,
        filters: view.filters,
        shared: view.shared,
        isOwn: view.userId === userId,
      })),
    ],
    [savedViews.data, userId],
  )
}

/** The list, its views and filters (kept in the address), its selection, shortcuts and bulk actions. */
export function RecentTicketsCard({ userId }: { userId: string | undefined }) {
  const teamId = useCurrentWorkspaceId(userId)
  const views = useListViews(userId)
  const params = useTicketListParams(views)
  const { filters, search } = params

  const list = useTicketList({ userId, filters, search })
  const tickets = useMemo(() => list.data?.pages.flatMap((page) => page.documents), [list.data])
  const searchCount = useSearchCount({ userId, filters, search })
  const total = search.trim() ? searchCount : (list.data?.pages[0]?.total ?? undefined)
  const counts = useViewCounts({ userId, views })
  const deleteView = useDeleteView()
  const navigate = useNavigate()

  const selection = useTicketSelection(tickets)
  const { selected } = selection
  const [pendingDelete, setPendingDelete] = useState<readonly string[] | null>(null)
  const [isHelpOpen, setIsHelpOpen] = useState(false)
  const [isSaveOpen, setIsSaveOpen] = useState(false)
  const [panel, setPanel] = useState<'filters' | 'columns' | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const details = useTicketDetails(tickets)
  const { columns, toggle: toggleColumn } = useListColumns(userId)
  const isPhone = useIsPhone()
  const lookups = useListLookups(teamId, tickets ?? NO_TICKETS, columns)

  const members = useMembers({ teamId })
  const macros = useMacros(teamId)
  const assignable = useMemo(
    () =>
      (members.data ?? [])
        .filter((member) => member.confirm)
        .map((member) => ({ id: member.userId, name: member.userName || member.userEmail })),
    [members.data],
  )
  const bulk = useBulkActions({
    userId,
    tickets,
    onUpdated: selection.clear,
    onDeleted: (ticketIds) => {
      details.close()
      selection.drop(ticketIds)
    },
  })
  const shortcuts = useListShortcuts({
    rows: tickets,
    selected,
    idOf: (ticket) => ticket.$id,
    onToggle: selection.toggle,
    onOpen: (ticket) => {
      if (ticket.number !== undefined && ticket.number !== null) void navigate(ticketPath(ticket.number))
    },
    onAssignToMe: (ids) => void bulk.assignToMe(ids),
    onClose: (ids) => void bulk.setStatus(ids, TicketStatus.closed),
    onHelp: () => setIsHelpOpen(true),
    searchRef,
  })

  const selectView = (viewId: string) => {
    params.selectView(viewId)
    selection.clear()
    shortcuts.resetFocus()
  }
  const activeView = params.activeView
  const sortBy = (column: TListColumnKey) =>
    params.setFilters({ ...filters, sort: sortAfterClick(column, filters.sort) })
  const togglePanel = (next: 'filters' | 'columns') => setPanel((open) => (open === next ? null : next))

  const removeSavedView = async () => {
    if (!activeView) return
    try {
      await deleteView.mutateAsync(activeView.id)
    } catch (error) {
      notifyError({ title: 'Failed to delete the view', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: `View “${activeView.name}” deleted` })
    selectView(DEFAULT_VIEW_ID)
  }

  const pendingLabel =
    pendingDelete?.length === 1
      ? ticketLabel(tickets?.find((ticket) => ticket.$id === pendingDelete[0])?.number)
      : undefined

  const viewsProps = { views, activeId: params.viewId, counts, onSelect: selectView }
  return (
    <Card className="min-w-0 gap-0 overflow-hidden py-0">
      <div className="grid md:grid-cols-[13rem_minmax(0,1fr)]">
        <aside className="hidden border-r bg-muted/30 p-2 md:block">
          <ViewsNav {...viewsProps} />
        </aside>
        <div className="grid min-w-0 gap-2 p-3 sm:p-4">
          <CardHeader className="flex flex-wrap items-baseline gap-x-3 gap-y-0 px-0">
            <CardTitle>Recent Tickets</CardTitle>
            <CardDescription>View and manage your support tickets</CardDescription>
          </CardHeader>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <div className="order-first basis-full sm:order-none sm:basis-0 sm:grow">
              <ListSearch search={search} onSettled={params.setSearch} searchRef={searchRef} />
            </div>
            <div className="min-w-0 flex-1 md:hidden">
              <ViewsDrawer {...viewsProps} />
            </div>
            <Button
              size="sm"
              variant={panel === 'filters' ? 'secondary' : 'outline'}
              aria-expanded={panel === 'filters'}
              onClick={() => togglePanel('filters')}
            >
              <ListFilter aria-hidden="true" />
              Filters
            </Button>
            {!isPhone && (
              <>
                <Button
                  size="sm"
                  variant={panel === 'columns' ? 'secondary' : 'outline'}
                  aria-expanded={panel === 'columns'}
                  onClick={() => togglePanel('columns')}
                >
                  <Columns3 aria-hidden="true" />
                  Columns
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setIsHelpOpen(true)}>
                  <Keyboard aria-hidden="true" />
                  Shortcuts
                </Button>
              </>
            )}
          </div>
          {panel === 'filters' && (
            <div className="rounded-md border p-3">
              <ViewFilters teamId={teamId} filters={filters} onChange={params.setFilters} />
            </div>
          )}
          {panel === 'columns' && <ColumnsChooser columns={columns} onToggle={toggleColumn} />}
          <div className="flex min-h-8 flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span aria-live="polite" className="tabular-nums">
              {total === undefined ? '' : `${formatCount(total)} ${total === 1 ? 'ticket' : 'tickets'}`}
            </span>
            <FilterChipList teamId={teamId} filters={filters} onChange={params.setFilters} />
            <span className="ml-auto flex gap-2">
              {params.isModified && (
                <Button size="sm" variant="outline" onClick={() => setIsSaveOpen(true)}>
                  <Save aria-hidden="true" />
                  Save view
                </Button>
              )}
              {activeView?.isOwn && (
                <Button size="sm" variant="outline" onClick={() => void removeSavedView()}>
                  <Trash2 aria-hidden="true" />
                  Delete view
                </Button>
              )}
            </span>
          </div>
          {selected.size > 0 && (
            <BulkActionsBar
              count={selected.size}
              isBusy={bulk.isBusy}
              members={assignable}
              onAssignToMe={() => void bulk.assignToMe([...selected])}
              onAssign={(member) => void bulk.assignTo([...selected], member)}
              macros={macros.data ?? []}
              onApplyMacro={async (macroId) => {
                const macro = macros.data?.find((candidate) => candidate.$id === macroId)
                if (!macro) return false
                const me = assignable.find((member) => member.id === userId)
                return bulk.applyMacro([...selected], macro, {
                  requesterOf: lookups.requester,
                  agent: { id: userId ?? '', name: me?.name ?? '' },
                })
              }}
              onStatus={(status) => void bulk.setStatus([...selected], status)}
              onPriority={(priority) => void bulk.setPriority([...selected], priority)}
              onAddTag={(tag) => void bulk.addTag([...selected], tag)}
              onDelete={() => setPendingDelete([...selected])}
              onClear={selection.clear}
            />
          )}
          {/* The list fills the window below its bar and scrolls on its own: rows arriving, pages loading
              and the bulk bar never push the page around, and only the rows in sight are drawn. */}
          <div
            ref={scrollRef}
            data-testid="ticket-list-scroll"
            className={cn(
              'h-[calc(100dvh-13rem)] min-h-72 overflow-auto rounded-md border',
              // The floating bulk bar covers the window's bottom: the last rows can scroll out from under it.
              selected.size > 0 && 'pb-40',
            )}
          >
            <TicketsTable
              tickets={tickets}
              isPending={list.isPending}
              error={list.error}
              isSearch={search.trim() !== ''}
              isRetrying={list.isFetching}
              onRetry={() => void list.refetch()}
              onOpenTicket={details.open}
              selected={selected}
              onToggle={selection.toggle}
              onToggleAll={selection.toggleAll}
              focusedIndex={shortcuts.focusedIndex}
              columns={columns}
              lookups={lookups}
              sort={filters.sort}
              onSort={sortBy}
              scrollRef={scrollRef}
            />
            {list.hasNextPage && (
              <div className="flex justify-center p-3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </div>
        </div>
      </div>
      <TicketDetailsDialog
        ticket={details.openTicket}
        isDeleting={bulk.isDeleting}
        onDelete={(ticketId) => setPendingDelete([ticketId])}
        onClose={details.close}
        onCloseAutoFocus={details.returnFocus}
      />
      <DeleteTicketsDialog
        ticketCount={pendingDelete?.length ?? 0}
        ticketLabel={pendingLabel}
        isOpen={pendingDelete !== null}
        isDeleting={bulk.isDeleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={async () => {
          if (pendingDelete && (await bulk.remove(pendingDelete))) setPendingDelete(null)
        }}
      />
      <ShortcutsDialog
        isOpen={isHelpOpen}
        onOpenChange={setIsHelpOpen}
        description="On the ticket list, away from the text fields."
        shortcuts={LIST_SHORTCUTS}
      />
      <SaveViewDialog
        isOpen={isSaveOpen}
        onOpenChange={setIsSaveOpen}
        teamId={teamId}
        filters={filters}
        onSaved={params.showSavedView}
      />
    </Card>
  )
}
