import { MailX, RotateCw } from 'lucide-react'
import { useRef } from 'react'
import { ConfirmAction } from '@/components/confirm-action'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { notifyError, notifySuccess } from '@/lib/notify'
import { invitationExpiresAt } from '../invitation-link'
import { type TMembership, type TWorkspace, useDeleteMembership, useResendInvitation } from '../queries'
import { WorkspaceToasts } from '../workspace-messages'
import { effectiveRole, ROLE_LABELS, ROLE_TONES } from '../workspace-roles'

type TInvitationProps = {
  workspace: TWorkspace
  invitation: TMembership
  /** Where focus goes once the invitation, and with it the button that had focus, is gone. */
  onGone: () => void
}

function InvitationItem({ workspace, invitation, onGone }: TInvitationProps) {
  const revoke = useDeleteMembership()
  const resend = useResendInvitation()
  const role = effectiveRole(invitation.roles)
  const email = invitation.userEmail
  const expiresAt = invitationExpiresAt(invitation.invited)
  const isExpired = expiresAt.getTime() <= Date.now()
  const isBusy = revoke.isPending || resend.isPending

  const sendAgain = async () => {
    try {
      await resend.mutateAsync({ teamId: workspace.$id, membershipId: invitation.$id, email, role })
    } catch (error) {
      notifyError({ title: WorkspaceToasts.resendFailed, description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: WorkspaceToasts.resent, description: email })
    onGone()
  }

  const revokeInvitation = async () => {
    try {
      await revoke.mutateAsync({ teamId: workspace.$id, membershipId: invitation.$id })
    } catch (error) {
      notifyError({ title: WorkspaceToasts.revokeFailed, description: getErrorMessage(error) })
      return false
    }
    notifySuccess({ title: WorkspaceToasts.revoked, description: email })
    return true
  }

  return (
    <li data-membership-id={invitation.$id} className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm font-medium break-all">{email}</p>
          <p className="text-xs text-muted-foreground">
            {`Invited ${formatTicketDate(invitation.invited)} · `}
            {isExpired ? (
              <span className="font-medium text-destructive">link expired</span>
            ) : (
              `link works until ${formatTicketDate(expiresAt.toISOString())}`
            )}
          </p>
        </div>
        <Badge tone={ROLE_TONES[role]}>{ROLE_LABELS[role]}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={isBusy} onClick={() => void sendAgain()}>
          {resend.isPending ? <Spinner /> : <RotateCw aria-hidden="true" />}
          {resend.isPending ? 'Sending...' : 'Send again'}
          <span className="sr-only"> to {email}</span>
        </Button>
        <ConfirmAction
          trigger={
            <>
              <MailX aria-hidden="true" />
              Revoke
            </>
          }
          target={`the invitation of ${email}`}
          title={`Revoke the invitation of ${email}?`}
          description="Its link stops working at once. You can invite the same address again later."
          confirmLabel="Revoke invitation"
          busyLabel="Revoking..."
          onConfirm={revokeInvitation}
          onDone={onGone}
        />
      </div>
    </li>
  )
}

export function InvitationsCard({
  workspace,
  invitations,
}: {
  workspace: TWorkspace
  /** Open invitations; undefined while the members load (their card shows that state). */
  invitations: TMembership[] | undefined
}) {
  const list = useRef<HTMLDivElement>(null)
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Open invitations</CardTitle>
        <CardDescription>
          Sending again makes a new link: the one sent before stops working. Revoking stops it at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          ref={list}
          tabIndex={-1}
          className="rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {!invitations ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              Loading...
            </p>
          ) : invitations.length === 0 ? (
            <p className="text-sm text-muted-foreground">No open invitations.</p>
          ) : (
            <ul aria-label="Open invitations" className="grid gap-3">
              {invitations.map((invitation) => (
                <InvitationItem
                  key={invitation.$id}
                  workspace={workspace}
                  invitation={invitation}
                  onGone={() => list.current?.focus()}
                />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
