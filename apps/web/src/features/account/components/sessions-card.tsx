import { LogOut, Monitor, RefreshCw } from 'lucide-react'
import { useRef } from 'react'
import { ConfirmAction } from '@/components/confirm-action'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { AccountToasts } from '../account-messages'
import { useEndOtherSessions, useEndSession, useSessions } from '../queries'
import {
  describeSessionDevice,
  describeSessionSignIn,
  otherSessionIds,
  sortSessions,
  type TSession,
} from '../session-device'

type TSessionItemProps = {
  session: TSession
  /** Where focus goes once the session, and with it the button that had focus, is gone. */
  onEnded: () => void
}

function SessionItem({ session, onEnded }: TSessionItemProps) {
  const endSession = useEndSession()
  const device = describeSessionDevice(session)

  const signOut = async () => {
    try {
      await endSession.mutateAsync(session.$id)
    } catch (error) {
      notifyError({
        title: AccountToasts.sessionEndFailed,
        description: getErrorMessage(error) || Toasts.tryLater,
      })
      return
    }
    notifySuccess({ title: AccountToasts.sessionEnded, description: device })
    onEnded()
  }

  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <Monitor aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="min-w-0 break-words">{device}</span>
          {session.current && <Badge tone="blue">This device</Badge>}
        </p>
        <p className="text-xs break-words text-muted-foreground">{describeSessionSignIn(session)}</p>
        <p className="text-xs text-muted-foreground">
          {/* The server writes the last use at most hourly: the time is within the hour. */}
          Signed in {formatTicketDate(session.$createdAt)} · last active{' '}
          {formatTicketDate(session.$updatedAt || session.$createdAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={endSession.isPending}
          onClick={() => void signOut()}
        >
          {endSession.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          {endSession.isPending ? 'Signing out...' : 'Sign out'}
          <span className="sr-only">
            {' '}
            {device}, signed in {formatTicketDate(session.$createdAt)}
          </span>
        </Button>
      )}
    </li>
  )
}

function EndOtherSessionsButton({ sessions, onEnded }: { sessions: TSession[]; onEnded: () => void }) {
  const endOthers = useEndOtherSessions()
  const count = otherSessionIds(sessions).length

  const confirm = async () => {
    try {
      await endOthers.mutateAsync(sessions)
    } catch (error) {
      notifyError({
        title: AccountToasts.othersEndFailed,
        description: getErrorMessage(error) || Toasts.tryLater,
      })
      return false
    }
    notifySuccess({ title: AccountToasts.othersEnded })
    return true
  }

  return (
    <ConfirmAction
      trigger={
        <>
          <LogOut aria-hidden="true" />
          Sign out of all other sessions
        </>
      }
      triggerSize="default"
      triggerDisabled={count === 0}
      title="Sign out of all other sessions?"
      description={
        <>
          {count === 1 ? 'One other session ends' : `${count} other sessions end`} at once: whoever uses them
          has to sign in again. This device stays signed in.
        </>
      }
      confirmLabel="Sign out others"
      busyLabel="Signing out..."
      confirmIcon={<LogOut aria-hidden="true" />}
      onConfirm={confirm}
      onDone={onEnded}
    />
  )
}

export function SessionsCard({ userId }: { userId: string }) {
  const sessions = useSessions({ userId })
  const heading = useRef<HTMLHeadingElement>(null)
  // A signed-out session's row leaves with its button: focus goes to the card's heading.
  const focusHeading = () => heading.current?.focus()

  const body = (() => {
    if (sessions.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load your sessions</p>
          <p className="text-muted-foreground">{getErrorMessage(sessions.error)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={sessions.isFetching}
            onClick={() => void sessions.refetch()}
          >
            {sessions.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!sessions.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading...
        </p>
      )
    }
    return (
      <ul aria-label="Active sessions" className="grid gap-3">
        {sortSessions(sessions.data).map((session) => (
          <SessionItem key={session.$id} session={session} onEnded={focusHeading} />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle
          ref={heading}
          tabIndex={-1}
          className="w-fit rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          Active sessions
        </CardTitle>
        <CardDescription>
          Every browser and device signed in to your account. Signing one out ends it at once.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      {sessions.data && (
        <CardFooter>
          <EndOtherSessionsButton sessions={sessions.data} onEnded={focusHeading} />
        </CardFooter>
      )}
    </Card>
  )
}
