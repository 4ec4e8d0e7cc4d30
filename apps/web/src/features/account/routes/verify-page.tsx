import { AccountMessages } from '@parsedesk/contracts'
import { useEffect, useMemo, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { isRefusedLink } from '../account-errors'
import { readAccountLink, type TAccountLink } from '../account-link'
import { AccountTexts } from '../account-messages'
import { PageCard } from '../components/page-card'
import { useConfirmEmail } from '../queries'

const TITLE = 'Confirm your email address'

/** Where to go next: the settings (to send a new link) when signed in, else signing in. */
function NextSteps({ isConfirmed }: { isConfirmed: boolean }) {
  const { user, isLoading } = useSession()
  if (isLoading) return null
  if (!user) {
    return (
      <Button asChild size="lg" className="w-full">
        <Link to={Paths.auth}>{isConfirmed ? 'Sign In' : 'Sign in to ask for a new link'}</Link>
      </Button>
    )
  }
  return (
    <>
      <Button asChild size="lg" className="w-full">
        <Link to={isConfirmed ? Paths.tickets : Paths.accountSettings}>
          {isConfirmed ? 'Go to Dashboard' : 'Send a new link from account settings'}
        </Link>
      </Button>
      {isConfirmed && (
        <Button asChild variant="outline" className="w-full">
          <Link to={Paths.accountSettings}>Account settings</Link>
        </Button>
      )}
    </>
  )
}

function ConfirmEmail({ link }: { link: TAccountLink }) {
  const { user, isLoading } = useSession()
  const confirm = useConfirmEmail()
  const hasStarted = useRef(false)

  // Once per link: the secret is spent by the first call, so a second (React's strict mode runs effects
  // twice in development) would be refused. It waits for the session check only to know whose it is.
  useEffect(() => {
    if (isLoading || hasStarted.current) return
    hasStarted.current = true
    confirm.mutate({ link, signedInUserId: user?.$id })
  }, [isLoading, link, user?.$id, confirm.mutate])

  if (confirm.isError) {
    const message = isRefusedLink(confirm.error)
      ? AccountMessages.linkInvalid
      : getErrorMessage(confirm.error) || Toasts.tryLater
    return (
      <PageCard title={TITLE}>
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
        >
          <p className="font-medium text-destructive">Your address is not confirmed</p>
          <p className="break-words">{message}</p>
        </div>
        <NextSteps isConfirmed={false} />
      </PageCard>
    )
  }
  if (confirm.isSuccess) {
    const email = confirm.data?.email
    return (
      <PageCard title="Email address confirmed">
        <p role="status" className="text-center text-sm">
          {email ? (
            <>
              <span className="font-medium break-all">{email}</span> is confirmed as your account's address.
            </>
          ) : (
            'The email address this link was sent to is confirmed.'
          )}
        </p>
        <NextSteps isConfirmed />
      </PageCard>
    )
  }
  return (
    <PageCard title={TITLE}>
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Confirming your email address...
      </p>
    </PageCard>
  )
}

/** `/verify`: where a verification link lands, signed in or not; it confirms the address at once. */
export function VerifyPage() {
  const [searchParams] = useSearchParams()
  const link = useMemo(() => readAccountLink(searchParams), [searchParams])
  if (link.kind !== 'link') {
    return (
      <PageCard title={TITLE}>
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
          {AccountTexts.linkBroken}
        </p>
        <NextSteps isConfirmed={false} />
      </PageCard>
    )
  }
  return <ConfirmEmail key={`${link.userId}:${link.secret}`} link={link} />
}
