import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { NotificationEmailCard } from '@/features/notifications/components/notification-email-card'
import { hasPassword } from '../account-forms'
import { EmailCard } from '../components/email-card'
import { NameCard } from '../components/name-card'
import { PasswordCard } from '../components/password-card'
import { SessionsCard } from '../components/sessions-card'
import { SignatureCard } from '../components/signature-card'
import { useAccountDetails } from '../queries'

/** The signed-in person's own details; a signed-out visit is redirected to /auth by the session check. */
export function AccountSettingsPage() {
  const session = useSession()
  const details = useAccountDetails({ user: session.user })
  if (!session.isLoading && !session.user) return null
  // Read again on every visit: the address may have been confirmed from another tab meanwhile.
  const user = details.data ?? session.user

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account settings</h1>
      {user ? (
        <>
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <div className="grid min-w-0 gap-6">
              <NameCard key={user.$id} user={user} />
              <EmailCard user={user} />
              <SignatureCard userId={user.$id} />
            </div>
            <PasswordCard
              key={String(hasPassword(user))}
              email={user.email}
              hasPassword={hasPassword(user)}
            />
          </div>
          <NotificationEmailCard />
          <SessionsCard userId={user.$id} />
        </>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading your account...
        </p>
      )}
    </div>
  )
}
