import { SpamMessages } from '@parsedesk/contracts'
import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import { useBlockedSenders, useUnblockSender } from '../queries'

/**
 * The senders a member blocked when marking their mail spam: their later mail is rejected and listed
 * with the reason in the kept mail. Owners and admins unblock (the server enforces it).
 */
export function BlockedSendersCard({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const blocked = useBlockedSenders(teamId)
  const unblock = useUnblockSender(teamId)

  const body = (() => {
    if (blocked.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the blocked senders</p>
          <p className="text-muted-foreground">{getErrorMessage(blocked.error)}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void blocked.refetch()}>
            {blocked.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!blocked.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading the blocked senders...
        </p>
      )
    }
    if (blocked.data.senders.length === 0) {
      return <p className="text-sm text-muted-foreground">Nobody is blocked.</p>
    }
    return (
      <ul aria-label="Blocked senders" className="grid gap-2">
        {blocked.data.senders.map((sender) => (
          <li
            key={sender.$id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
          >
            <span className="min-w-0 text-sm break-all">
              {sender.kind === 'domain' ? `everyone at ${sender.value}` : sender.value}
            </span>
            {canManage && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={unblock.isPending}
                onClick={() =>
                  unblock.mutateAsync(sender.$id).catch((error: unknown) =>
                    notifyError({
                      title: 'Could not unblock the sender',
                      description: getErrorMessage(error),
                    }),
                  )
                }
              >
                Unblock
                <span className="sr-only"> {sender.value}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    )
  })()

  return (
    <Card>
      <CardHeader>
        <CardTitle>Blocked senders</CardTitle>
        <CardDescription>
          Their mail is rejected and kept, with the reason, in Mail kept, not ticketed.
          {!canManage && ` ${SpamMessages.notManager}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
