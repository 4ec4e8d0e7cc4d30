import type { TConfig, TServerRole } from '../config/config'
import type { TLog } from '../core/logger'
import type { TStarted } from '../core/module'
import type { TDatabase } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import type { TDeliveryObserver } from './delivery-observer'
import { createOutbox } from './outbox-service'
import { startOutboxSweeper } from './outbox-sweeper'
import type { TLimitName } from './sending-limits'

/** The outbox as one module for server.ts: where every domain queues mail, and its sweeper in the worker role. */
export function createOutboxModule(options: {
  config: TConfig
  db: TDatabase
  queue: TJobQueue
  log: TLog
  /** A limit refused a mail or an invitation (metrics). */
  limited(limit: TLimitName): void
  /** What a swept-up mail's failure is recorded on (the mail module's, built after this one). */
  delivery(): TDeliveryObserver
}) {
  const { config, db, queue, log } = options
  const outbox = createOutbox({
    queue,
    from: config.outbox.from,
    messageIdDomain: config.inboundDomain,
    log,
    limits: config.sendingLimits,
    limited: options.limited,
  })
  return {
    outbox,
    async start(roles: ReadonlySet<TServerRole>): Promise<TStarted | undefined> {
      if (!roles.has('worker')) return undefined
      const sweeper = startOutboxSweeper({
        db,
        queue,
        hasRelay: config.outbox.relayUrl !== undefined,
        delivery: options.delivery(),
        log,
      })
      return { work: () => sweeper.stop() }
    },
  }
}
