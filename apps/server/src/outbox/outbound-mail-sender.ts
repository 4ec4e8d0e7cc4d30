import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'
import type { TJobAttempt } from '../jobs/job-definition'
import { claimOutboxRow, recordFailed, recordNotSent, recordRetry, recordSent } from './outbox-repository'
import { describeRelayFailure } from './relay-failure'
import type { TSmtpRelay } from './smtp-relay'

export type TOutboundMailSender = {
  /** One try at one mail; throws only when another try should follow. */
  send(options: { mailId: string; attempt: TJobAttempt }): Promise<void>
}

/**
 * Sends a queued mail through the relay and records what the relay said: 250 is `sent`, a 5xx `failed`
 * at once, anything else is tried again until the last try leaves it `failed`. Without a relay the mail
 * is kept as `not-sent`.
 */
export function createOutboundMailSender(deps: {
  db: TQueryable
  relay: TSmtpRelay | undefined
  log: TLog
}): TOutboundMailSender {
  const { db, relay, log } = deps
  return {
    async send({ mailId, attempt }) {
      if (!relay) {
        await recordNotSent(db, mailId)
        return
      }
      const claim = { id: mailId, jobId: attempt.jobId }
      const mail = await claimOutboxRow(db, claim)
      // Sent, failed, kept, or held by another job's run: this job has nothing to send.
      if (!mail) return
      let refused: string[]
      try {
        ;({ refused } = await relay.send(mail))
      } catch (error) {
        const failure = describeRelayFailure(error)
        if (failure.isPermanent || attempt.isLast) {
          await recordFailed(db, claim, failure.reason)
          log(`outbound mail ${mailId} failed after ${mail.attempts} tries: ${failure.reason}`)
          return
        }
        await recordRetry(db, claim, failure.reason)
        throw new Error(failure.reason)
      }
      // Past the relay's 250: a crash or a failed write from here on sends the mail again (decision 008).
      await recordSent(db, claim, refused.length > 0 ? `refused by the relay: ${refused.join('; ')}` : null)
    },
  }
}
