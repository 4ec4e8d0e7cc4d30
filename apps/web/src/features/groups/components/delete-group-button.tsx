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
import { type TGroupDocument, useDeleteGroup } from '../queries'

/** Deletes a group once confirmed; its tickets keep everything but the group. */
export function DeleteGroupButton({ group }: { group: TGroupDocument }) {
  const [isOpen, setIsOpen] = useState(false)
  const remove = useDeleteGroup()

  const confirm = async () => {
    try {
      await remove.mutateAsync(group.$id)
    } catch (error) {
      notifyError({ title: 'Could not delete the group', description: getErrorMessage(error) })
      return
    }
    setIsOpen(false)
    notifySuccess({ title: 'Group deleted', description: group.name })
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !remove.isPending && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only"> group {group.name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete the group {group.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its tickets stay where they are, without a group. Its members stay in the workspace.
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
            {remove.isPending ? 'Deleting...' : 'Delete group'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
