import { SpamBlock, senderDomainOf, type TSpamBlock } from '@parsedesk/contracts'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useMarkNotSpam, useMarkSpam } from './queries'

/**
 * Marking a ticket spam (blocking its sender's address or domain with it, when asked) and taking it back,
 * each told in a toast: the dashboard's dialog and the ticket page say the same.
 */
export function useSpamCommands(ticket: { $id: string; email: string }) {
  const markSpam = useMarkSpam()
  const notSpam = useMarkNotSpam()
  const domain = senderDomainOf(ticket.email)

  const mark = async (block: TSpamBlock) => {
    try {
      await markSpam.mutateAsync({ ticketId: ticket.$id, block })
    } catch (error) {
      notifyError({ title: 'Could not mark the ticket as spam', description: getErrorMessage(error) })
      return
    }
    notifySuccess({
      title: 'Marked as spam',
      description:
        block === SpamBlock.none
          ? 'The ticket is closed.'
          : `The ticket is closed and ${block === SpamBlock.domain ? domain : ticket.email} is blocked.`,
    })
  }

  const undo = async () => {
    try {
      await notSpam.mutateAsync(ticket.$id)
    } catch (error) {
      notifyError({ title: 'Could not mark the ticket as not spam', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: 'Not spam', description: 'The ticket is open again.' })
  }

  return {
    mark,
    undo,
    domain,
    isMarking: markSpam.isPending,
    isUndoing: notSpam.isPending,
    isPending: markSpam.isPending || notSpam.isPending,
  }
}
