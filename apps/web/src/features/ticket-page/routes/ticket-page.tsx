import { categoryNameOf, DEFAULT_TICKET_CATEGORIES, type TTicketCategory } from '@parsedesk/contracts'
import { ArrowLeft, ChevronDown, ChevronUp, RefreshCw } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Paths } from '@/app/paths'
import { ShortcutsDialog } from '@/components/shortcuts-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { useWorkspaceCategories } from '@/features/categories/queries'
import { Composer } from '@/features/composer/components/composer'
import { focusComposer } from '@/features/composer/composer-focus'
import { ComposerMode } from '@/features/composer/draft-store'
import { newestSeenMessage } from '@/features/composer/reply-guard'
import { NotFoundPage } from '@/features/errors/routes/not-found-page'
import { useGroups } from '@/features/groups/queries'
import { groupAttachments } from '@/features/mailbox/mailbox-model'
import { useTicketAttachments } from '@/features/mailbox/queries'
import { TicketCustomFields } from '@/features/templates/components/ticket-custom-fields'
import { type TWorkspace, useCurrentWorkspace } from '@/features/workspaces/current-workspace'
import { chooseWorkspace } from '@/features/workspaces/current-workspace-store'
import { type TMembership, useMembers } from '@/features/workspaces/queries'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import { AnalysisSection } from '../components/analysis-section'
import { SidePanel } from '../components/side-panel'
import { TicketActions } from '../components/ticket-actions'
import { TicketHeader } from '../components/ticket-header'
import { Timeline } from '../components/timeline'
import type { TNames } from '../event-wording'
import {
  useConversation,
  useNeighbourTickets,
  useTicketByNumber,
  useTicketEvents,
  useUpdateTicket,
} from '../queries'
import type { TGroupDocument, TTicketPageDocument } from '../ticket-page-model'
import { readTicketNumber, ticketPath } from '../ticket-path'
import { TICKET_SHORTCUTS } from '../ticket-shortcuts'
import { useTicketLive } from '../use-ticket-live'
import { useTicketShortcuts } from '../use-ticket-shortcuts'

function Loading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {label}
    </p>
  )
}

function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 text-sm">
      <p className="font-medium text-destructive">Could not load the {what}</p>
      <p className="text-muted-foreground">{getErrorMessage(error)}</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  )
}

function namesOf(
  members: readonly TMembership[],
  groups: readonly TGroupDocument[],
  categories: readonly TTicketCategory[],
): TNames {
  const byUser = new Map(members.map((member) => [member.userId, member.userName.trim() || member.userEmail]))
  const byGroup = new Map(groups.map((group) => [group.$id, group.name]))
  return {
    member: (userId) => byUser.get(userId),
    group: (groupId) => byGroup.get(groupId),
    category: (stored) => categoryNameOf(categories, stored),
  }
}

function TicketNavigation({ teamId, number }: { teamId: string; number: number }) {
  const neighbours = useNeighbourTickets({ teamId, number })
  const linkClass =
    'flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none aria-disabled:pointer-events-none aria-disabled:opacity-40'
  const step = (to: number | null | undefined, label: string, icon: ReactNode, key: string) =>
    to ? (
      <Link to={ticketPath(to)} className={linkClass} aria-keyshortcuts={key}>
        {icon}
        {label}
      </Link>
    ) : (
      <span className={linkClass} aria-disabled="true">
        {icon}
        {label}
      </span>
    )
  return (
    <nav aria-label="Tickets" className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <Link to={Paths.tickets} className={linkClass}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        All tickets
      </Link>
      {step(neighbours.data?.previous, 'Previous', <ChevronUp aria-hidden="true" className="size-4" />, 'k')}
      {step(neighbours.data?.next, 'Next', <ChevronDown aria-hidden="true" className="size-4" />, 'j')}
      <a href="#ticket-fields" className={`${linkClass} lg:hidden`}>
        Fields
      </a>
    </nav>
  )
}

function TicketView({ ticket }: { ticket: TTicketPageDocument }) {
  const number = ticket.number ?? 0
  const navigate = useNavigate()
  const { user } = useSession()
  useTicketLive({ ticketId: ticket.$id, teamId: ticket.teamId, number })
  const messages = useConversation(ticket.$id)
  const events = useTicketEvents(ticket.$id)
  const attachments = useTicketAttachments({ ticketId: ticket.$id, updatedAt: ticket.$updatedAt })
  const members = useMembers({ teamId: ticket.teamId })
  const groups = useGroups(ticket.teamId)
  const categories = useWorkspaceCategories(ticket.teamId)
  const neighbours = useNeighbourTickets({ teamId: ticket.teamId, number })
  // Until the workspace's list is read, the default one names the keys every workspace starts with.
  const categoryList = categories.data?.categories ?? DEFAULT_TICKET_CATEGORIES
  const update = useUpdateTicket({ teamId: ticket.teamId, number })
  const statusRef = useRef<HTMLSelectElement>(null)
  const [isHelpOpen, setIsHelpOpen] = useState(false)
  const names = useMemo(
    () => namesOf(members.data ?? [], groups.data ?? [], categoryList),
    [members.data, groups.data, categoryList],
  )
  const files = useMemo(() => groupAttachments(attachments.data ?? []), [attachments.data])
  const newestMessageId = useMemo(
    () => (messages.data ? newestSeenMessage(messages.data) : undefined),
    [messages.data],
  )

  const assignToMe = () => {
    if (!user || ticket.assigneeId === user.$id) return
    update.mutate(
      { ticketId: ticket.$id, change: { assigneeId: user.$id } },
      {
        onError: (error) =>
          notifyError({ title: 'Could not assign the ticket to you', description: getErrorMessage(error) }),
      },
    )
  }
  const goTo = (to: number | null | undefined) => {
    if (to) void navigate(ticketPath(to))
  }
  useTicketShortcuts({
    reply: () => focusComposer(ComposerMode.reply),
    note: () => focusComposer(ComposerMode.note),
    assignToMe,
    status: () => statusRef.current?.focus(),
    next: () => goTo(neighbours.data?.next),
    previous: () => goTo(neighbours.data?.previous),
    help: () => setIsHelpOpen(true),
  })

  return (
    <div data-ticket-id={ticket.$id} className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-4 px-4 py-4">
      <TicketHeader
        ticket={ticket}
        categoryName={names.category}
        navigation={<TicketNavigation teamId={ticket.teamId} number={number} />}
        actions={
          <TicketActions
            ticket={ticket}
            onAssignToMe={assignToMe}
            isAssigning={update.isPending}
            onHelp={() => setIsHelpOpen(true)}
          />
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* The composer on top, the newest message under it (decision 045); the fields come after in Tab order. */}
        <div className="grid min-w-0 content-start gap-4">
          <Composer ticket={ticket} newestMessageId={newestMessageId} />
          <section aria-labelledby="ticket-timeline-title" className="grid gap-2">
            <h2 id="ticket-timeline-title" className="text-sm font-semibold text-muted-foreground">
              Conversation, newest first
            </h2>
            {messages.error ? (
              <LoadError what="conversation" error={messages.error} onRetry={() => void messages.refetch()} />
            ) : events.error ? (
              <LoadError what="ticket's history" error={events.error} onRetry={() => void events.refetch()} />
            ) : messages.data && events.data ? (
              <Timeline
                ticket={ticket}
                messages={messages.data}
                events={events.data}
                files={files}
                names={names}
                onRemoveCopy={(address) =>
                  update.mutateAsync({
                    ticketId: ticket.$id,
                    change: { cc: (ticket.cc ?? []).filter((kept) => kept !== address) },
                  })
                }
              />
            ) : (
              <Loading label="Loading the conversation..." />
            )}
          </section>
        </div>
        <div className="lg:sticky lg:top-20">
          <SidePanel
            ticket={ticket}
            members={members.data ?? []}
            groups={groups.data ?? []}
            categories={categoryList}
            statusRef={statusRef}
            onChange={(change) => update.mutateAsync({ ticketId: ticket.$id, change })}
            customFields={
              <TicketCustomFields
                teamId={ticket.teamId}
                values={ticket.customFields}
                extraction={ticket.extraction}
                onSave={(values) =>
                  update.mutateAsync({ ticketId: ticket.$id, change: { customFields: values } })
                }
              />
            }
            analysis={<AnalysisSection ticket={ticket} events={events.data ?? []} names={names} />}
          />
        </div>
      </div>
      <ShortcutsDialog
        isOpen={isHelpOpen}
        onOpenChange={setIsHelpOpen}
        description="On the ticket page, away from the text fields. Ctrl+Enter sends from the composer."
        shortcuts={TICKET_SHORTCUTS}
      />
    </div>
  )
}

/**
 * A link that names the ticket's workspace (`?workspace=`, as notification mails do) makes it the current
 * one when the user is a member, so ticket #5 opens in the workspace that mailed it, not in the one they
 * last worked in; the parameter then leaves the address. A workspace they are not in changes nothing.
 */
function useWorkspaceFromLink(
  userId: string | undefined,
  workspaces: readonly TWorkspace[] | undefined,
): string | undefined {
  const [params, setParams] = useSearchParams()
  const linked = params.get('workspace')
  const isMember = !!linked && !!workspaces?.some((workspace) => workspace.$id === linked)
  useEffect(() => {
    if (!linked || !userId || !workspaces) return
    if (isMember) chooseWorkspace({ userId, teamId: linked })
    setParams(
      (current) => {
        current.delete('workspace')
        return current
      },
      { replace: true },
    )
  }, [linked, isMember, userId, workspaces, setParams])
  return isMember ? (linked ?? undefined) : undefined
}

/**
 * `/tickets/:number`: one ticket of the current workspace. A number that is no ticket there, or one of a
 * workspace the user is not in, is the app's 404: the page never says whether it exists elsewhere.
 */
export function TicketPage() {
  const { user, isLoading } = useSession()
  const number = readTicketNumber(useParams().number)
  const { workspaces, current } = useCurrentWorkspace({ userId: user?.$id })
  const linked = useWorkspaceFromLink(user?.$id, workspaces.data)
  const ticket = useTicketByNumber({ teamId: linked ?? current?.$id, number })

  if (!isLoading && !user) return null
  if (number === null || ticket.data === null || (workspaces.data && !current)) return <NotFoundPage />
  if (ticket.error) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        <LoadError what="ticket" error={ticket.error} onRetry={() => void ticket.refetch()} />
      </div>
    )
  }
  if (!ticket.data) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        <Loading label="Loading the ticket..." />
      </div>
    )
  }
  return <TicketView key={ticket.data.$id} ticket={ticket.data} />
}
