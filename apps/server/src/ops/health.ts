import type { TLog } from '../core/logger'
import type { THealthCheck } from '../core/module'

export type { THealthCheck }

export type TReadiness = {
  status: 'ready' | 'not ready'
  /** Every check by name: `ok` or what is wrong. */
  checks: Record<string, string>
  /** The names of the failing checks, for a load balancer's log or a person reading the 503. */
  failing: string[]
  /** What an operator reads beside the checks without it making the process unready (the intake's backlog). */
  details?: Record<string, unknown>
}

// A probe answers within this even when a check hangs (a database that accepts but never answers).
const CHECK_TIMEOUT_MS = 2_000

/**
 * Readiness: every check passes, and the process is not stopping. The reasons are short and fixed
 * ("unreachable", "2 not applied"), so the public endpoint tells nothing of hosts or credentials;
 * the underlying error goes to the log.
 */
export function createReadiness(options: {
  checks: THealthCheck[]
  log: TLog
  /** Read with the checks; a failed read is left out and logged. */
  details?(): Promise<Record<string, unknown>>
}) {
  let stopping = false
  const run = async (check: THealthCheck): Promise<string | undefined> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer in ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS)
    })
    try {
      return await Promise.race([check.problem(), timeout])
    } catch (error) {
      options.log(`health check ${check.name} failed`, error)
      return 'failed'
    } finally {
      clearTimeout(timer)
    }
  }
  // Bounded like a check, so a hanging database never holds the probe.
  const readDetails = async (): Promise<Record<string, unknown> | undefined> => {
    if (!options.details) return undefined
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), CHECK_TIMEOUT_MS)
    })
    try {
      return await Promise.race([options.details(), timeout])
    } catch (error) {
      options.log('reading health details failed', error)
      return undefined
    } finally {
      clearTimeout(timer)
    }
  }
  return {
    async read(): Promise<TReadiness> {
      const [problems, details] = await Promise.all([Promise.all(options.checks.map(run)), readDetails()])
      const checks: Record<string, string> = {}
      for (const [index, check] of options.checks.entries()) checks[check.name] = problems[index] ?? 'ok'
      if (stopping) checks.shutdown = 'stopping'
      const failing = Object.keys(checks).filter((name) => checks[name] !== 'ok')
      return {
        status: failing.length === 0 ? 'ready' : 'not ready',
        checks,
        failing,
        ...(details ? { details } : {}),
      }
    },
    /** From now on not ready: a load balancer stops sending work while what is in flight finishes. */
    markStopping() {
      stopping = true
    },
  }
}

export type TReadinessProbe = ReturnType<typeof createReadiness>
