import {
  BUILT_IN_VIEWS,
  BuiltInViewId,
  TicketStatus,
  type TTicketStatus,
  type TViewFilters,
} from '@parsedesk/contracts'
import { Keyboard, Save, Trash2 } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
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
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { listActionOf } from '../list-shortcuts'
import {
  type TTicketChangeRequest,
  useDeleteTickets,
  useSearchCount,
  useTicketList,
  useUpdateTickets,
  useViewCounts,
} from '../queries'
import { ticketLabel, ticketPath } from '../ticket-number'
import { BulkActionsBar } from './bulk-actions-bar'
import { DeleteTicketsDialog } from './delete-tickets-dialog'
import { ShortcutsDialog } from './shortcuts-dialog'
import { TicketDetailsDialog } from './ticket-details-dialog'
import { TicketsTable } from './tickets-table'

const SEARCH_DELAY_MS = 250
const DEFAULT_VIEW = BUILT_IN_VIEWS.find((view) => view.id === BuiltInViewId.all) as TListView

function isDialogOpen(): boolean {
  return !!document.querySelector('[role="dialog"], [role="alertdialog"]')
}

export function RecentTicketsCard({ userId }: { userId: string | undefined }) {
  const teamId = useCurrentWorkspaceId(userId)
  const savedViews = useSavedViews({ userId })
  const views: TListView[] = useMemo(
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
  const [activeViewId, setActiveViewId] = useState<string>(DEFAULT_VIEW.id)
  const activeView = views.find((view) => view.id === activeViewId) ?? DEFAULT_VIEW
  const [filters, setFilters] = useState<TViewFilters>(DEFAULT_VIEW.filters)
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [searchText])

  const list = useTicketList({ userId, filters, search })
  const tickets = useMemo(() => list.data?.pages.flatMap((page) => page.documents), [list.data])
  const searchCount = useSearchCount({ userId, filters, search })
  const total = search.trim() ? searchCount : (list.data?.pages[0]?.total ?? undefined)
  const counts = useViewCounts({ userId, views: BUILT_IN_VIEWS })
  const updateTickets = useUpdateTickets({ userId })
  const deleteTickets = useDeleteTickets({ userId })
  const deleteView = useDeleteView()
  const navigate = useNavigate()

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [focusedIndex, setFocusedIndex] = useState(-1)
  const [pendingDelete, setPendingDelete] = useState<readonly string[] | null>(null)
  const [isHelpOpen, setIsHelpOpen] = useState(false)
  const [isSaveOpen, setIsSaveOpen] = useState(false)
  const searchRef = useRef<HTMLInputElement>(null)

  const [openTicketId, setOpenTicketId] = useState<string | null>(null)
  const lastOpenedId = useRef<string | null>(null)
  // Read from the live list, so polling and realtime updates reach an open dialog too.
  const openTicket = tickets?.find((ticket) => ticket.$id === openTicketId) ?? null

  const selectView = (viewId: string) => {
    const view = views.find((candidate) => candidate.id === viewId) ?? DEFAULT_VIEW
    setActiveViewId(view.id)
    setFilters(view.filters)
    setSelected(new Set())
    setFocusedIndex(-1)
  }
  const isModified = JSON.stringify(filters) !== JSON.stringify(activeView.filters)

  /** The selection, or else the ticket the keyboard is on. */
  const targets = (): string[] => {
    if (selected.size > 0) return [...selected]
    const focused = tickets?.[focusedIndex]
    return focused ? [focused.$id] : []
  }

  const change = async (
    ticketIds: readonly string[],
    data: (ticketId: string) => TTicketChangeRequest,
    done: string,
  ) => {
    if (ticketIds.length === 0) return
    try {
      await updateTickets.mutateAsync(ticketIds.map((ticketId) => ({ ticketId, data: data(ticketId) })))
    } catch (error) {
      notifyError({ title: 'Failed to update tickets', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: done })
    setSelected(new Set())
  }
  const plural = (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`)
  const assignToMe = (ids: readonly string[]) =>
    change(ids, () => ({ assigneeId: userId ?? null }), `${plural(ids.length)} assigned to you`)
  const setStatus = (ids: readonly string[], status: TTicketStatus) =>
    change(
      ids,
      () => ({ status }),
      status === TicketStatus.closed
        ? `${plural(ids.length)} closed`
        : `${plural(ids.length)} set to ${status}`,
    )
  const addTag = (ids: readonly string[], tag: string) =>
    change(
      ids,
      (ticketId) => {
        const tags = tickets?.find((ticket) => ticket.$id === ticketId)?.tags ?? []
        return { tags: [...new Set([...tags, tag])] }
      },
      `Tag “${tag}” added to ${plural(ids.length)}`,
    )

  const removeTickets = async (ticketIds: readonly string[]): Promise<boolean> => {
    try {
      await deleteTickets.mutateAsync(ticketIds)
    } catch (error) {
      notifyError({ title: Toasts.ticketDeleteFailed, description: getErrorMessage(error) })
      return false
    }
    notifySuccess({ title: Toasts.ticketDeleted })
    setOpenTicketId(null)
    setSelected((current) => new Set([...current].filter((id) => !ticketIds.includes(id))))
    return true
  }

  const toggle = (ticketId: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(ticketId)) next.add(ticketId)
      return next
    })
  const shortcutState = useRef({ tickets, focusedIndex, targets, assignToMe, setStatus, toggle })
  shortcutState.current = { tickets, focusedIndex, targets, assignToMe, setStatus, toggle }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = listActionOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: event.target as HTMLElement | null,
        isDialogOpen: isDialogOpen(),
      })
      if (!action) return
      const state = shortcutState.current
      const rows = state.tickets ?? []
      const focused = rows[state.focusedIndex]
      event.preventDefault()
      switch (action) {
        case 'next':
          setFocusedIndex(Math.min(state.focusedIndex + 1, rows.length - 1))
          break
        case 'previous':
          setFocusedIndex(Math.max(state.focusedIndex - 1, 0))
          break
        case 'select':
          if (focused) state.toggle(focused.$id)
          break
        case 'open':
          if (focused?.number !== undefined && focused.number !== null)
            void navigate(ticketPath(focused.number))
          break
        case 'assignToMe':
          void state.assignToMe(state.targets())
          break
        case 'close':
          void state.setStatus(state.targets(), TicketStatus.closed)
          break
        case 'search':
          searchRef.current?.focus()
          break
        case 'help':
          setIsHelpOpen(true)
          break
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [navigate])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the row is scrolled to when the keyboard moves
  useEffect(() => {
    document.querySelector('[data-focused="true"]')?.scrollIntoView({ block: 'nearest' })
  }, [focusedIndex])

  const toggleAll = () =>
    setSelected((current) =>
      tickets?.every((ticket) => current.has(ticket.$id)) ? new Set() : new Set(tickets?.map((t) => t.$id)),
    )

  const openDetails = (ticketId: string) => {
    lastOpenedId.current = ticketId
    setOpenTicketId(ticketId)
  }

  // Focus goes back to the ticket's row, whether it was opened by mouse or keyboard; a deleted
  // ticket has no row left, and focus then stays with the page.
  const returnFocus = (event: Event) => {
    const row = document.querySelector<HTMLElement>(
      `tr[data-ticket-id="${CSS.escape(lastOpenedId.current ?? '')}"] button`,
    )
    if (!row) return
    event.preventDefault()
    row.focus()
  }

  const removeSavedView = async () => {
    try {
      await deleteView.mutateAsync(activeView.id)
    } catch (error) {
      notifyError({ title: 'Failed to delete the view', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: `View “${activeView.name}” deleted` })
    selectView(DEFAULT_VIEW.id)
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
        <ViewsBar views={views} activeId={activeView.id} counts={counts} onSelect={selectView} />
        <ViewFilters
          teamId={teamId}
          filters={filters}
          onChange={setFilters}
          search={searchText}
          onSearch={setSearchText}
          searchRef={searchRef}
        />
        <div className="flex min-h-8 flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span aria-live="polite" className="mr-auto tabular-nums">
            {total === undefined ? '' : `${formatCount(total)} ${total === 1 ? 'ticket' : 'tickets'}`}
          </span>
          {isModified && (
            <Button size="sm" variant="outline" onClick={() => setIsSaveOpen(true)}>
              <Save aria-hidden="true" />
              Save view
            </Button>
          )}
          {activeView.isOwn && (
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
            isBusy={updateTickets.isPending || deleteTickets.isPending}
            onAssignToMe={() => void assignToMe([...selected])}
            onStatus={(status) => void setStatus([...selected], status)}
            onAddTag={(tag) => void addTag([...selected], tag)}
            onDelete={() => setPendingDelete([...selected])}
            onClear={() => setSelected(new Set())}
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
            onOpenTicket={openDetails}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            focusedIndex={focusedIndex}
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
        ticket={openTicket}
        isDeleting={deleteTickets.isPending}
        onDelete={(ticketId) => setPendingDelete([ticketId])}
        onClose={() => setOpenTicketId(null)}
        onCloseAutoFocus={returnFocus}
      />
      <DeleteTicketsDialog
        ticketCount={pendingDelete?.length ?? 0}
        ticketLabel={pendingLabel}
        isOpen={pendingDelete !== null}
        isDeleting={deleteTickets.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={async () => {
          if (pendingDelete && (await removeTickets(pendingDelete))) setPendingDelete(null)
        }}
      />
      <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
      <SaveViewDialog
        isOpen={isSaveOpen}
        onOpenChange={setIsSaveOpen}
        teamId={teamId}
        filters={filters}
        onSaved={(viewId) => setActiveViewId(viewId)}
      />
    </Card>
  )
}
