import { useSession } from '@/features/auth/session'
import { IntakeBacklogNotice } from '@/features/mailbox/components/intake-backlog-notice'
import { ParsingAddressCard } from '@/features/mailbox/components/parsing-address-card'
import { FloodingSendersNotice } from '@/features/spam/components/flooding-senders-notice'
import { FlaggedTemplatesNotice } from '@/features/templates/components/flagged-templates-notice'
import { CurrentWorkspaceName } from '@/features/workspaces/components/current-workspace-name'
import { CreateTicketCard } from '../components/create-ticket-card'
import { RecentTicketsCard } from '../components/recent-tickets-card'
import { useTicketsRealtime } from '../use-tickets-realtime'

/** Rendered while the session check runs too, so its loading states show; a signed-out visit is redirected. */
export function DashboardPage() {
  const { user, isLoading } = useSession()
  useTicketsRealtime({ userId: user?.$id })
  if (!isLoading && !user) return null

  return (
    <div className="mx-auto grid w-full max-w-[100rem] grid-cols-1 gap-3 px-2 py-3 sm:px-4 sm:py-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Support Dashboard</h1>
        <CurrentWorkspaceName userId={user?.$id} />
      </div>
      <IntakeBacklogNotice userId={user?.$id} />
      <FloodingSendersNotice userId={user?.$id} />
      <FlaggedTemplatesNotice userId={user?.$id} />
      {/* The list first: it is what an agent comes for. The way mail comes in and the form follow it;
          the rest of the mail setup is in the workspace settings, which the address card links to. */}
      <RecentTicketsCard userId={user?.$id} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <CreateTicketCard user={user} />
        <ParsingAddressCard userId={user?.$id} />
      </div>
    </div>
  )
}
