import { useSession } from '@/features/auth/session'
import { CreateTicketCard } from '../components/create-ticket-card'
import { RecentTicketsCard } from '../components/recent-tickets-card'
import { useTicketsRealtime } from '../use-tickets-realtime'

/** Rendered while the session check runs too, so its loading states show; a signed-out visit is redirected. */
export function DashboardPage() {
  const { user, isLoading } = useSession()
  useTicketsRealtime({ userId: user?.$id })
  if (!isLoading && !user) return null

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Support Dashboard</h1>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RecentTicketsCard userId={user?.$id} />
        <div className="grid gap-6">
          <CreateTicketCard user={user} />
        </div>
      </div>
    </div>
  )
}
