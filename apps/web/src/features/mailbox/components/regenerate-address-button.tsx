import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { MailboxToasts } from '../mailbox-messages'
import { useRegenerateAddress } from '../queries'

export function RegenerateAddressButton({ mailboxId, address }: { mailboxId: string; address: string }) {
  const regenerate = useRegenerateAddress()
  const [isOpen, setIsOpen] = useState(false)

  const confirm = async () => {
    try {
      const mailbox = await regenerate.mutateAsync(mailboxId)
      notifySuccess({ title: MailboxToasts.regenerated, description: mailbox.address })
      setIsOpen(false)
    } catch (error) {
      notifyError({ title: MailboxToasts.regenerateFailed, description: getErrorMessage(error) })
    }
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !regenerate.isPending && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <RefreshCw aria-hidden="true" />
          Regenerate
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Regenerate the parsing address?</AlertDialogTitle>
          <AlertDialogDescription>
            <span className="break-all">{address}</span> stops working at once: mail sent to it is refused
            from now on. The webhook secret is replaced too. Give the new address to your customers and update
            your forwarding rules and webhook URLs.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={regenerate.isPending}>Cancel</AlertDialogCancel>
          {/* Not an AlertDialogAction: that would close the dialog before the server answered. */}
          <Button
            type="button"
            variant="destructive"
            disabled={regenerate.isPending}
            onClick={() => void confirm()}
          >
            {regenerate.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {regenerate.isPending ? 'Regenerating...' : 'Regenerate address'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
