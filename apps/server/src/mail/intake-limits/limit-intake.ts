import { IntakeLimitScope, type TInboundChannel, type TIntakeLimitScope } from '@parsedesk/contracts'
import type { TLog } from '../../core/logger'
import type { TDatabase } from '../../db/database'
import type { TAcceptInboundEmail } from '../inbound/accept-inbound-email'
import { recordFloodingSender } from './flooding-senders-repository'
import { IntakeLimitedError } from './intake-limited-error'
import { type TIntakeLimits, takeIntakeSlot } from './intake-slots'
import { readSender } from './read-sender'

export type TLimitIntakeOptions = {
  db: TDatabase
  limits: TIntakeLimits
  /** The inbound store's door, which a delivery under both limits goes on to. */
  accept: TAcceptInboundEmail
  log: TLog
  /** Told of every deferred delivery (metrics). */
  onLimited?(channel: TInboundChannel, scope: TIntakeLimitScope): void
}

// A flood defers a delivery many times a second; the log says so once a minute per sender or mailbox.
const LOG_EVERY_MS = 60_000

/**
 * The inbound store's door with the intake limits in front (decision 029): a delivery over its sender's
 * or its mailbox's count for the minute is not stored, and the caller gets an IntakeLimitedError to
 * answer "try again later" with. A sender over its own limit is flagged for the dashboard. A delivery
 * that turns out a duplicate, or that fails to be stored, gives its slot back.
 */
export function limitIntake(options: TLimitIntakeOptions): TAcceptInboundEmail {
  const { db, limits, log } = options
  const lastLogged = new Map<string, number>()

  const logDeferral = (key: string, message: string) => {
    const now = Date.now()
    if (now - (lastLogged.get(key) ?? 0) < LOG_EVERY_MS) return
    for (const [seen, at] of lastLogged) if (now - at >= LOG_EVERY_MS) lastLogged.delete(seen)
    lastLogged.set(key, now)
    log(message)
  }

  return async (delivery) => {
    const { mailbox } = delivery
    const sender = readSender(delivery.raw, delivery.envelopeFrom)
    const slot = await takeIntakeSlot(db, { mailboxId: mailbox.id, sender, limits })
    if (!slot.isTaken) {
      options.onLimited?.(delivery.channel, slot.scope)
      const bySender = slot.scope === IntakeLimitScope.sender
      logDeferral(
        bySender ? `${mailbox.id} ${sender}` : mailbox.id,
        `deferring ${delivery.channel} mail to mailbox ${mailbox.id}${bySender ? ` from ${sender}` : ''}: over ${slot.limit} a minute per ${slot.scope}`,
      )
      if (bySender) {
        await recordFloodingSender(db, { mailboxId: mailbox.id, teamId: mailbox.teamId, sender }).catch(
          (error: unknown) => log('could not flag a flooding sender', error),
        )
      }
      throw new IntakeLimitedError(slot.scope, slot.limit, slot.retryAfterSeconds)
    }
    let counts = false
    try {
      const accepted = await options.accept(delivery)
      counts = !accepted.duplicate
      return accepted
    } finally {
      if (!counts)
        await slot.release().catch((error: unknown) => log('could not give back an intake slot', error))
    }
  }
}
