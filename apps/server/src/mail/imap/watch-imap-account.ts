import net from 'node:net'
import type { TImapWatchMode } from '@parsedesk/contracts'
import { ImapFlow } from 'imapflow'
import { resolveOutboundAddress, type TOutboundPolicy } from '../../core/outbound-address'
import { describeImapError } from './describe-imap-error'
import { fetchNewMessages, type TAcceptImapMessage } from './fetch-new-messages'
import type { TImapAccountState } from './imap-account-repository'
import { createImapRefusals, type TImapRefusals } from './imap-refusals'

export type TImapConnection = {
  host: string
  port: number
  secure: boolean
  username: string
  password: string
  folder: string
  moveTo: string | null
}

export type TWatchImapAccountOptions = {
  accountId: string
  connection: TImapConnection
  accept: TAcceptImapMessage
  /** Writes the account's status for its owner to see; called only when it changes. */
  report(state: TImapAccountState): Promise<void>
  onChecked(stored: number): Promise<void>
  maxBytes: number
  pollIntervalMs: number
  /** Which hosts it may connect to: the public internet, and what the operator allowed. */
  outbound: TOutboundPolicy
  /** Even with IDLE, look again this often: servers drop long IDLEs and a notice can be missed. */
  idleRecheckMs: number
  backoff: { initialMs: number; maxMs: number }
  log(message: string, error?: unknown): void
}

export type TImapWatcher = { stop(): Promise<void> }

/** A wait that a signal ends early; a signal given while nobody waits ends the next wait at once. */
function createWake() {
  let pending = false
  let resolve: (() => void) | undefined
  return {
    fire() {
      pending = true
      resolve?.()
    },
    async wait(ms: number): Promise<void> {
      if (!pending) {
        await new Promise<void>((done) => {
          const timer = setTimeout(done, ms)
          resolve = () => {
            clearTimeout(timer)
            done()
          }
        })
        resolve = undefined
      }
      pending = false
    },
  }
}

// Mail the intake limits deferred is looked for again this soon at most, so it comes in soon after its
// minute ends (or after the limits' count was moved on) without waiting out a poll or an IDLE recheck.
const DEFERRED_RECHECK_MS = 5_000

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * Keeps one connection to one IMAP account: stores what is unseen, then waits for news with IDLE when
 * the server lists it in CAPABILITY, else polls. Any failure is reported on the account and retried
 * with doubling back-off; nothing here throws into the process.
 */
export function watchImapAccount(options: TWatchImapAccountOptions): TImapWatcher {
  const { connection } = options
  const wake = createWake()
  let stopping = false
  let current: ImapFlow | undefined
  /** The IDLE the watcher is waiting in; any other one settling was ended by the watcher itself. */
  let idleSession: object | undefined
  let lastReported = ''

  const report = async (state: TImapAccountState) => {
    const key = JSON.stringify(state)
    if (key === lastReported) return
    lastReported = key
    await options
      .report(state)
      .catch((error) => options.log('could not record the IMAP account state', error))
  }

  const describe = (error: unknown, hasReachedServer = true) =>
    describeImapError({
      error,
      host: connection.host,
      port: connection.port,
      password: connection.password,
      hasReachedServer,
    })

  async function watch(client: ImapFlow, refusals: TImapRefusals, supportsIdle: boolean) {
    let mode: TImapWatchMode = supportsIdle ? 'idle' : 'poll'
    let closed = false
    client.on('exists', () => wake.fire())
    client.on('close', () => {
      closed = true
      wake.fire()
    })
    while (!stopping && !closed) {
      const result = await fetchNewMessages({
        client,
        accountId: options.accountId,
        moveTo: connection.moveTo,
        maxBytes: options.maxBytes,
        accept: options.accept,
        isStopping: () => stopping,
        takeRefusal: refusals.take,
      })
      const oversized = result.tooLarge[0]
      await report({
        status: 'connected',
        mode,
        lastError: oversized
          ? `A message of ${megabytes(oversized.size)} (UID ${oversized.uid}) is over the ${megabytes(options.maxBytes)} limit and was left unread`
          : null,
      })
      await options.onChecked(result.stored)
      if (stopping || closed) break
      const deferredMs =
        result.deferredForSeconds === undefined
          ? Number.POSITIVE_INFINITY
          : Math.min(result.deferredForSeconds * 1000, DEFERRED_RECHECK_MS)
      if (mode === 'idle') {
        const session = {}
        idleSession = session
        // Settles when our next command breaks it. Settling before that means the server ended IDLE
        // (or imapflow did, after a quiet socket) and news would go unheard until the next recheck:
        // look again at once, and poll from then on if the server refused IDLE (false).
        void client.idle().then((ok) => {
          if (idleSession !== session) return
          if (ok === false && client.usable) {
            options.log(`IMAP account ${options.accountId}: the server refused IDLE, polling instead`)
            mode = 'poll'
          }
          wake.fire()
        })
        await wake.wait(Math.min(options.idleRecheckMs, deferredMs))
        idleSession = undefined
      } else {
        await wake.wait(Math.min(options.pollIntervalMs, deferredMs))
      }
    }
    if (closed && !stopping) throw Object.assign(new Error('connection closed'), { code: 'NoConnection' })
  }

  async function run() {
    let failures = 0
    while (!stopping) {
      // Until the server greets us, any failure reads the same: which ports answer must not show.
      let hasReachedServer = false
      let address: string
      try {
        address = await resolveOutboundAddress(connection.host, options.outbound)
      } catch (error) {
        failures += 1
        await report({ status: 'error', lastError: describe(error, false) })
        await wake.wait(Math.min(options.backoff.maxMs, options.backoff.initialMs * 2 ** (failures - 1)))
        continue
      }
      const refusals = createImapRefusals()
      const client = new ImapFlow({
        // The address that was checked, never the name again: a second lookup could answer otherwise.
        host: address,
        servername: net.isIP(connection.host) ? undefined : connection.host,
        port: connection.port,
        secure: connection.secure,
        auth: { user: connection.username, pass: connection.password },
        logger: refusals.logger,
        disableAutoIdle: true,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        // Our own limit is checked before a body is fetched; this bounds what a hostile server can send.
        maxLiteralSize: options.maxBytes * 2,
      })
      // Without a listener an 'error' event would be thrown, and take the worker down with it.
      client.on('error', (error) =>
        options.log(`IMAP account ${options.accountId}: ${describe(error, hasReachedServer)}`),
      )
      current = client
      try {
        // While retrying after a failure the owner keeps seeing that failure, not a flicker of 'connecting'.
        if (failures === 0) await report({ status: 'connecting', lastError: null })
        await client.connect()
        hasReachedServer = true
        await client.mailboxOpen(connection.folder)
        if (connection.moveTo) await client.mailboxCreate(connection.moveTo).catch(() => undefined)
        failures = 0
        await watch(client, refusals, client.capabilities.has('IDLE'))
      } catch (error) {
        if (stopping) break
        failures += 1
        await report({ status: 'error', lastError: describe(error, hasReachedServer) })
        const delay = Math.min(options.backoff.maxMs, options.backoff.initialMs * 2 ** (failures - 1))
        await wake.wait(delay)
      } finally {
        current = undefined
        client.close()
      }
    }
  }

  const running = run().catch((error) => options.log(`IMAP account ${options.accountId} stopped`, error))
  return {
    async stop() {
      stopping = true
      wake.fire()
      current?.close()
      await running
    },
  }
}
