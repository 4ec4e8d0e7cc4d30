import {
  TicketStatus,
  type TMacro,
  type TMacroContext,
  type TTicketPriority,
  type TTicketStatus,
} from '@parsedesk/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { applyMacroToTickets } from '../bulk-macro'
import {
  type TTicketChangeRequest,
  ticketCountsKey,
  ticketListsKey,
  useDeleteTickets,
  useUpdateTickets,
} from '../queries'
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
  const queryClient = useQueryClient()

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
    /** To any member of the workspace (the server checks they are one), or to nobody. */
    assignTo: (ids: readonly string[], assignee: { id: string; name: string } | null) =>
      change(
        ids,
        () => ({ assigneeId: assignee?.id ?? null }),
        assignee ? `${plural(ids.length)} assigned to ${assignee.name}` : `${plural(ids.length)} unassigned`,
      ),
    setPriority: (ids: readonly string[], priority: TTicketPriority) =>
      change(ids, () => ({ priority }), `${plural(ids.length)} set to ${priority} priority`),
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
    /**
     * Mails the macro's reply to each ticket's requester and applies its changes; false when the server
     * refused one (those before it are done, and the toast says so).
     */
    applyMacro: async (
      ids: readonly string[],
      macro: Pick<TMacro, 'name' | 'body' | 'actions'>,
      context: {
        requesterOf: (ticket: TTicketSummary) => { name: string; email: string }
        agent: TMacroContext['agent']
      },
    ): Promise<boolean> => {
      const chosen = (tickets ?? []).filter((ticket) => ids.includes(ticket.$id))
      try {
        const { applied, skipped } = await applyMacroToTickets({ macro, tickets: chosen, ...context })
        const left = skipped > 0 ? `; ${plural(skipped)} skipped: a placeholder has no value there` : ''
        notifySuccess({ title: `“${macro.name}” applied to ${plural(applied)}${left}` })
        onUpdated()
        return true
      } catch (error) {
        notifyError({
          title: `Could not apply “${macro.name}” to every ticket`,
          description: getErrorMessage(error),
        })
        return false
      } finally {
        // Replies and changes arrive by realtime too; the counts are read again once.
        void queryClient.invalidateQueries({ queryKey: ticketCountsKey })
        void queryClient.invalidateQueries({ queryKey: ticketListsKey })
      }
    },
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
