import { Trash2 } from 'lucide-react'
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

type TConfirmDeleteButtonProps = {
  /** What is deleted, in lower case ("group"): it names the button, the dialog and the toasts. */
  noun: string
  name: string
  /** What deleting leaves as it was, said before the member confirms. */
  consequence: string
  isPending: boolean
  onDelete: () => Promise<unknown>
}

/** A Delete button that asks first, keeps the dialog open while it deletes, and says how it went. */
export function ConfirmDeleteButton({
  noun,
  name,
  consequence,
  isPending,
  onDelete,
}: TConfirmDeleteButtonProps) {
  const [isOpen, setIsOpen] = useState(false)
  const capitalised = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`

  const confirm = async () => {
    try {
      await onDelete()
    } catch (error) {
      notifyError({ title: `Could not delete the ${noun}`, description: getErrorMessage(error) })
      return
    }
    setIsOpen(false)
    notifySuccess({ title: `${capitalised} deleted`, description: name })
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !isPending && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only">
            {' '}
            {noun} {name}
          </span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            Delete the {noun} {name}?
          </AlertDialogTitle>
          <AlertDialogDescription>{consequence}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={isPending} onClick={() => void confirm()}>
            {isPending && <Spinner />}
            {isPending ? 'Deleting...' : `Delete ${noun}`}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
