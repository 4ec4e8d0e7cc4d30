import { TicketStatus, type TTicketStatus } from '@parsedesk/contracts'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TTicketChangeRequest, useDeleteTickets, useUpdateTickets } from '../queries'
import type { TTicketSummary } from '../ticket-model'

const plural = (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`)

/**
 * What the list does to several tickets at once (or to the one the keyboard is on), each ending in a toast
 * that says what was done; `onUpdated` and `onDeleted` hear when one succeeded.
 */
export function useBulkActions({
  userId,
  tickets,
  onUpdated,
  onDeleted,
}: {
  userId: string | undefined
  tickets: readonly TTicketSummary[] | undefined
  onUpdated: () => void
  onDeleted: (ticketIds: readonly string[]) => void
}) {
  const updateTickets = useUpdateTickets({ userId })
  const deleteTickets = useDeleteTickets({ userId })

  const change = async (
    ticketIds: readonly string[],
    data: (ticketId: string) => TTicketChangeRequest,
    done: string,
  ) => {
    if (ticketIds.length === 0) return
    try {
      await updateTickets.mutateAsync(ticketIds.map((ticketId) => ({ ticketId, data: data(ticketId) })))
    } catch (error) {
      notifyError({ title: 'Failed to update tickets', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: done })
    onUpdated()
  }

  return {
    isBusy: updateTickets.isPending || deleteTickets.isPending,
    isDeleting: deleteTickets.isPending,
    assignToMe: (ids: readonly string[]) =>
      change(ids, () => ({ assigneeId: userId ?? null }), `${plural(ids.length)} assigned to you`),
    setStatus: (ids: readonly string[], status: TTicketStatus) =>
      change(
        ids,
        () => ({ status }),
        status === TicketStatus.closed
          ? `${plural(ids.length)} closed`
          : `${plural(ids.length)} set to ${status}`,
      ),
    addTag: (ids: readonly string[], tag: string) =>
      change(
        ids,
        (ticketId) => {
          const tags = tickets?.find((ticket) => ticket.$id === ticketId)?.tags ?? []
          return { tags: [...new Set([...tags, tag])] }
        },
        `Tag “${tag}” added to ${plural(ids.length)}`,
      ),
    /** Deletes the tickets; false when the server refused, and the toast said why. */
    remove: async (ticketIds: readonly string[]): Promise<boolean> => {
      try {
        await deleteTickets.mutateAsync(ticketIds)
      } catch (error) {
        notifyError({ title: Toasts.ticketDeleteFailed, description: getErrorMessage(error) })
        return false
      }
      notifySuccess({ title: Toasts.ticketDeleted })
      onDeleted(ticketIds)
      return true
    },
  }
}
