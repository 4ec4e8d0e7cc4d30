import { RefreshCw } from 'lucide-react'
import { ConfirmAction } from '@/components/confirm-action'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { MailboxToasts } from '../mailbox-messages'
import { useRegenerateAddress } from '../queries'

export function RegenerateAddressButton({ mailboxId, address }: { mailboxId: string; address: string }) {
  const regenerate = useRegenerateAddress()

  const confirm = async () => {
    try {
      const mailbox = await regenerate.mutateAsync(mailboxId)
      notifySuccess({ title: MailboxToasts.regenerated, description: mailbox.address })
      return true
    } catch (error) {
      notifyError({ title: MailboxToasts.regenerateFailed, description: getErrorMessage(error) })
      return false
    }
  }

  return (
    <ConfirmAction
      trigger={
        <>
          <RefreshCw aria-hidden="true" />
          Regenerate
        </>
      }
      title="Regenerate the parsing address?"
      description={
        <>
          <span className="break-all">{address}</span> stops working at once: mail sent to it is refused from
          now on. The webhook secret is replaced too. Give the new address to your customers and update your
          forwarding rules and webhook URLs.
        </>
      }
      confirmLabel="Regenerate address"
      busyLabel="Regenerating..."
      confirmIcon={<RefreshCw aria-hidden="true" />}
      onConfirm={confirm}
    />
  )
}
