import {
  ErrorType,
  OutboundMailKind,
  OutboundMailState,
  ReplyMessages,
  type TTicketRow,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'

/** A merged duplicate's conversation goes on on the ticket it was merged into: 409, naming that ticket. */
export async function refuseMerged(tx: TQueryable, ticket: TTicketRow): Promise<void> {
  const targetId = ticket.mergedIntoId
  if (targetId === null) return
  const { rows } = await tx.query<{ number: number }>('select "number" from tickets where id = $1', [
    targetId,
  ])
  const target = rows[0]
  if (target)
    throw new AppError(ErrorType.documentUpdateConflict, ReplyMessages.mergedInto(target.number, targetId))
}

// An SMTP reply code (`550 ...`), or a report's status code when the report kept no reply (`5.4.4 ...`).
const PERMANENT_FAILURE = /^5(\d\d|\.\d{1,3}\.\d{1,3})\b/

/**
 * An address refused for good (a 5xx) on the workspace's last written reply to it that went either way:
 * by the relay, or by a server after it whose delivery status notification came back to the parsing
 * address (ingest fails the reply with that server's words). 409 with those words, unless the member
 * sends with `force` (the customer fixed their mailbox, or the refusal was a mistake). A later reply that
 * was sent clears it, even when the earlier one's bounce comes back after it: replies are ranked by when
 * they were written, not by when their outcome arrived. Decision 016.
 */
export async function refuseBounced(
  tx: TQueryable,
  options: { teamId: string; address: string },
): Promise<void> {
  const { rows } = await tx.query<{ state: string; lastError: string | null; updated_at: Date }>(
    `select o."state", o."lastError", o.updated_at from outbox o
       join messages m on m."mailId" = o.id and m."teamId" = $1
     where o."to" ? $2 and o."kind" = $3 and o."state" in ($4, $5)
     order by o.created_at desc, o.seq desc limit 1`,
    [
      options.teamId,
      options.address,
      OutboundMailKind.reply,
      OutboundMailState.sent,
      OutboundMailState.failed,
    ],
  )
  const last = rows[0]
  if (last?.state !== OutboundMailState.failed || !PERMANENT_FAILURE.test(last.lastError ?? '')) return
  throw new AppError(
    ErrorType.documentUpdateConflict,
    ReplyMessages.bounced(options.address, last.updated_at.toISOString().slice(0, 10), last.lastError ?? ''),
  )
}
