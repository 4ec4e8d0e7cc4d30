import { ConfirmDeleteButton } from '@/components/confirm-delete-button'
import { type TGroupDocument, useDeleteGroup } from '../queries'

/** Deletes a group once confirmed; its tickets keep everything but the group. */
export function DeleteGroupButton({ group }: { group: TGroupDocument }) {
  const remove = useDeleteGroup()
  return (
    <ConfirmDeleteButton
      noun="group"
      name={group.name}
      consequence="Its tickets stay where they are, without a group. Its members stay in the workspace."
      onDelete={() => remove.mutateAsync(group.$id)}
    />
  )
}
