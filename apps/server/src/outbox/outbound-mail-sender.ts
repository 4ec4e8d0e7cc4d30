import { OutboundMailKind, OutboundMailState } from '@parsedesk/contracts'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable } from '../db/database'
import type { TJobAttempt } from '../jobs/job-definition'
import {
  MissingAttachmentError,
  type TDeliveryObserver,
  type TMailAttachment,
  type TOpenAttachments,
} from './delivery-observer'
import {
  claimOutboxRow,
  recordFailed,
  recordNotSent,
  recordRetry,
  recordSent,
  type TOutboxRow,
} from './outbox-repository'
import { describeRelayFailure } from './relay-failure'
import type { TReturnPath } from './return-path'
import type { TSmtpRelay } from './smtp-relay'

export type TOutboundMailSender = {
  /** One try at one mail; throws only when another try should follow. */
  send(options: { mailId: string; attempt: TJobAttempt }): Promise<void>
}

/**
 * Sends a queued mail through the relay and records what the relay said: 250 is `sent`, a 5xx `failed`
 * at once, anything else is tried again until the last try leaves it `failed`. Without a relay the mail
 * is kept as `not-sent`. Each final state is told to `delivery` in the transaction that records it.
 */
export function createOutboundMailSender(deps: {
  db: TDatabase
  relay: TSmtpRelay | undefined
  log: TLog
  delivery?: TDeliveryObserver
  openAttachments?: TOpenAttachments
  /** The envelope sender of replies, so only a report at it is about them (decision 028). */
  returnPath?: TReturnPath
}): TOutboundMailSender {
  const { db, relay, log, delivery } = deps

  /** Moves the mail in one transaction with what its observer writes, then lets the observer announce it. */
  async function settle(
    move: (tx: TQueryable) => Promise<{ row: TOutboxRow; before: TOutboxRow['state'] } | undefined>,
  ): Promise<void> {
    const change = await db.transaction(async (tx) => {
      const moved = await move(tx)
      if (moved && delivery) await delivery.record(tx, { mail: moved.row, before: moved.before })
      return moved
    })
    if (change && delivery)
      await delivery
        .announce({ mail: change.row, before: change.before })
        .catch((error: unknown) => log(`could not announce the delivery of mail ${change.row.id}`, error))
  }
  const fromSending = (row: TOutboxRow | undefined) =>
    row && { row, before: OutboundMailState.sending as TOutboxRow['state'] }

  return {
    async send({ mailId, attempt }) {
      if (!relay) {
        await settle((tx) => recordNotSent(tx, mailId))
        return
      }
      const claim = { id: mailId, jobId: attempt.jobId }
      const mail = await claimOutboxRow(db, claim)
      // Sent, failed, kept, or held by another job's run: this job has nothing to send.
      if (!mail) return
      let refused: string[]
      try {
        const attachments: TMailAttachment[] =
          mail.attachments.length > 0 && deps.openAttachments ? await deps.openAttachments(mail) : []
        const returnPath =
          mail.kind === OutboundMailKind.reply ? deps.returnPath?.addressOf(mail.id) : undefined
        ;({ refused } = await relay.send(mail, { attachments, ...(returnPath ? { returnPath } : {}) }))
      } catch (error) {
        const failure =
          error instanceof MissingAttachmentError
            ? { isPermanent: true, reason: error.message }
            : describeRelayFailure(error)
        if (failure.isPermanent || attempt.isLast) {
          await settle(async (tx) => fromSending(await recordFailed(tx, claim, failure.reason)))
          log(`outbound mail ${mailId} failed after ${mail.attempts} tries: ${failure.reason}`)
          return
        }
        await recordRetry(db, claim, failure.reason)
        throw new Error(failure.reason)
      }
      // Past the relay's 250: a crash or a failed write from here on sends the mail again (decision 008).
      const note = refused.length > 0 ? `refused by the relay: ${refused.join('; ')}` : null
      await settle(async (tx) => fromSending(await recordSent(tx, claim, note)))
    },
  }
}
