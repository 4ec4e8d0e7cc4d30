import { RefreshCw } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { CopyButton } from '@/features/mailbox/components/copy-button'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { findInvitationLink } from '../invitation-link'
import { isUndelivered, MAIL_STATE_LABELS, MAIL_STATE_TONES, type TOutboxDocument } from '../outbox-model'
import { type TWorkspace, useWorkspaceOutbox } from '../queries'

/**
 * A mail that has not reached its person: its invitation link, to hand over by other means, while the
 * invitation is still open (accepted, revoked or sent again, the link works no more).
 */
function UndeliveredLink({
  mail,
  openInvitationIds,
}: {
  mail: TOutboxDocument
  openInvitationIds: ReadonlySet<string> | undefined
}) {
  const link = findInvitationLink(mail.text)
  if (!link || !openInvitationIds) return null
  if (!openInvitationIds.has(link.invitation.membershipId)) {
    return (
      <p className="text-xs text-muted-foreground">
        This invitation was accepted, revoked or sent again: its link no longer works.
      </p>
    )
  }
  const recipient = mail.to.join(', ')
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-2">
      <p className="text-xs font-medium text-muted-foreground">
        Invitation link: give it to {recipient} yourself
      </p>
      <p data-testid="invitation-link" className="font-mono text-xs break-all">
        {link.href}
      </p>
      <div>
        <CopyButton value={link.href} target={`invitation link for ${recipient}`} description={recipient} />
      </div>
    </div>
  )
}

function OutboxItem({
  mail,
  openInvitationIds,
}: {
  mail: TOutboxDocument
  openInvitationIds: ReadonlySet<string> | undefined
}) {
  return (
    <li data-mail-id={mail.$id} className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm font-medium break-all">{mail.to.join(', ')}</p>
          <p className="text-sm break-words text-muted-foreground">{mail.subject}</p>
          <p className="text-xs text-muted-foreground">
            {`Queued ${formatTicketDate(mail.$createdAt)}`}
            {mail.sentAt ? ` · sent ${formatTicketDate(mail.sentAt)}` : ''}
            {mail.attempts > 0 ? ` · ${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'}` : ''}
          </p>
        </div>
        <Badge data-testid="mail-state" tone={MAIL_STATE_TONES[mail.state]}>
          {MAIL_STATE_LABELS[mail.state]}
        </Badge>
      </div>
      {mail.lastError && (
        <p className="text-sm break-words text-destructive">
          <span className="font-medium">Last error: </span>
          {mail.lastError}
        </p>
      )}
      {isUndelivered(mail.state) && <UndeliveredLink mail={mail} openInvitationIds={openInvitationIds} />}
    </li>
  )
}

export function OutboxCard({
  workspace,
  openInvitationIds,
}: {
  workspace: TWorkspace
  /** Ids of the workspace's open invitations; undefined while they load. */
  openInvitationIds: ReadonlySet<string> | undefined
}) {
  const outbox = useWorkspaceOutbox({ teamId: workspace.$id, enabled: true })

  const body = (() => {
    if (outbox.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the outbox</p>
          <p className="text-muted-foreground">{getErrorMessage(outbox.error)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={outbox.isFetching}
            onClick={() => void outbox.refetch()}
          >
            {outbox.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!outbox.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading the outbox...
        </p>
      )
    }
    if (outbox.data.length === 0) {
      return <p className="text-sm text-muted-foreground">No mail sent for this workspace yet.</p>
    }
    return (
      <ul aria-label="Outbox" className="grid gap-3">
        {outbox.data.map((mail) => (
          <OutboxItem key={mail.$id} mail={mail} openInvitationIds={openInvitationIds} />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>
          The mail Parsedesk sends for this workspace, newest first, with where each stands. A mail not sent
          still has its invitation link here, to copy and hand over yourself.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
