import { ErrorType, OutboundMailKind, OutboundMailState, ReplyMessages } from '@parsedesk/contracts'
import { AppError } from '../../core/app-error'
import type { TQueryable } from '../../db/database'
import type { TDocumentRow } from '../../documents/collection'

/** A merged duplicate's conversation goes on on the ticket it was merged into: 409, naming that ticket. */
export async function refuseMerged(tx: TQueryable, ticket: TDocumentRow): Promise<void> {
  const targetId = ticket.mergedIntoId
  if (typeof targetId !== 'string') return
  const { rows } = await tx.query<{ number: number }>('select "number" from tickets where id = $1', [
    targetId,
  ])
  const target = rows[0]
  if (target)
    throw new AppError(
      ErrorType.documentUpdateConflict,
      ReplyMessages.mergedInto(Number(target.number), targetId),
    )
}

/**
 * An address the relay refused for good (a 5xx) on the workspace's last reply to it that went either way:
 * 409 with the relay's words, unless the member sends with `force` (the customer fixed their mailbox, or
 * the refusal was the relay's mistake). A later reply that was sent clears it. Mail bounced after the
 * relay took it (a DSN back to the parsing address) is not known here; decision 016.
 */
export async function refuseBounced(
  tx: TQueryable,
  options: { teamId: string; address: string },
): Promise<void> {
  const { rows } = await tx.query<{ state: string; lastError: string | null; updated_at: Date }>(
    `select o."state", o."lastError", o.updated_at from outbox o
       join messages m on m."mailId" = o.id and m."teamId" = $1
     where o."to" ? $2 and o."kind" = $3 and o."state" in ($4, $5)
     order by o.updated_at desc limit 1`,
    [
      options.teamId,
      options.address,
      OutboundMailKind.reply,
      OutboundMailState.sent,
      OutboundMailState.failed,
    ],
  )
  const last = rows[0]
  if (last?.state !== OutboundMailState.failed || !/^5\d\d/.test(last.lastError ?? '')) return
  throw new AppError(
    ErrorType.documentUpdateConflict,
    ReplyMessages.bounced(options.address, last.updated_at.toISOString().slice(0, 10), last.lastError ?? ''),
  )
}
