import { categoryNameOf, DEFAULT_TICKET_CATEGORIES, type TTicketCategory } from '@parsedesk/contracts'
import { ArrowLeft, RefreshCw } from 'lucide-react'
import { useMemo } from 'react'
import { Link, useParams } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { useWorkspaceCategories } from '@/features/categories/queries'
import { Composer } from '@/features/composer/components/composer'
import { newestSeenMessage } from '@/features/composer/reply-guard'
import { NotFoundPage } from '@/features/errors/routes/not-found-page'
import { useGroups } from '@/features/groups/queries'
import { groupAttachments } from '@/features/mailbox/mailbox-model'
import { useTicketAttachments } from '@/features/mailbox/queries'
import { useCurrentWorkspace } from '@/features/workspaces/current-workspace'
import { type TMembership, useMembers } from '@/features/workspaces/queries'
import { getErrorMessage } from '@/lib/errors'
import { AnalysisSection } from '../components/analysis-section'
import { SidePanel } from '../components/side-panel'
import { TicketHeader } from '../components/ticket-header'
import { Timeline } from '../components/timeline'
import type { TNames } from '../event-wording'
import { useConversation, useTicketByNumber, useTicketEvents, useUpdateTicket } from '../queries'
import type { TGroupDocument, TTicketPageDocument } from '../ticket-page-model'
import { readTicketNumber } from '../ticket-path'
import { useTicketLive } from '../use-ticket-live'

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

function TicketView({ ticket }: { ticket: TTicketPageDocument }) {
  const number = ticket.number ?? 0
  useTicketLive({ ticketId: ticket.$id, teamId: ticket.teamId, number })
  const messages = useConversation(ticket.$id)
  const events = useTicketEvents(ticket.$id)
  const attachments = useTicketAttachments({ ticketId: ticket.$id, updatedAt: ticket.$updatedAt })
  const members = useMembers({ teamId: ticket.teamId })
  const groups = useGroups(ticket.teamId)
  const categories = useWorkspaceCategories(ticket.teamId)
  // Until the workspace's list is read, the default one names the keys every workspace starts with.
  const categoryList = categories.data?.categories ?? DEFAULT_TICKET_CATEGORIES
  const update = useUpdateTicket({ teamId: ticket.teamId, number })
  const names = useMemo(
    () => namesOf(members.data ?? [], groups.data ?? [], categoryList),
    [members.data, groups.data, categoryList],
  )
  const files = useMemo(() => groupAttachments(attachments.data ?? []), [attachments.data])
  const newestMessageId = useMemo(
    () => (messages.data ? newestSeenMessage(messages.data) : undefined),
    [messages.data],
  )

  return (
    <div data-ticket-id={ticket.$id} className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <Link
        to={Paths.tickets}
        className="flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All tickets
      </Link>
      <TicketHeader ticket={ticket} categoryName={names.category} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* First in the page's order, so a phone shows the fields under the header; beside the timeline from lg. */}
        <div className="lg:col-start-2 lg:row-start-1">
          <SidePanel
            ticket={ticket}
            members={members.data ?? []}
            groups={groups.data ?? []}
            categories={categoryList}
            onChange={(change) => update.mutateAsync({ ticketId: ticket.$id, change })}
          />
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-1">
          <AnalysisSection ticket={ticket} events={events.data ?? []} names={names} />
          <section aria-labelledby="ticket-timeline-title" className="grid gap-3">
            <h2 id="ticket-timeline-title" className="text-lg font-semibold">
              Timeline
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
          <Composer ticket={ticket} newestMessageId={newestMessageId} />
        </div>
      </div>
    </div>
  )
}

/**
 * `/tickets/:number`: one ticket of the current workspace. A number that is no ticket there, or one of a
 * workspace the user is not in, is the app's 404: the page never says whether it exists elsewhere.
 */
export function TicketPage() {
  const { user, isLoading } = useSession()
  const number = readTicketNumber(useParams().number)
  const { workspaces, current } = useCurrentWorkspace({ userId: user?.$id })
  const ticket = useTicketByNumber({ teamId: current?.$id, number })

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
