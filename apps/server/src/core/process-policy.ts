import type { Logger } from 'pino'

export type TProcessPolicyOptions = {
  log: Logger
  /** Stops the server in an orderly way; the policy exits once it resolves or the grace runs out. */
  shutdown(): Promise<void>
  graceMs?: number
}

const SHUTDOWN_GRACE_MS = 10_000

/**
 * What the process does with a failure nothing caught. A rejected promise nobody awaited means one piece
 * of work was lost (its caller moved on), not that the process is broken: it is logged and the server
 * keeps serving, because exiting would let one hostile input stop the service, and every piece of work
 * that matters is a job or a committed row that is retried. A thrown exception nobody caught has unwound
 * a stack mid-way and may have left state half-changed: it is logged, the server shuts down in order,
 * and the supervisor (systemd, the container runtime) starts a fresh process.
 */
export function installProcessPolicy(options: TProcessPolicyOptions): void {
  const { log } = options
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'a promise was rejected and nothing handled it; the server keeps running')
  })
  let isShuttingDown = false
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'an exception was thrown and nothing caught it; shutting down')
    if (isShuttingDown) return
    isShuttingDown = true
    const timer = setTimeout(() => process.exit(1), options.graceMs ?? SHUTDOWN_GRACE_MS)
    timer.unref()
    options.shutdown().finally(() => process.exit(1))
  })
}
