import { BUILT_IN_VIEWS, TicketStatus } from '@parsedesk/contracts'
import { Keyboard, Save, Trash2 } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { SaveViewDialog } from '@/features/views/components/save-view-dialog'
import { ViewFilters } from '@/features/views/components/view-filters'
import { type TListView, ViewsBar } from '@/features/views/components/views-bar'
import { useDeleteView, useSavedViews } from '@/features/views/queries'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { getErrorMessage } from '@/lib/errors'
import { formatCount } from '@/lib/format-count'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useBulkActions } from '../hooks/use-bulk-actions'
import { useListShortcuts } from '../hooks/use-list-shortcuts'
import { useTicketDetails } from '../hooks/use-ticket-details'
import { useTicketListParams } from '../hooks/use-ticket-list-params'
import { useTicketSelection } from '../hooks/use-ticket-selection'
import { DEFAULT_VIEW_ID } from '../list-params'
import { useSearchCount, useTicketList, useViewCounts } from '../queries'
import { ticketLabel, ticketPath } from '../ticket-number'
import { BulkActionsBar } from './bulk-actions-bar'
import { DeleteTicketsDialog } from './delete-tickets-dialog'
import { ShortcutsDialog } from './shortcuts-dialog'
import { TicketDetailsDialog } from './ticket-details-dialog'
import { TicketsTable } from './tickets-table'

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
  const counts = useViewCounts({ userId, views: BUILT_IN_VIEWS })
  const deleteView = useDeleteView()
  const navigate = useNavigate()

  const selection = useTicketSelection(tickets)
  const { selected } = selection
  const [pendingDelete, setPendingDelete] = useState<readonly string[] | null>(null)
  const [isHelpOpen, setIsHelpOpen] = useState(false)
  const [isSaveOpen, setIsSaveOpen] = useState(false)
  const searchRef = useRef<HTMLInputElement>(null)
  const details = useTicketDetails(tickets)

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

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Recent Tickets</CardTitle>
        <CardDescription>View and manage your support tickets</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ViewsBar views={views} activeId={params.viewId} counts={counts} onSelect={selectView} />
        <ViewFilters
          teamId={teamId}
          filters={filters}
          onChange={params.setFilters}
          search={params.searchText}
          onSearch={params.setSearchText}
          searchRef={searchRef}
        />
        <div className="flex min-h-8 flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span aria-live="polite" className="mr-auto tabular-nums">
            {total === undefined ? '' : `${formatCount(total)} ${total === 1 ? 'ticket' : 'tickets'}`}
          </span>
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
          <Button size="sm" variant="ghost" onClick={() => setIsHelpOpen(true)}>
            <Keyboard aria-hidden="true" />
            Shortcuts
          </Button>
        </div>
        {selected.size > 0 && (
          <BulkActionsBar
            count={selected.size}
            isBusy={bulk.isBusy}
            onAssignToMe={() => void bulk.assignToMe([...selected])}
            onStatus={(status) => void bulk.setStatus([...selected], status)}
            onAddTag={(tag) => void bulk.addTag([...selected], tag)}
            onDelete={() => setPendingDelete([...selected])}
            onClear={selection.clear}
          />
        )}
        {/* A fixed height that scrolls: rows arriving, pages loading and the bulk bar never push the form below. */}
        <div className="h-[36rem] overflow-y-auto rounded-md border">
          <TicketsTable
            tickets={tickets}
            isPending={list.isPending}
            error={list.error}
            isRetrying={list.isFetching}
            onRetry={() => void list.refetch()}
            onOpenTicket={details.open}
            selected={selected}
            onToggle={selection.toggle}
            onToggleAll={selection.toggleAll}
            focusedIndex={shortcuts.focusedIndex}
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
      </CardContent>
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
      <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
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
