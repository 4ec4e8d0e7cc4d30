import crypto from 'node:crypto'
import os from 'node:os'
import type { TLog } from '../../core/logger'
import type { TOutboundPolicy } from '../../core/outbound-address'
import type { TDatabase } from '../../db/database'
import type { TCollectionDefinition } from '../../documents/collection'
import { publishDocumentEvent } from '../../documents/publish-document-event'
import type { TEventBus } from '../../realtime/event-bus'
import type { TMailboxRow } from '../mailboxes/mailbox-repository'
import {
  claimImapAccounts,
  recordImapCheck,
  releaseImapLeases,
  type TImapAccountRow,
  updateImapAccountState,
} from './imap-account-repository'
import type { TSecretBox } from './secret-box'
import { type TImapWatcher, watchImapAccount } from './watch-imap-account'

export type TAcceptImapEmail = (options: {
  mailbox: Pick<TMailboxRow, 'id' | 'userId' | 'teamId'>
  raw: Buffer
  channel: 'imap'
  externalId: string
}) => Promise<{ inboundId: string; duplicate: boolean }>

export type TStartImapPollerOptions = {
  db: TDatabase
  bus: TEventBus
  collection: TCollectionDefinition
  secretBox: TSecretBox
  accept: TAcceptImapEmail
  maxBytes: number
  pollIntervalMs: number
  outbound: TOutboundPolicy
  /** How often accounts added, changed or removed are picked up, and leases renewed. */
  reloadIntervalMs?: number
  leaseSeconds?: number
  log: TLog
}

export type TImapPoller = { stop(): Promise<void> }

const RELOAD_INTERVAL_MS = 2_000
const LEASE_SECONDS = 60
const MAX_ACCOUNTS_PER_PROCESS = 1_000
const IDLE_RECHECK_MS = 5 * 60_000
const BACKOFF = { initialMs: 5_000, maxMs: 5 * 60_000 }

/** What the watcher depends on; when it changes the connection is made again. */
function fingerprint(row: TImapAccountRow): string {
  return JSON.stringify([row.host, row.port, row.secure, row.username, row.password, row.folder, row.moveTo])
}

/**
 * The worker role's IMAP side: one watcher (one connection) per enabled account this process holds the
 * lease of. Accounts are re-read every couple of seconds, so a new, edited, disabled or deleted account
 * takes effect without a restart, and an account of a worker that died moves to another once its lease ends.
 */
export function startImapPoller(options: TStartImapPollerOptions): TImapPoller {
  const { db } = options
  const { log } = options
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS
  const watchers = new Map<string, { fingerprint: string; watcher: TImapWatcher }>()
  let stopping = false
  let timer: NodeJS.Timeout | undefined

  const publish = async (row: TImapAccountRow | undefined) => {
    if (row) await publishDocumentEvent({ bus: options.bus, def: options.collection, action: 'update', row })
  }

  function startWatcher(row: TImapAccountRow): TImapWatcher {
    const report = async (state: Parameters<typeof updateImapAccountState>[1]['state']) =>
      publish(await updateImapAccountState(db, { id: row.id, owner, state }))
    let password: string
    try {
      password = options.secretBox.open(row.password)
    } catch {
      void report({
        status: 'error',
        lastError: "The stored password cannot be read with this server's key: enter it again",
      }).catch((error) => log('could not record the IMAP account state', error))
      return { stop: async () => undefined }
    }
    return watchImapAccount({
      accountId: row.id,
      connection: { ...row, password },
      accept: ({ raw, externalId }) =>
        options.accept({
          mailbox: { id: row.mailboxId, userId: row.userId, teamId: row.teamId },
          raw,
          channel: 'imap',
          externalId,
        }),
      report,
      onChecked: async (stored) => publish(await recordImapCheck(db, { id: row.id, fetched: stored })),
      maxBytes: options.maxBytes,
      pollIntervalMs: options.pollIntervalMs,
      outbound: options.outbound,
      idleRecheckMs: IDLE_RECHECK_MS,
      backoff: BACKOFF,
      log,
    })
  }

  async function reload() {
    const rows = await claimImapAccounts(db, { owner, leaseSeconds, limit: MAX_ACCOUNTS_PER_PROCESS })
    await releaseImapLeases(db, { owner, keep: rows.map((r) => r.id) })
    const seen = new Set<string>()
    for (const row of rows) {
      seen.add(row.id)
      const print = fingerprint(row)
      const existing = watchers.get(row.id)
      if (existing?.fingerprint === print) continue
      await existing?.watcher.stop()
      watchers.set(row.id, { fingerprint: print, watcher: startWatcher(row) })
    }
    for (const [id, { watcher }] of watchers) {
      if (seen.has(id)) continue
      watchers.delete(id)
      await watcher.stop()
    }
  }

  let inFlight: Promise<void> = Promise.resolve()
  const tick = () => {
    inFlight = reload()
      .catch((error) => log('could not load the IMAP accounts', error))
      .then(() => {
        if (!stopping) timer = setTimeout(tick, options.reloadIntervalMs ?? RELOAD_INTERVAL_MS)
      })
  }
  tick()

  return {
    async stop() {
      stopping = true
      clearTimeout(timer)
      await inFlight
      await Promise.all([...watchers.values()].map(({ watcher }) => watcher.stop()))
      watchers.clear()
      await releaseImapLeases(db, { owner, keep: [] }).catch((error) =>
        log('could not release IMAP leases', error),
      )
    },
  }
}
