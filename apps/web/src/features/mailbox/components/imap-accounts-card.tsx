import { Plus, Power, PowerOff, RefreshCw, Trash2 } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { ConfirmAction } from '@/components/confirm-action'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { notifyError, notifySuccess } from '@/lib/notify'
import { imapStatusTone } from '../imap-status'
import { MailboxToasts } from '../mailbox-messages'
import type { TImapAccountDocument } from '../mailbox-model'
import { useImapAccounts, useRemoveImapAccount, useSetImapAccountEnabled } from '../queries'

const ImapAccountForm = lazy(() =>
  import('./imap-account-form').then((module) => ({ default: module.ImapAccountForm })),
)

const MODE_LABELS = { idle: 'new mail arrives at once (IDLE)', poll: 'checked at intervals' } as const

type TAccountActionsProps = {
  account: TImapAccountDocument
  /** Where focus goes once the account, and with it the button that had focus, is gone. */
  onRemoved: () => void
}

function RemoveAccountButton({ account, onRemoved }: TAccountActionsProps) {
  const remove = useRemoveImapAccount()
  const name = `${account.username} on ${account.host}`

  const confirm = async () => {
    try {
      await remove.mutateAsync(account.$id)
    } catch (error) {
      notifyError({ title: MailboxToasts.imapRemoveFailed, description: getErrorMessage(error) })
      return false
    }
    notifySuccess({ title: MailboxToasts.imapRemoved, description: name })
    return true
  }

  return (
    <ConfirmAction
      trigger={
        <>
          <Trash2 aria-hidden="true" />
          Remove
        </>
      }
      target={name}
      title="Remove this IMAP mailbox?"
      description={
        <>
          Parsedesk stops fetching mail from <span className="break-all">{name}</span> and forgets its
          password. Tickets already made from its mail stay.
        </>
      }
      confirmLabel="Remove mailbox"
      busyLabel="Removing..."
      confirmIcon={<Trash2 aria-hidden="true" />}
      onConfirm={confirm}
      onDone={onRemoved}
    />
  )
}

function ImapAccountItem({ account, onRemoved }: TAccountActionsProps) {
  const setEnabled = useSetImapAccountEnabled()
  const name = `${account.username} on ${account.host}`

  const toggle = async () => {
    try {
      await setEnabled.mutateAsync({ accountId: account.$id, enabled: !account.enabled })
    } catch (error) {
      notifyError({ title: MailboxToasts.imapUpdateFailed, description: getErrorMessage(error) })
    }
  }

  return (
    <li data-imap-account-id={account.$id} className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm font-medium break-all">
          {account.username}
          <span className="text-muted-foreground">
            {' '}
            on {account.host}:{account.port}
            {account.secure ? ' (TLS)' : ''}
          </span>
        </p>
        <Badge tone={imapStatusTone(account.status)}>{account.status}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {`${account.fetched} fetched`}
        {account.mode ? ` · ${MODE_LABELS[account.mode]}` : ''}
        {account.lastCheckedAt ? ` · last checked ${formatTicketDate(account.lastCheckedAt)}` : ''}
        {account.moveTo ? ` · moved to ${account.moveTo}` : ''}
      </p>
      {account.lastError && (
        <p className="text-sm break-words text-destructive">
          <span className="font-medium">Last error: </span>
          {account.lastError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={setEnabled.isPending}
          onClick={() => void toggle()}
        >
          {setEnabled.isPending ? (
            <Spinner />
          ) : account.enabled ? (
            <PowerOff aria-hidden="true" />
          ) : (
            <Power aria-hidden="true" />
          )}
          {account.enabled ? 'Disable' : 'Enable'}
          <span className="sr-only"> {name}</span>
        </Button>
        <RemoveAccountButton account={account} onRemoved={onRemoved} />
      </div>
    </li>
  )
}

export function ImapAccountsCard({ userId }: { userId: string | undefined }) {
  const accounts = useImapAccounts({ userId })
  const [isFormOpen, setIsFormOpen] = useState(false)
  const connectButton = useRef<HTMLButtonElement>(null)
  const focusConnect = () => connectButton.current?.focus()
  const isClosingForm = useRef(false)
  // The form's own buttons unmount with it: focus goes back to the button that opened it.
  const closeForm = () => {
    isClosingForm.current = true
    setIsFormOpen(false)
  }
  useEffect(() => {
    if (isFormOpen || !isClosingForm.current) return
    isClosingForm.current = false
    connectButton.current?.focus()
  }, [isFormOpen])

  const list = (() => {
    if (accounts.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load your IMAP mailboxes</p>
          <p className="text-muted-foreground">{getErrorMessage(accounts.error)}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void accounts.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )
    }
    if (!accounts.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading...
        </p>
      )
    }
    if (accounts.data.length === 0) {
      return <p className="text-sm text-muted-foreground">No IMAP mailbox connected.</p>
    }
    return (
      <ul aria-label="Connected IMAP mailboxes" className="grid gap-3">
        {accounts.data.map((account) => (
          <ImapAccountItem key={account.$id} account={account} onRemoved={focusConnect} />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>IMAP mailboxes</CardTitle>
        <CardDescription>
          Fetch mail from a mailbox you already have. Connect one nobody reads in another mail client:
          Parsedesk picks up unread mail only.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list}
        {isFormOpen ? (
          <Suspense fallback={<Spinner size="md" className="text-muted-foreground" />}>
            <ImapAccountForm userId={userId} onDone={closeForm} />
          </Suspense>
        ) : (
          <Button
            ref={connectButton}
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() => setIsFormOpen(true)}
          >
            <Plus aria-hidden="true" />
            Connect a mailbox
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
