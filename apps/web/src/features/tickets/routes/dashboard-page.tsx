import { useSession } from '@/features/auth/session'
import { IntakeBacklogNotice } from '@/features/mailbox/components/intake-backlog-notice'
import { ParsingAddressCard } from '@/features/mailbox/components/parsing-address-card'
import { FloodingSendersNotice } from '@/features/spam/components/flooding-senders-notice'
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
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Support Dashboard</h1>
        <CurrentWorkspaceName userId={user?.$id} />
      </div>
      <IntakeBacklogNotice userId={user?.$id} />
      <FloodingSendersNotice userId={user?.$id} />
      {/* The way mail comes in, first: a new account has nothing else to look at yet. The rest of the mail
          setup (regenerate, webhooks, IMAP, kept mail) is in the workspace settings, which the card links to. */}
      <ParsingAddressCard userId={user?.$id} />
      <RecentTicketsCard userId={user?.$id} />
      {/* The table needs the full width for its seven columns; the form reads better at half of it. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <CreateTicketCard user={user} />
      </div>
    </div>
  )
}
