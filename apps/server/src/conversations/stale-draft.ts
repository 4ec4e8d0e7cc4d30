import {
  ErrorType,
  MessageDirection,
  OutboundMailState,
  ReplyGuardMessages,
  type TNewerMessage,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'

/**
 * Two agents answering at once must not both mail the customer (decision 039). A reply names the newest
 * message of the conversation its draft was written against (`seenMessageId`, null for none but the
 * first mail); a member's reply or a customer's mail newer than that refuses it with 409, naming who
 * wrote and when in `detail`, so the composer can say "Ada replied 1 minute ago". Notes do not count:
 * they tell the team, not the customer, and answering them is no second answer. A withdrawn reply does
 * not count either: the customer never got it, nor do the member's own replies: nobody misses what they
 * sent themselves (and their next reply may be written before the timeline shows the last). The caller
 * holds the ticket's lock, so of two replies sent at the same moment the second sees the first.
 */
export async function refuseStaleDraft(
  tx: TQueryable,
  options: { ticketId: string; seenMessageId: string | null; memberId: string },
): Promise<void> {
  const { rows } = await tx.query<{
    id: string
    direction: 'inbound' | 'outbound'
    from: string
    created_at: Date
    memberName: string | null
  }>(
    `select m.id, m.direction, m."from", m.created_at, nullif(coalesce(nullif(u.name, ''), u.email), '') as "memberName"
     from messages m left join users u on u.id = m."userId" and m.direction = $3
     where m."ticketId" = $1 and m.direction in ($3, $4)
       and m."deliveryState" is distinct from $5
       and not (m.direction = $3 and m."userId" = $6)
       and m.seq > coalesce((select seq from messages where id = $2 and "ticketId" = $1), 0)
     order by m.seq desc limit 1`,
    [
      options.ticketId,
      options.seenMessageId,
      MessageDirection.outbound,
      MessageDirection.inbound,
      OutboundMailState.withdrawn,
      options.memberId,
    ],
  )
  const found = rows[0]
  if (!found) return
  const newer: TNewerMessage = {
    messageId: found.id,
    direction: found.direction,
    author: (found.direction === MessageDirection.outbound && found.memberName) || found.from,
    at: found.created_at.toISOString(),
  }
  throw new AppError(
    ErrorType.documentUpdateConflict,
    ReplyGuardMessages.staleDraft(newer, Date.now()),
    newer,
  )
}
