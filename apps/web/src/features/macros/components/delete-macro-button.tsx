import { ConfirmDeleteButton } from '@/components/confirm-delete-button'
import { type TMacroDocument, useDeleteMacro } from '../queries'

/** Deletes a macro once confirmed; replies already sent with it stay as they are. */
export function DeleteMacroButton({ macro }: { macro: TMacroDocument }) {
  const remove = useDeleteMacro()
  return (
    <ConfirmDeleteButton
      noun="macro"
      name={macro.name}
      consequence="Replies already sent with it, and the changes it made, stay as they are."
      onDelete={() => remove.mutateAsync(macro.$id)}
    />
  )
}
