import { AtSign, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import type { TMailboxDocument } from '../mailbox-model'
import { useMailbox } from '../queries'
import { CopyButton } from './copy-button'

type TAddressProps = {
  userId: string | undefined
  /** Buttons beside Copy, given the loaded mailbox. */
  actions?: (mailbox: TMailboxDocument) => ReactNode
}

/** The current workspace's address with Copy, or why it is not there yet. */
export function ParsingAddress({ userId, actions }: TAddressProps) {
  const mailbox = useMailbox({ userId })
  if (mailbox.error) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-destructive">Could not load your parsing address</p>
        <p className="text-muted-foreground">{getErrorMessage(mailbox.error)}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void mailbox.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    )
  }
  if (!mailbox.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading your address...
      </p>
    )
  }
  const { address } = mailbox.data
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p
        data-testid="parsing-address"
        className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 px-3 py-1.5 font-mono text-sm break-all"
      >
        <AtSign aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {address}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={address} target="address" description={address} />
        {actions?.(mailbox.data)}
      </div>
    </div>
  )
}
