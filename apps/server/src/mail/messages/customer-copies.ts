import { TicketEventType, TicketLimits, ZTicketCc } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import type { TDocumentRow } from '../../documents/collection'
import { updateDocument } from '../../documents/document-repository'
import { recordTicketEvents } from '../../tickets/ticket-events'
import type { TTicketService } from '../../tickets/ticket-service'
import type { TParsedEmail } from '../parse'

/**
 * Whom a customer's mail copied, as the ticket keeps copies (trimmed, lower-cased, each once): not the
 * requester, not our own parsing addresses (a copy to them would come back as a loop), nothing that is not
 * a plain address. Decision 016.
 */
export function copiesOfMail(
  parsed: Pick<TParsedEmail, 'cc'>,
  options: { requester: string; inboundDomain: string },
): string[] {
  const requester = options.requester.trim().toLowerCase()
  const ours = (address: string) => {
    const domain = address.slice(address.lastIndexOf('@') + 1)
    return domain === options.inboundDomain || domain.endsWith(`.${options.inboundDomain}`)
  }
  const copies = parsed.cc.flatMap(({ address }) => {
    const copy = ZTicketCc.safeParse([address]).data?.[0]
    return copy && copy !== requester && !ours(copy) ? [copy] : []
  })
  return [...new Set(copies)]
}

/**
 * The customer's copies join the ticket's `cc`, logged as a `cc` event by the customer, in the mail's
 * transaction; beyond the ticket's limit the rest are left out (a mail cannot be refused for it). The
 * ticket as it now is.
 */
export async function addCustomerCopies(
  tx: TQueryable,
  options: { tickets: TTicketService; ticket: TDocumentRow; copies: string[] },
): Promise<TDocumentRow> {
  const { ticket } = options
  const before = (ticket.cc as string[] | undefined) ?? []
  const after = [...new Set([...before, ...options.copies])].slice(0, TicketLimits.cc)
  if (after.length === before.length) return ticket
  const updated = await updateDocument(tx, options.tickets.collection, { id: ticket.id, data: { cc: after } })
  if (!updated) return ticket
  await recordTicketEvents(tx, [
    {
      ticketId: ticket.id,
      teamId: String(ticket.teamId),
      actorType: 'customer',
      actorId: null,
      type: TicketEventType.cc,
      before,
      after,
    },
  ])
  return updated
}
