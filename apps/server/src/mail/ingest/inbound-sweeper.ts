import type { TLog } from '../../core/logger'
import type { TDatabase } from '../../db/database'
import { repeatSweep, type TRepeatingSweep } from '../../jobs/repeat-sweep'
import {
  ABANDONED_CLAIM,
  findExhaustedDeliveries,
  INGEST_POLICY,
  requeueExhausted,
  type TExhaustedDelivery,
} from '../inbound/inbound-queue'
import { recordNoTicketOutcome } from './record-no-ticket-outcome'

const SWEEP_LIMIT = 500
/**
 * Rounds of tries a delivery gets after the first one's last try failed without deciding it (the process
 * died on it, or the database was away for the whole round). A mail that kills its worker every time
 * costs this many rounds, then is rejected: never a loop that keeps taking the service down.
 */
export const MAX_INBOUND_REQUEUES = 2

export type TSweepResult = { requeued: string[]; rejected: string[] }

/**
 * Deliveries out of tries and still undecided (every try's worker died, or the last try's rejection could
 * not be written): each gets its tries back for another round or, after MAX_INBOUND_REQUEUES rounds, is
 * recorded as rejected with what its last try left. Those with tries left are the queue's.
 */
export async function sweepPendingInbound(options: { db: TDatabase }): Promise<TSweepResult> {
  const result: TSweepResult = { requeued: [], rejected: [] }
  for (const inbound of await findExhaustedDeliveries(options.db, SWEEP_LIMIT)) {
    if (inbound.requeues >= MAX_INBOUND_REQUEUES) {
      if (await rejectExhausted(options.db, inbound)) result.rejected.push(inbound.id)
    } else if (await requeueExhausted(options.db, inbound.id)) {
      result.requeued.push(inbound.id)
    }
  }
  return result
}

function rejectExhausted(db: TDatabase, inbound: TExhaustedDelivery): Promise<boolean> {
  const rounds = inbound.requeues + 1
  return recordNoTicketOutcome(db, {
    inboundId: inbound.id,
    mailboxId: inbound.mailboxId,
    outcome: {
      status: 'rejected',
      reason: `processing failed in ${rounds} rounds of ${INGEST_POLICY.maxAttempts} tries; the last: ${inbound.lastError ?? ABANDONED_CLAIM}`,
    },
    from: inbound.envelopeFrom,
  })
}

/** Sweeps at start and then every `intervalSeconds`, one sweep at a time, until stopped. */
export function startInboundSweeper(options: {
  db: TDatabase
  intervalSeconds: number
  log: TLog
  /** Told when deliveries got their tries back, so a worker claims them now. */
  onRequeued(): void
}): TRepeatingSweep {
  const { log } = options
  return repeatSweep({
    what: 'inbound sweep',
    intervalSeconds: options.intervalSeconds,
    log,
    async sweep() {
      const { requeued, rejected } = await sweepPendingInbound(options)
      if (requeued.length > 0) {
        log(`inbound sweeper gave ${requeued.length} email(s) out of tries another round`)
        options.onRequeued()
      }
      if (rejected.length > 0) log(`inbound sweeper rejected ${rejected.length} email(s) out of tries`)
    },
  })
}
