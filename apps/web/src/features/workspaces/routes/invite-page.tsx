import { ErrorType } from '@parsedesk/contracts'
import { Check, LogIn } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { AuthMode, type TAuthMode } from '@/features/auth/auth-links'
import { AuthForm, type TAuthFormValues } from '@/features/auth/components/auth-form'
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button'
import { useLogout } from '@/features/auth/queries'
import { setSessionUser, type TUser, useSession } from '@/features/auth/session'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { chooseWorkspace } from '../current-workspace-store'
import { invitationPath, readInvitation, type TInvitation } from '../invitation-link'
import { useAcceptInvitation, useJoinWorkspace } from '../queries'
import { WorkspaceToasts } from '../workspace-messages'

function errorType(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'type' in error && typeof error.type === 'string'
    ? error.type
    : undefined
}

function InviteCard({
  title,
  description,
  children,
}: {
  title: string
  description: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/40 px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle asChild className="text-2xl break-words">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </div>
  )
}

const workspaceLabel = (invitation: TInvitation) =>
  invitation.teamName ? `the workspace “${invitation.teamName}”` : 'a workspace'

const joinLabel = (invitation: TInvitation) =>
  invitation.teamName ? `Join ${invitation.teamName}` : 'Join the workspace'

/**
 * Signed out, joining is one step: the form (the invited address filled in) creates the account, or signs
 * in to an existing one, and joins. A link to an address that had an account opens on sign-in.
 */
function SignedOutInvitation({ invitation }: { invitation: TInvitation }) {
  const navigate = useNavigate()
  const join = useJoinWorkspace()
  const [mode, setMode] = useState<TAuthMode>(invitation.userId ? AuthMode.signIn : AuthMode.signUp)
  const isSignUp = mode === AuthMode.signUp

  const joinWith = async (values: TAuthFormValues) => {
    const user = await join.mutateAsync({ mode, invitation, values })
    chooseWorkspace({ userId: user.$id, teamId: invitation.teamId })
    setSessionUser(user)
    notifySuccess({ title: WorkspaceToasts.joined, description: invitation.teamName || undefined })
    navigate(Paths.tickets, { replace: true })
  }

  return (
    <InviteCard
      title={joinLabel(invitation)}
      description={
        isSignUp ? (
          <>You are invited to {workspaceLabel(invitation)} on Parsedesk. Create your account to join it.</>
        ) : (
          <>You are invited to {workspaceLabel(invitation)}. Sign in with the invited address to join it.</>
        )
      }
    >
      <AuthForm
        key={mode}
        mode={mode}
        defaultEmail={invitation.email}
        labels={{ submit: joinLabel(invitation), busy: 'Joining...', failed: WorkspaceToasts.acceptFailed }}
        submit={joinWith}
        onSignInInstead={() => setMode(AuthMode.signIn)}
      />
      {/* Google comes back to this page signed in, where joining is the one button. */}
      <GoogleSignInButton returnTo={invitationPath(invitation)} />
      <p className="flex flex-wrap justify-center gap-1 text-sm text-muted-foreground">
        {isSignUp ? 'Already have an account?' : 'New to Parsedesk?'}
        <Button
          type="button"
          variant="link"
          size="inline"
          onClick={() => setMode(isSignUp ? AuthMode.signIn : AuthMode.signUp)}
        >
          {isSignUp ? 'Sign in to join' : 'Create an account'}
        </Button>
      </p>
    </InviteCard>
  )
}

function SignedInInvitation({ invitation, user }: { invitation: TInvitation; user: TUser }) {
  const navigate = useNavigate()
  const accept = useAcceptInvitation()
  const logout = useLogout()
  const refusal = accept.error
  const isForSomeoneElse = errorType(refusal) === ErrorType.teamInviteMismatch

  const acceptInvitation = async () => {
    try {
      await accept.mutateAsync(invitation)
    } catch (error) {
      notifyError({ title: WorkspaceToasts.acceptFailed, description: getErrorMessage(error) })
      return
    }
    chooseWorkspace({ userId: user.$id, teamId: invitation.teamId })
    notifySuccess({ title: WorkspaceToasts.joined, description: invitation.teamName || undefined })
    navigate(Paths.tickets, { replace: true })
  }

  // Stays on this page, signed out, to sign in with the address the invitation was sent to.
  const switchAccount = async () => {
    try {
      await logout.mutateAsync()
    } catch (error) {
      notifyError({ title: Toasts.logoutFailed, description: getErrorMessage(error) || Toasts.tryLater })
      return
    }
    setSessionUser(null)
  }

  return (
    <InviteCard
      title={joinLabel(invitation)}
      description={
        <>
          You are invited to {workspaceLabel(invitation)}. You are signed in as{' '}
          <span className="font-medium break-all text-foreground">{user.email}</span>.
        </>
      }
    >
      {refusal && (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
        >
          <p className="font-medium text-destructive">Could not accept the invitation</p>
          <p>{getErrorMessage(refusal)}</p>
        </div>
      )}
      <Button
        type="button"
        size="lg"
        className="w-full"
        disabled={accept.isPending}
        onClick={() => void acceptInvitation()}
      >
        {accept.isPending ? <Spinner /> : <Check aria-hidden="true" />}
        {accept.isPending ? 'Joining...' : joinLabel(invitation)}
      </Button>
      {isForSomeoneElse ? (
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={logout.isPending}
          onClick={() => void switchAccount()}
        >
          {logout.isPending ? <Spinner /> : <LogIn aria-hidden="true" />}
          Sign in with another account
        </Button>
      ) : (
        <Button asChild variant="outline" className="w-full">
          <Link to={Paths.tickets}>Go to the dashboard</Link>
        </Button>
      )}
    </InviteCard>
  )
}

/** Where an invitation's link lands: who invites, and joining in one step, signed in or out. */
export function InvitePage() {
  const [searchParams] = useSearchParams()
  const invitation = useMemo(() => readInvitation(searchParams), [searchParams])
  const { user, isLoading } = useSession()

  if (!invitation) {
    return (
      <InviteCard
        title="This invitation link is incomplete"
        description="Open the link from the invitation email as it is, or ask the workspace's owner for a new invitation."
      >
        <Button asChild variant="outline" className="w-full">
          <Link to={user ? Paths.tickets : Paths.home}>
            {user ? 'Go to the dashboard' : 'Return to Home'}
          </Link>
        </Button>
      </InviteCard>
    )
  }
  if (isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center py-24 text-muted-foreground">
        <Spinner size="lg" />
        <span className="sr-only">Checking your session</span>
      </div>
    )
  }
  return user ? (
    <SignedInInvitation invitation={invitation} user={user} />
  ) : (
    <SignedOutInvitation invitation={invitation} />
  )
}
