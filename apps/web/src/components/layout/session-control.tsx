import { Suspense } from 'react'
import { Link } from 'react-router'
import { lazyWithQueries } from '@/app/lazy-with-queries'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'

// Signed-out visitors never need the dialog code, so it loads only once a session exists.
const LogoutButton = lazyWithQueries(() => import('./logout-button').then((module) => module.LogoutButton))

function PendingButton({ label }: { label: string }) {
  return (
    <Button variant="outline" disabled aria-label={label}>
      <Spinner />
    </Button>
  )
}

export function SessionControl() {
  const { user, isLoading } = useSession()
  if (isLoading) return <PendingButton label="Checking session" />
  if (user) {
    return (
      <Suspense fallback={<PendingButton label="Loading" />}>
        <LogoutButton />
      </Suspense>
    )
  }
  return (
    <Button asChild>
      <Link to="/auth">Get Started</Link>
    </Button>
  )
}
