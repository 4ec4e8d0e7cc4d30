import type { TConfig, TServerRole } from '../../config/config'
import type { TLog } from '../../core/logger'
import type { TStarted } from '../../core/module'
import type { TDatabase } from '../../db/database'
import type { TEventBus } from '../../realtime/event-bus'
import { createImapAccountsCollection } from './imap-accounts-collection'
import { createSecretBox, loadSecretKey } from './secret-box'
import { startImapPoller, type TAcceptImapEmail } from './start-imap-poller'

export type TCreateImapModuleOptions = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  /** The inbound store's door (the mail module's `accept`). */
  accept: TAcceptImapEmail
  log: TLog
}

/**
 * IMAP as one module for server.ts: the `imap_accounts` collection for the http role, and the poller that
 * the worker role runs (IMAP is outbound connections, like the jobs, so no role of its own is needed).
 */
export function createImapModule(options: TCreateImapModuleOptions) {
  const { config } = options
  const secretBox = createSecretBox(loadSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir }))
  const collection = createImapAccountsCollection({
    secretBox,
    inboundDomain: config.inboundDomain,
    outbound: config.outboundPolicy,
  })
  return {
    collections: [collection],
    /** The worker role polls (IMAP is outbound connections, like the jobs). */
    async start(roles: ReadonlySet<TServerRole>): Promise<TStarted | undefined> {
      if (!roles.has('worker')) return undefined
      const poller = startImapPoller({
        db: options.db,
        bus: options.bus,
        collection,
        secretBox,
        accept: options.accept,
        maxBytes: config.smtp.maxBytes,
        pollIntervalMs: config.imapPollSeconds * 1000,
        outbound: config.outboundPolicy,
        log: options.log,
      })
      return { work: () => poller.stop() }
    },
  }
}
