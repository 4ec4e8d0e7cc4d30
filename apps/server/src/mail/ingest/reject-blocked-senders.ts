import { SpamMessages } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { findSenderBlocks } from '../../spam/blocked-senders-repository'
import type { TPreparedDelivery } from './prepared-delivery'

/**
 * Mail from a sender its workspace blocked becomes a rejected delivery with the reason, shown and counted
 * in the mailbox's records like any mail kept without a ticket: never a ticket, never dropped unseen
 * (decision 020). Read in the deciding transaction, so an unblock applies to the next mail decided.
 */
export async function rejectBlockedSenders(
  tx: TQueryable,
  deliveries: TPreparedDelivery[],
): Promise<TPreparedDelivery[]> {
  const mail = deliveries.flatMap((d) =>
    d.kind === 'mail' ? [{ mailboxId: d.inbound.mailboxId, sender: d.sender }] : [],
  )
  const blocks = await findSenderBlocks(tx, mail)
  if (blocks.size === 0) return deliveries
  return deliveries.map((delivery) => {
    if (delivery.kind !== 'mail') return delivery
    const block = blocks.get(`${delivery.inbound.mailboxId} ${delivery.sender.trim().toLowerCase()}`)
    if (!block) return delivery
    return {
      kind: 'no-ticket',
      inbound: delivery.inbound,
      parsed: delivery.parsed,
      outcome: { status: 'rejected', reason: SpamMessages.blockedReason(block.value, block.kind) },
    }
  })
}
