import { TicketEventType, TicketLimits, type TTicketRow, ZTicketCc } from '@parsedesk/contracts'
import type { TTransaction } from '../db/database'
import type { TParsedEmail } from '../mail/parse'
import { recordTicketEvents } from '../tickets/ticket-events'
import { updateTicket } from '../tickets/ticket-repository'

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
  tx: TTransaction,
  options: { ticket: TTicketRow; copies: string[] },
): Promise<TTicketRow> {
  const { ticket } = options
  const before = ticket.cc
  const after = [...new Set([...before, ...options.copies])].slice(0, TicketLimits.cc)
  if (after.length === before.length) return ticket
  const updated = await updateTicket(tx, ticket.id, { cc: after })
  if (!updated) return ticket
  await recordTicketEvents(tx, [
    {
      ticketId: ticket.id,
      teamId: ticket.teamId,
      actorType: 'customer',
      actorId: null,
      type: TicketEventType.cc,
      before,
      after,
    },
  ])
  return updated
}
