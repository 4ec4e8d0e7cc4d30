import { Trash2 } from 'lucide-react'
import { ConfirmAction } from '@/components/confirm-action'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'

type TConfirmDeleteButtonProps = {
  /** What is deleted, in lower case ("group"): it names the button, the dialog and the toasts. */
  noun: string
  name: string
  /** What deleting leaves as it was, said before the member confirms. */
  consequence: string
  onDelete: () => Promise<unknown>
}

/** A Delete button that asks first, keeps the dialog open while it deletes, and says how it went. */
export function ConfirmDeleteButton({ noun, name, consequence, onDelete }: TConfirmDeleteButtonProps) {
  const capitalised = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`

  const confirm = async () => {
    try {
      await onDelete()
    } catch (error) {
      notifyError({ title: `Could not delete the ${noun}`, description: getErrorMessage(error) })
      return false
    }
    notifySuccess({ title: `${capitalised} deleted`, description: name })
    return true
  }

  return (
    <ConfirmAction
      trigger={
        <>
          <Trash2 aria-hidden="true" />
          Delete
        </>
      }
      target={`${noun} ${name}`}
      title={`Delete the ${noun} ${name}?`}
      description={consequence}
      confirmLabel={`Delete ${noun}`}
      busyLabel="Deleting..."
      onConfirm={confirm}
    />
  )
}
