import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { MailboxNotes } from '../mailbox-messages'
import { ParsingAddress } from './parsing-address'
import { RegenerateAddressButton } from './regenerate-address-button'

/**
 * The workspace settings' card: the address every member reads, and Regenerate for those the server lets
 * regenerate it (owners and admins); others are told who does, rather than offered a button that fails.
 */
export function ParsingMailboxCard({
  userId,
  canManageMail,
}: {
  userId: string | undefined
  /** Undefined while the caller's role loads: neither the button nor the note shows yet. */
  canManageMail: boolean | undefined
}) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>Parsing address</CardTitle>
        <CardDescription>
          Every email to this address becomes a ticket of this workspace, seen by all its members. Forward
          your support address here, or point your domain's MX at Parsedesk.
        </CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" className="grid gap-3">
        <ParsingAddress
          userId={userId}
          actions={(mailbox) =>
            canManageMail && <RegenerateAddressButton mailboxId={mailbox.$id} address={mailbox.address} />
          }
        />
        {canManageMail === false && (
          <p data-testid="managers-only" className="text-sm text-muted-foreground">
            {MailboxNotes.managersOnly}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
