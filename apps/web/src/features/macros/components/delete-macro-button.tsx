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
import { type TMacroDocument, useDeleteMacro } from '../queries'

/** Deletes a macro once confirmed; replies already sent with it stay as they are. */
export function DeleteMacroButton({ macro }: { macro: TMacroDocument }) {
  const [isOpen, setIsOpen] = useState(false)
  const remove = useDeleteMacro()

  const confirm = async () => {
    try {
      await remove.mutateAsync(macro.$id)
    } catch (error) {
      notifyError({ title: 'Could not delete the macro', description: getErrorMessage(error) })
      return
    }
    setIsOpen(false)
    notifySuccess({ title: 'Macro deleted', description: macro.name })
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !remove.isPending && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only"> macro {macro.name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete the macro {macro.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Replies already sent with it, and the changes it made, stay as they are.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => void confirm()}
          >
            {remove.isPending && <Spinner />}
            {remove.isPending ? 'Deleting...' : 'Delete macro'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
