import type { TDatabase } from '../../db/database'
import { lockPendingInbound } from '../inbound/inbound-repository'
import { countOnMailbox, OUTCOME_COUNTER } from '../mailboxes/mailbox-repository'
import { recordInboundOutcomes } from './batch-decisions-repository'

export type TNoTicketOutcome = { status: 'rejected' | 'loop' | 'bounce' | 'auto-reply'; reason: string }

export type TRecordNoTicketOutcomeOptions = {
  inboundId: string
  mailboxId: string
  outcome: TNoTicketOutcome
  /** What the mail showed of itself, when it was read; the envelope sender otherwise. */
  from: string | null
  subject?: string | null
  messageId?: string | null
}

/**
 * Decides a delivery that becomes no ticket, with its mailbox counter, in one transaction. False when
 * another run decided it first.
 */
export async function recordNoTicketOutcome(
  db: TDatabase,
  options: TRecordNoTicketOutcomeOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockPendingInbound(tx, options.inboundId))) return false
    await recordInboundOutcomes(tx, [
      {
        inboundId: options.inboundId,
        status: options.outcome.status,
        reason: options.outcome.reason,
        from: options.from,
        subject: options.subject ?? null,
        messageId: options.messageId ?? null,
      },
    ])
    await countOnMailbox(tx, {
      mailboxId: options.mailboxId,
      counter: OUTCOME_COUNTER[options.outcome.status],
    })
    return true
  })
}
